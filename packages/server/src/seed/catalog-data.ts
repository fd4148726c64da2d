/**
 * The demo catalog: a deterministic list of Acer products (same output on every run) and the demo customers.
 * Every item lists once under its own condition, and once more when it is also offered as scratch-and-dent.
 */
import { unitPrice } from '@shop/domain/catalog/pricing';
import { type PriceBreak, parseBreaksCell } from '@shop/domain/catalog/volume-prices';
import type { ProductInput } from './types';

export interface DemoContact {
  contact_person_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  username: string;
  password: string;
}

export interface DemoCustomer {
  customer_id: string;
  company: string;
  percentage: number;
  contact: DemoContact;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    customer_id: 'C10001',
    company: 'Northwind Systems Inc.',
    percentage: 15,
    contact: {
      contact_person_id: 'CP10001',
      first_name: 'Olivia',
      last_name: 'Martin',
      email: 'olivia.martin@northwind.example',
      phone_number: '4165550101',
      username: 'C10001',
      password: 'Demo@10001',
    },
  },
  {
    customer_id: 'C10002',
    company: 'Maple Leaf Logistics Ltd.',
    percentage: 10,
    contact: {
      contact_person_id: 'CP10002',
      first_name: 'Liam',
      last_name: 'Tremblay',
      email: 'liam.tremblay@mapleleaf.example',
      phone_number: '6135550102',
      username: 'C10002',
      password: 'Demo@10002',
    },
  },
];

/** The demo back-office sign-in (README's demo table). */
export const DEMO_STAFF = [
  { email: 'seller@example.com', name: 'Demo Seller', role: 'owner', password: 'Demo@Seller1' },
] as const;

// ---------------------------------------------------------------------------------------------------------
// Random numbers

const SEED = 0x5eed_ace2;

class Rand {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Shared vocabulary

export type ImageKind =
  | 'notebook'
  | 'desktop'
  | 'aio'
  | 'chromebook'
  | 'monitor'
  | 'tablet'
  | 'accessory'
  | 'bag'
  | 'charger'
  | 'dock'
  | 'gpu'
  | 'headset'
  | 'mouse'
  | 'phone'
  | 'warranty'
  | 'chromebox';

type SpecFields = Pick<
  ProductInput,
  | 'product_category'
  | 'product_series'
  | 'processor_type'
  | 'processor_speed'
  | 'standard_memory'
  | 'screen_size'
  | 'screen_resolution'
  | 'graphics_card'
  | 'solid_state_drive'
  | 'touchscreen'
  | 'operating_system'
  | 'color'
  | 'refresh_rate'
>;

/** What a segment builder decides about one item; the generator adds ids, condition, stock and flags. */
interface Built {
  name: string;
  kind: ImageKind;
  skuPrefix: string;
  /** Brand-new list price in dollars, before rounding to .99. */
  price: number;
  minPrice: number;
  maxPrice: number;
  description: string;
  details: string[];
  /** The same description and details in French. */
  descriptionFr: string;
  detailsFr: string[];
  fields: Partial<SpecFields>;
  /** Share of items in this segment that are recertified. */
  recertified: number;
}

interface Cpu {
  model: string;
  type: string;
  speed: string;
  add: number;
  igpu: string;
}

const cpu = (model: string, type: string, speed: string, add: number, igpu: string): Cpu => ({
  model,
  type,
  speed,
  add,
  igpu,
});

const IRIS = 'Intel Iris Xe';
const UHD = 'Intel UHD Graphics';
const ARC = 'Intel Arc';
const RADEON = 'AMD Radeon';

const C = {
  n100: cpu('Intel Processor N100', 'Intel Processor', '3.4 GHz', 0, UHD),
  i3n305: cpu('Intel Core i3-N305', 'Intel Core i3', '3.8 GHz', 60, UHD),
  i31215u: cpu('Intel Core i3-1215U', 'Intel Core i3', '4.4 GHz', 60, UHD),
  i31315u: cpu('Intel Core i3-1315U', 'Intel Core i3', '4.5 GHz', 70, UHD),
  i51235u: cpu('Intel Core i5-1235U', 'Intel Core i5', '4.4 GHz', 140, IRIS),
  i51335u: cpu('Intel Core i5-1335U', 'Intel Core i5', '4.6 GHz', 160, IRIS),
  i512500h: cpu('Intel Core i5-12500H', 'Intel Core i5', '4.5 GHz', 190, IRIS),
  i513420h: cpu('Intel Core i5-13420H', 'Intel Core i5', '4.6 GHz', 210, UHD),
  i71255u: cpu('Intel Core i7-1255U', 'Intel Core i7', '4.7 GHz', 280, IRIS),
  i71355u: cpu('Intel Core i7-1355U', 'Intel Core i7', '5.0 GHz', 300, IRIS),
  i713620h: cpu('Intel Core i7-13620H', 'Intel Core i7', '4.9 GHz', 360, UHD),
  i714650hx: cpu('Intel Core i7-14650HX', 'Intel Core i7', '5.2 GHz', 480, UHD),
  i914900hx: cpu('Intel Core i9-14900HX', 'Intel Core i9', '5.8 GHz', 800, UHD),
  u5115u: cpu('Intel Core Ultra 5 115U', 'Intel Core Ultra 5', '4.2 GHz', 220, 'Intel Graphics'),
  u5125u: cpu('Intel Core Ultra 5 125U', 'Intel Core Ultra 5', '4.3 GHz', 240, 'Intel Graphics'),
  u5125h: cpu('Intel Core Ultra 5 125H', 'Intel Core Ultra 5', '4.5 GHz', 280, ARC),
  u7155h: cpu('Intel Core Ultra 7 155H', 'Intel Core Ultra 7', '4.8 GHz', 450, ARC),
  r37320c: cpu('AMD Ryzen 3 7320C', 'AMD Ryzen 3', '4.1 GHz', 0, RADEON),
  r57520c: cpu('AMD Ryzen 5 7520C', 'AMD Ryzen 5', '4.3 GHz', 80, RADEON),
  r57530u: cpu('AMD Ryzen 5 7530U', 'AMD Ryzen 5', '4.5 GHz', 120, RADEON),
  r77730u: cpu('AMD Ryzen 7 7730U', 'AMD Ryzen 7', '4.5 GHz', 260, RADEON),
  r77840hs: cpu('AMD Ryzen 7 7840HS', 'AMD Ryzen 7', '5.1 GHz', 400, RADEON),
  r78845hs: cpu('AMD Ryzen 7 8845HS', 'AMD Ryzen 7', '5.1 GHz', 420, RADEON),
  i313100: cpu('Intel Core i3-13100', 'Intel Core i3', '4.5 GHz', 60, 'Intel UHD Graphics 730'),
  i314100: cpu('Intel Core i3-14100', 'Intel Core i3', '4.7 GHz', 80, 'Intel UHD Graphics 730'),
  i513400: cpu('Intel Core i5-13400', 'Intel Core i5', '4.6 GHz', 180, 'Intel UHD Graphics 730'),
  i514400: cpu('Intel Core i5-14400', 'Intel Core i5', '4.7 GHz', 200, 'Intel UHD Graphics 730'),
  i514400f: cpu('Intel Core i5-14400F', 'Intel Core i5', '4.7 GHz', 180, ''),
  i713700: cpu('Intel Core i7-13700', 'Intel Core i7', '5.2 GHz', 400, 'Intel UHD Graphics 770'),
  i714700: cpu('Intel Core i7-14700', 'Intel Core i7', '5.4 GHz', 450, 'Intel UHD Graphics 770'),
  i714700f: cpu('Intel Core i7-14700F', 'Intel Core i7', '5.4 GHz', 420, ''),
  i914900k: cpu('Intel Core i9-14900K', 'Intel Core i9', '6.0 GHz', 800, 'Intel UHD Graphics 770'),
  mtkk500: cpu('MediaTek Kompanio 500', 'MediaTek Kompanio', '2.0 GHz', 0, 'Mali-G72'),
  helioP22: cpu('MediaTek Helio P22T', 'MediaTek Helio', '2.3 GHz', 0, 'PowerVR GE8320'),
  helioG99: cpu('MediaTek Helio G99', 'MediaTek Helio', '2.2 GHz', 40, 'Mali-G57'),
  dim6300: cpu('MediaTek Dimensity 6300', 'MediaTek Dimensity', '2.4 GHz', 0, 'Mali-G57'),
  dim7300: cpu('MediaTek Dimensity 7300', 'MediaTek Dimensity', '2.5 GHz', 120, 'Mali-G615'),
};

interface Gpu {
  name: string;
  add: number;
}
const gpu = (name: string, add: number): Gpu => ({ name, add });
const G = {
  rtx2050: gpu('NVIDIA GeForce RTX 2050', 100),
  rtx3050: gpu('NVIDIA GeForce RTX 3050', 200),
  rtx4050: gpu('NVIDIA GeForce RTX 4050', 350),
  rtx4060: gpu('NVIDIA GeForce RTX 4060', 500),
  rtx4060ti: gpu('NVIDIA GeForce RTX 4060 Ti', 600),
  rtx4070: gpu('NVIDIA GeForce RTX 4070', 800),
  rtx4070s: gpu('NVIDIA GeForce RTX 4070 SUPER', 950),
  rtx4080: gpu('NVIDIA GeForce RTX 4080', 1400),
  rtx4080s: gpu('NVIDIA GeForce RTX 4080 SUPER', 1450),
  rtx4090: gpu('NVIDIA GeForce RTX 4090', 2000),
};

interface Panel {
  size: string;
  res: string;
  /** Marketing name used in item names, e.g. 'WUXGA' or '2.8K OLED'. */
  label: string;
  tech: string;
  hz: string;
  /** Probability that a unit has a touch panel. */
  touch: number;
}
const panel = (size: string, res: string, label: string, tech: string, hz: string, touch = 0): Panel => ({
  size,
  res,
  label,
  tech,
  hz,
  touch,
});

const ASPECT: Record<string, string> = {
  '1366 x 768': '16:9',
  '1920 x 1080': '16:9',
  '2560 x 1440': '16:9',
  '3840 x 2160': '16:9',
  '1920 x 1200': '16:10',
  '2560 x 1600': '16:10',
  '2880 x 1800': '16:10',
  '3200 x 2000': '16:10',
  '3440 x 1440': '21:9',
  '2000 x 1200': '5:3',
  '2400 x 1080': '20:9',
  '1600 x 720': '20:9',
};

const WIN_HOME = 'Windows 11 Home';
const WIN_PRO = 'Windows 11 Pro';
const CHROME_OS = 'ChromeOS';

function storageLabel(gb: number): string {
  return gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`;
}
const compact = (label: string) => label.replace(' ', '');
const letters = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];

// ---------------------------------------------------------------------------------------------------------
// Computers: notebooks, Chromebooks, desktops, all-in-ones, Chromeboxes

type Form = 'laptop' | 'desktop' | 'aio';

interface ComputerLine {
  series: string;
  family: string;
  model: string;
  blurb: string;
  /** The blurb in French: "un ..." (the description says "L'Acer {series} est {blurbFr}"). */
  blurbFr: string;
  form: Form;
  kind: ImageKind;
  category: string;
  skuPrefix: string;
  panels?: Panel[];
  cpus: Cpu[];
  gpus?: Gpu[];
  mems: number[];
  memType: string;
  ssds: number[];
  storageType: string;
  os: string[];
  colors: string[];
  base: number;
  min: number;
  max: number;
  ports: string;
  wireless: string;
  extras: string[];
}

const LAPTOP_PORTS_BASIC = '1 x USB-C 3.2, 2 x USB-A 3.2, HDMI 2.1, 3.5 mm audio';
const LAPTOP_PORTS_TB = '2 x USB-C (Thunderbolt 4), 2 x USB-A 3.2, HDMI 2.1, microSD, 3.5 mm audio';
const LAPTOP_PORTS_BIZ = '2 x USB-C (Thunderbolt 4), 2 x USB-A 3.2, HDMI 2.1, RJ-45 Ethernet, 3.5 mm audio';
const LAPTOP_PORTS_GAME =
  '1 x USB-C (Thunderbolt 4), 3 x USB-A 3.2, HDMI 2.1, RJ-45 2.5G Ethernet, 3.5 mm audio';
const CHROME_PORTS = '2 x USB-C 3.2 (power, DisplayPort), 1 x USB-A 3.2, microSD, 3.5 mm audio';
const DESK_PORTS = 'Front: 2 x USB-A 3.2, 1 x USB-C; Rear: 4 x USB-A, HDMI, DisplayPort, RJ-45 Ethernet';
const GAME_DESK_PORTS =
  'Front: 2 x USB-A 3.2, 1 x USB-C 3.2; Rear: 6 x USB-A, RJ-45 2.5G Ethernet, audio jacks';
const AIO_PORTS = '1 x USB-C, 3 x USB-A 3.2, HDMI out, RJ-45 Ethernet, 3.5 mm audio';
const WIFI6 = 'Wi-Fi 6 (802.11ax), Bluetooth 5.2';
const WIFI6E = 'Wi-Fi 6E (802.11ax), Bluetooth 5.3';
const WIFI7 = 'Wi-Fi 7 (802.11be), Bluetooth 5.4';

const FHD156 = panel('15.6"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz');
const FHD14 = panel('14"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz');
const WUXGA14 = panel('14"', '1920 x 1200', 'WUXGA', 'IPS', '60 Hz');

// ---------------------------------------------------------------------------------------------------------
// French: every product is described in French too (Canadian usage: decimal comma, inches as "po", Go/To).

const NBSP = '\u00a0';
/** A measure with a decimal comma (1.78 kg -> 1,78 kg); not for version numbers such as USB 3.2. */
const dec = (measure: string) => measure.replace(/(\d)\.(\d)/g, '$1,$2');
/** '15.6"' -> '15,6 po'. */
const inches = (size: string) => `${dec(size.replace('"', ''))} po`;
/** 19000 -> '19 000'. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
const storageFr = (gb: number) => (gb >= 1024 ? `${gb / 1024} To` : `${gb} Go`);
const OS_FR: Record<string, string> = {
  [WIN_HOME]: 'Windows 11 Famille',
  [WIN_PRO]: 'Windows 11 Professionnel',
};
const osFr = (os: string) => OS_FR[os] ?? os;

/** Phrases shared by several products, in French. A phrase missing here stops the generator. */
const FR: Record<string, string> = {
  [LAPTOP_PORTS_BASIC]: '1 x USB-C 3.2, 2 x USB-A 3.2, HDMI 2.1, prise audio 3,5 mm',
  [LAPTOP_PORTS_TB]:
    '2 x USB-C (Thunderbolt 4), 2 x USB-A 3.2, HDMI 2.1, lecteur microSD, prise audio 3,5 mm',
  [LAPTOP_PORTS_BIZ]:
    '2 x USB-C (Thunderbolt 4), 2 x USB-A 3.2, HDMI 2.1, Ethernet RJ-45, prise audio 3,5 mm',
  [LAPTOP_PORTS_GAME]:
    '1 x USB-C (Thunderbolt 4), 3 x USB-A 3.2, HDMI 2.1, Ethernet 2,5 Gb/s RJ-45, prise audio 3,5 mm',
  [CHROME_PORTS]:
    '2 x USB-C 3.2 (alimentation, DisplayPort), 1 x USB-A 3.2, lecteur microSD, prise audio 3,5 mm',
  [DESK_PORTS]: `Avant${NBSP}: 2 x USB-A 3.2, 1 x USB-C; arrière${NBSP}: 4 x USB-A, HDMI, DisplayPort, Ethernet RJ-45`,
  [GAME_DESK_PORTS]: `Avant${NBSP}: 2 x USB-A 3.2, 1 x USB-C 3.2; arrière${NBSP}: 6 x USB-A, Ethernet 2,5 Gb/s RJ-45, prises audio`,
  [AIO_PORTS]: '1 x USB-C, 3 x USB-A 3.2, sortie HDMI, Ethernet RJ-45, prise audio 3,5 mm',
  'Front: 2 x USB-A, 1 x USB-C; Rear: 3 x USB-A, 2 x HDMI, RJ-45 Ethernet': `Avant${NBSP}: 2 x USB-A, 1 x USB-C; arrière${NBSP}: 3 x USB-A, 2 x HDMI, Ethernet RJ-45`,
  'Front: 2 x USB-A; Rear: 3 x USB-A, 1 x USB-C, HDMI, RJ-45 Ethernet': `Avant${NBSP}: 2 x USB-A; arrière${NBSP}: 3 x USB-A, 1 x USB-C, HDMI, Ethernet RJ-45`,
  '1 x HDMI 1.4, 1 x VGA': '1 x HDMI 1.4, 1 x VGA',
  '1 x HDMI 1.4, 1 x DisplayPort 1.2, 1 x VGA': '1 x HDMI 1.4, 1 x DisplayPort 1.2, 1 x VGA',
  '2 x HDMI 2.0, 1 x DisplayPort 1.2': '2 x HDMI 2.0, 1 x DisplayPort 1.2',
  '2 x HDMI 2.0, 1 x DisplayPort 1.2, 1 x USB-C (65 W power delivery)':
    '2 x HDMI 2.0, 1 x DisplayPort 1.2, 1 x USB-C (alimentation de 65 W)',
  '2 x HDMI 2.0, 1 x DisplayPort 1.4': '2 x HDMI 2.0, 1 x DisplayPort 1.4',
  '2 x HDMI 2.1, 1 x DisplayPort 1.4, 1 x USB-C (90 W)':
    '2 x HDMI 2.1, 1 x DisplayPort 1.4, 1 x USB-C (90 W)',
  '2 x HDMI 2.0, 1 x DisplayPort 1.4, USB 3.2 hub':
    '2 x HDMI 2.0, 1 x DisplayPort 1.4, concentrateur USB 3.2',
  [WIFI6]: WIFI6,
  [WIFI6E]: WIFI6E,
  [WIFI7]: WIFI7,
  'Gigabit Ethernet': 'Ethernet Gigabit',
  'Gigabit Ethernet, optional Wi-Fi 6': 'Ethernet Gigabit, Wi-Fi 6 en option',
  'Gigabit Ethernet, Wi-Fi 6, Bluetooth 5.2': 'Ethernet Gigabit, Wi-Fi 6, Bluetooth 5.2',
  'PCIe NVMe SSD': 'SSD PCIe NVMe',
  'PCIe Gen 4 NVMe SSD': 'SSD PCIe Gen 4 NVMe',
  'UFS storage': 'mémoire UFS',
  eMMC: 'mémoire eMMC',
  'Mid tower': 'Tour moyenne',
  'Small form factor': 'Petit format',
  'Slim tower': 'Tour mince',
  'Compact tower': 'Tour compacte',
  'Micro tower': 'Micro-tour',
  'Full tower': 'Grande tour',
  'Mini PC': 'Mini PC',
  'VESA mountable': 'fixation VESA',
  'All-in-one': 'Tout-en-un',
  'tilt-adjustable stand': 'support inclinable',
  'height-adjustable stand': 'support réglable en hauteur',
  Backpack: 'Sac à dos',
  'Carry Case': 'Mallette de transport',
  Sleeve: 'Housse',
  Charger: 'Chargeur',
  'Power Adapter': 'Adaptateur secteur',
  'Docking Station': "Station d'accueil",
  'USB Hub': 'Concentrateur USB',
  'Graphics Card': 'Carte graphique',
  Headset: "Casque d'écoute",
  'Gaming Mouse': 'Souris de jeu',
  Mouse: 'Souris',
  Black: 'Noir',
  White: 'Blanc',
  Gray: 'Gris',
  Silver: 'Argent',
  Blue: 'Bleu',
  Red: 'Rouge',
  Green: 'Vert',
};

function fr(phrase: string): string {
  const french = FR[phrase];
  if (french === undefined) throw new Error(`The demo catalog has no French for "${phrase}".`);
  return french;
}

/** A computer's extra spec line (battery, weight, power supply, form factor) in French. */
function extraFr(extra: string): string {
  const at = extra.indexOf(': ');
  const name = extra.slice(0, at);
  const value = extra.slice(at + 2);
  const battery = /^(\d+) Wh, up to (\d+) hours$/.exec(value);
  if (name === 'Battery' && battery)
    return `Batterie: ${battery[1]} Wh, jusqu'à ${battery[2]} heures d'autonomie`;
  if (name === 'Weight') return `Poids: ${dec(value)}`;
  if (name === 'Power Supply')
    return `Bloc d'alimentation: ${value
      .replace(/^(\d+) W external adapter$/, 'adaptateur externe de $1 W')
      .replace(/^(\d+) W (\d+)% efficiency$/, `$1 W, rendement de $2${NBSP}%`)}`;
  if (name === 'Form Factor')
    return `Format: ${value
      .split(', ')
      .map((part) => (/^[\d.]+ L$/.test(part) ? dec(part) : fr(part)))
      .join(', ')}`;
  throw new Error(`The demo catalog has no French for "${extra}".`);
}

const NOTEBOOKS: ComputerLine[] = [
  {
    series: 'Aspire 3',
    family: 'Aspire',
    model: 'A315-24P',
    blurb: 'a dependable everyday laptop for office apps, e-mail and video calls',
    blurbFr:
      'un ordinateur portable fiable au quotidien pour les applications de bureau, le courriel et les appels vidéo',
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [FHD156],
    cpus: [C.r57530u, C.r77730u],
    mems: [8, 16],
    memType: 'LPDDR5',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Silver'],
    base: 549,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_BASIC,
    wireless: WIFI6,
    extras: ['Battery: 50 Wh, up to 9 hours', 'Weight: 1.78 kg'],
  },
  {
    series: 'Aspire 5 14',
    family: 'Aspire',
    model: 'A514-56M',
    blurb: 'a balanced 14-inch laptop with a taller 16:10 screen for spreadsheets and documents',
    blurbFr:
      "un portable équilibré de 14 po doté d'un écran 16:10 plus haut, idéal pour les chiffriers et les documents",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [WUXGA14],
    cpus: [C.i51335u, C.i71355u],
    mems: [16],
    memType: 'LPDDR5',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Silver', 'Gray'],
    base: 799,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 65 Wh, up to 10 hours', 'Weight: 1.45 kg'],
  },
  {
    series: 'Aspire 5 15',
    family: 'Aspire',
    model: 'A515-58M',
    blurb: 'a full-size laptop with a numeric keypad for finance and data-entry work',
    blurbFr: 'un portable pleine grandeur avec pavé numérique pour la comptabilité et la saisie de données',
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [FHD156],
    cpus: [C.i51335u, C.i71355u],
    mems: [8, 16],
    memType: 'LPDDR5',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Silver', 'Gray'],
    base: 749,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 50 Wh, up to 8 hours', 'Weight: 1.76 kg'],
  },
  {
    series: 'Aspire 7',
    family: 'Aspire',
    model: 'A715-76G',
    blurb: 'a performance laptop with dedicated graphics for creative work and casual gaming',
    blurbFr:
      "un portable performant doté d'une carte graphique dédiée pour le travail créatif et le jeu occasionnel",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [panel('15.6"', '1920 x 1080', 'Full HD 144Hz', 'IPS', '144 Hz')],
    cpus: [C.i512500h, C.i713620h],
    gpus: [G.rtx2050, G.rtx3050],
    mems: [16],
    memType: 'DDR4',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 999,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI6,
    extras: ['Battery: 50 Wh, up to 7 hours', 'Weight: 2.10 kg'],
  },
  {
    series: 'Aspire Spin 14',
    family: 'Aspire',
    model: 'ASP14-51MTN',
    blurb: 'a 2-in-1 convertible with a 360-degree hinge and touch display for presenting and note-taking',
    blurbFr:
      'un portable convertible 2 en 1 avec charnière à 360 degrés et écran tactile pour les présentations et la prise de notes',
    form: 'laptop',
    kind: 'notebook',
    category: 'Convertible',
    skuPrefix: 'NX',
    panels: [panel('14"', '1920 x 1200', 'WUXGA Touch', 'IPS', '60 Hz', 1)],
    cpus: [C.i51335u, C.i71355u],
    mems: [8, 16],
    memType: 'LPDDR5',
    ssds: [512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Silver'],
    base: 899,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 65 Wh, up to 11 hours', 'Weight: 1.55 kg'],
  },
  {
    series: 'Swift Go 14',
    family: 'Swift',
    model: 'SFG14-73',
    blurb: 'a thin and light laptop with an AI-ready processor for working on the go',
    blurbFr: "un portable mince et léger doté d'un processeur prêt pour l'IA, pour travailler en déplacement",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [
      panel('14"', '2880 x 1800', 'OLED', 'OLED', '90 Hz'),
      panel('14"', '1920 x 1200', 'WUXGA', 'IPS', '60 Hz', 0.3),
    ],
    cpus: [C.u5125h, C.u7155h],
    mems: [16, 32],
    memType: 'LPDDR5X',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Silver'],
    base: 1099,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 65 Wh, up to 12 hours', 'Weight: 1.32 kg'],
  },
  {
    series: 'Swift Go 16',
    family: 'Swift',
    model: 'SFG16-72',
    blurb: 'a slim 16-inch laptop with a vivid OLED screen and all-day battery',
    blurbFr: "un portable mince de 16 po avec un écran OLED éclatant et une autonomie d'une journée complète",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [panel('16"', '3200 x 2000', '3.2K OLED', 'OLED', '120 Hz')],
    cpus: [C.u5125h, C.u7155h],
    mems: [16, 32],
    memType: 'LPDDR5X',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Silver'],
    base: 1199,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 65 Wh, up to 11 hours', 'Weight: 1.60 kg'],
  },
  {
    series: 'Swift Edge 16',
    family: 'Swift',
    model: 'SFE16-44',
    blurb: 'an ultralight 16-inch laptop that weighs just over a kilogram',
    blurbFr: "un portable ultraléger de 16 po qui pèse à peine plus d'un kilogramme",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [panel('16"', '3200 x 2000', '3.2K OLED', 'OLED', '120 Hz')],
    cpus: [C.r78845hs],
    mems: [16, 32],
    memType: 'LPDDR5X',
    ssds: [1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 1499,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 65 Wh, up to 12 hours', 'Weight: 1.23 kg'],
  },
  {
    series: 'Swift X 14',
    family: 'Swift',
    model: 'SFX14-72G',
    blurb: 'a creator laptop that pairs an OLED display with NVIDIA RTX graphics',
    blurbFr: 'un portable pour créateurs qui associe un écran OLED à une carte graphique NVIDIA RTX',
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [panel('14.5"', '2880 x 1800', '2.8K OLED', 'OLED', '120 Hz')],
    cpus: [C.u7155h],
    gpus: [G.rtx4050],
    mems: [16, 32],
    memType: 'LPDDR5X',
    ssds: [1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Gray'],
    base: 1699,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 76 Wh, up to 10 hours', 'Weight: 1.55 kg'],
  },
  {
    series: 'TravelMate P2 14',
    family: 'TravelMate',
    model: 'TMP214-55',
    blurb:
      'a durable business laptop built for fleet deployment, with TPM 2.0 and a spill-resistant keyboard',
    blurbFr:
      "un portable d'affaires robuste conçu pour les déploiements en parc, avec puce TPM 2.0 et clavier résistant aux déversements",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [FHD14],
    cpus: [C.i31315u, C.i51335u, C.i71355u],
    mems: [8, 16],
    memType: 'DDR4',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 749,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_BIZ,
    wireless: WIFI6,
    extras: ['Battery: 50 Wh, up to 10 hours', 'Weight: 1.49 kg'],
  },
  {
    series: 'TravelMate P4 14',
    family: 'TravelMate',
    model: 'TMP414-53',
    blurb: 'a business laptop with a fingerprint reader, IR camera and MIL-STD 810H durability',
    blurbFr:
      "un portable d'affaires avec lecteur d'empreintes digitales, caméra infrarouge et robustesse conforme à la norme MIL-STD 810H",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [WUXGA14],
    cpus: [C.i51335u, C.i71355u],
    mems: [16, 32],
    memType: 'DDR5',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Blue'],
    base: 1049,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_BIZ,
    wireless: WIFI6E,
    extras: ['Battery: 56 Wh, up to 12 hours', 'Weight: 1.40 kg'],
  },
  {
    series: 'TravelMate P6 14',
    family: 'TravelMate',
    model: 'TMP614-73',
    blurb: 'a premium magnesium-alloy business laptop for executives who travel',
    blurbFr: "un portable d'affaires haut de gamme en alliage de magnésium pour les cadres qui voyagent",
    form: 'laptop',
    kind: 'notebook',
    category: 'Laptop',
    skuPrefix: 'NX',
    panels: [
      panel('14"', '1920 x 1200', 'WUXGA', 'IPS', '60 Hz', 0.4),
      panel('14"', '2880 x 1800', '2.8K OLED', 'OLED', '90 Hz'),
    ],
    cpus: [C.u5125u, C.u7155h],
    mems: [16, 32],
    memType: 'LPDDR5X',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 1599,
    min: 399,
    max: 2999,
    ports: LAPTOP_PORTS_BIZ,
    wireless: WIFI7,
    extras: ['Battery: 65 Wh, up to 14 hours', 'Weight: 1.10 kg'],
  },
];

const GAMING_NOTEBOOKS: ComputerLine[] = [
  {
    series: 'Nitro V 15',
    family: 'Nitro',
    model: 'ANV15-51',
    blurb: 'an entry gaming laptop with a 144 Hz screen and NVIDIA RTX graphics',
    blurbFr: "un portable de jeu d'entrée de gamme avec écran de 144 Hz et carte graphique NVIDIA RTX",
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('15.6"', '1920 x 1080', 'Full HD 144Hz', 'IPS', '144 Hz')],
    cpus: [C.i513420h, C.i713620h],
    gpus: [G.rtx2050, G.rtx3050, G.rtx4050],
    mems: [8, 16],
    memType: 'DDR5',
    ssds: [512],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 899,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI6,
    extras: ['Battery: 57 Wh, up to 6 hours', 'Weight: 2.10 kg'],
  },
  {
    series: 'Nitro 5',
    family: 'Nitro',
    model: 'AN515-58',
    blurb: 'a gaming laptop with dual-fan cooling and an RGB backlit keyboard',
    blurbFr: 'un portable de jeu avec refroidissement à deux ventilateurs et clavier rétroéclairé RVB',
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('15.6"', '1920 x 1080', 'Full HD 144Hz', 'IPS', '144 Hz')],
    cpus: [C.i513420h, C.i713620h],
    gpus: [G.rtx3050, G.rtx4050, G.rtx4060],
    mems: [16],
    memType: 'DDR5',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 999,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI6,
    extras: ['Battery: 57 Wh, up to 6 hours', 'Weight: 2.50 kg'],
  },
  {
    series: 'Nitro 16',
    family: 'Nitro',
    model: 'AN16-41',
    blurb: 'a 16-inch gaming laptop with a fast 165 Hz WUXGA display',
    blurbFr: "un portable de jeu de 16 po doté d'un écran WUXGA rapide de 165 Hz",
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('16"', '1920 x 1200', 'WUXGA 165Hz', 'IPS', '165 Hz')],
    cpus: [C.r77840hs],
    gpus: [G.rtx4050, G.rtx4060],
    mems: [16],
    memType: 'DDR5',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 1299,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI6E,
    extras: ['Battery: 90 Wh, up to 8 hours', 'Weight: 2.60 kg'],
  },
  {
    series: 'Predator Helios Neo 16',
    family: 'Predator',
    model: 'PHN16-72',
    blurb: 'a high-refresh gaming laptop with fifth-generation AeroBlade cooling',
    blurbFr:
      'un portable de jeu à haute fréquence de rafraîchissement avec refroidissement AeroBlade de cinquième génération',
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('16"', '2560 x 1600', 'WQXGA 240Hz', 'IPS', '240 Hz')],
    cpus: [C.i714650hx, C.i914900hx],
    gpus: [G.rtx4060, G.rtx4070],
    mems: [16, 32],
    memType: 'DDR5',
    ssds: [1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 1799,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI6E,
    extras: ['Battery: 90 Wh, up to 6 hours', 'Weight: 2.80 kg'],
  },
  {
    series: 'Predator Helios 16',
    family: 'Predator',
    model: 'PH16-72',
    blurb: 'a flagship gaming laptop with a Mini LED option and top-tier RTX graphics',
    blurbFr: 'un portable de jeu phare offrant une option Mini LED et une carte graphique RTX haut de gamme',
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('16"', '2560 x 1600', 'WQXGA 240Hz', 'IPS', '240 Hz')],
    cpus: [C.i914900hx],
    gpus: [G.rtx4080, G.rtx4090],
    mems: [32],
    memType: 'DDR5',
    ssds: [1024, 2048],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 2799,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_GAME,
    wireless: WIFI7,
    extras: ['Battery: 90 Wh, up to 5 hours', 'Weight: 2.70 kg'],
  },
  {
    series: 'Predator Triton 14',
    family: 'Predator',
    model: 'PT14-51',
    blurb: 'a thin 14-inch gaming laptop that doubles as a creator machine',
    blurbFr: 'un portable de jeu mince de 14 po qui sert aussi de poste de création',
    form: 'laptop',
    kind: 'notebook',
    category: 'Gaming Laptop',
    skuPrefix: 'NH',
    panels: [panel('14.5"', '2560 x 1600', 'WQXGA 240Hz', 'IPS', '240 Hz')],
    cpus: [C.u7155h],
    gpus: [G.rtx4060, G.rtx4070],
    mems: [32],
    memType: 'LPDDR5X',
    ssds: [1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 2099,
    min: 699,
    max: 3999,
    ports: LAPTOP_PORTS_TB,
    wireless: WIFI6E,
    extras: ['Battery: 76 Wh, up to 8 hours', 'Weight: 1.75 kg'],
  },
];

const CHROMEBOOKS: ComputerLine[] = [
  {
    series: 'Chromebook Plus 514',
    family: 'Chromebook Plus',
    model: 'CB514-3HT',
    blurb: 'a Chromebook Plus with built-in Google AI tools and a 1080p webcam',
    blurbFr: "un Chromebook Plus avec outils d'IA de Google intégrés et caméra Web 1080p",
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [panel('14"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz', 0.5)],
    cpus: [C.r37320c, C.r57520c],
    mems: [8],
    memType: 'LPDDR5',
    ssds: [128, 256],
    storageType: 'UFS storage',
    os: [CHROME_OS],
    colors: ['Gray'],
    base: 499,
    min: 279,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6,
    extras: ['Battery: 53 Wh, up to 10 hours', 'Weight: 1.45 kg'],
  },
  {
    series: 'Chromebook Plus 516',
    family: 'Chromebook Plus',
    model: 'CB516-2H',
    blurb: 'a large-screen Chromebook Plus for multitasking in the cloud',
    blurbFr: 'un Chromebook Plus à grand écran pour le travail multitâche dans le nuage',
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [panel('16"', '1920 x 1200', 'WUXGA', 'IPS', '60 Hz')],
    cpus: [C.i31315u, C.i51335u],
    mems: [8],
    memType: 'LPDDR5',
    ssds: [128, 256],
    storageType: 'PCIe NVMe SSD',
    os: [CHROME_OS],
    colors: ['Silver'],
    base: 599,
    min: 279,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6E,
    extras: ['Battery: 56 Wh, up to 10 hours', 'Weight: 1.70 kg'],
  },
  {
    series: 'Chromebook 314',
    family: 'Chromebook',
    model: 'CB314-4H',
    blurb: 'an affordable Chromebook for classrooms, front desks and shared workstations',
    blurbFr:
      "un Chromebook abordable pour les salles de classe, les comptoirs d'accueil et les postes de travail partagés",
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [panel('14"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz', 0.3)],
    cpus: [C.n100, C.i3n305],
    mems: [4, 8],
    memType: 'LPDDR5',
    ssds: [64, 128],
    storageType: 'eMMC',
    os: [CHROME_OS],
    colors: ['Silver'],
    base: 329,
    min: 279,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6,
    extras: ['Battery: 50 Wh, up to 12 hours', 'Weight: 1.50 kg'],
  },
  {
    series: 'Chromebook Spin 714',
    family: 'Chromebook Spin',
    model: 'CP714-2W',
    blurb: 'a premium convertible Chromebook with a garaged USI stylus',
    blurbFr: 'un Chromebook convertible haut de gamme avec stylet USI rangé dans le boîtier',
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [panel('14"', '1920 x 1200', 'WUXGA Touch', 'IPS', '60 Hz', 1)],
    cpus: [C.u5115u, C.i51335u],
    mems: [8, 16],
    memType: 'LPDDR5',
    ssds: [256],
    storageType: 'PCIe NVMe SSD',
    os: [CHROME_OS],
    colors: ['Blue'],
    base: 899,
    min: 279,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6E,
    extras: ['Battery: 56 Wh, up to 10 hours', 'Weight: 1.37 kg'],
  },
  {
    series: 'Chromebook Vero 514',
    family: 'Chromebook Vero',
    model: 'CBV514-1H',
    blurb: 'a Chromebook made with post-consumer recycled plastics and an easy-to-repair design',
    blurbFr:
      'un Chromebook fabriqué avec des plastiques recyclés postconsommation et conçu pour être facile à réparer',
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [FHD14],
    cpus: [C.i31215u, C.i51235u],
    mems: [8],
    memType: 'LPDDR4X',
    ssds: [128, 256],
    storageType: 'PCIe NVMe SSD',
    os: [CHROME_OS],
    colors: ['Gray'],
    base: 579,
    min: 279,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6E,
    extras: ['Battery: 50 Wh, up to 10 hours', 'Weight: 1.50 kg'],
  },
  {
    series: 'Chromebook 511',
    family: 'Chromebook',
    model: 'C736',
    blurb: 'a rugged 11-inch Chromebook built to survive drops and spills in schools',
    blurbFr: "un Chromebook robuste de 11 po conçu pour résister aux chutes et aux déversements à l'école",
    form: 'laptop',
    kind: 'chromebook',
    category: 'Chromebook',
    skuPrefix: 'NX',
    panels: [panel('11.6"', '1366 x 768', 'HD', 'IPS', '60 Hz', 0.3)],
    cpus: [C.n100],
    mems: [4, 8],
    memType: 'LPDDR5',
    ssds: [32, 64],
    storageType: 'eMMC',
    os: [CHROME_OS],
    colors: ['Black'],
    base: 299,
    min: 249,
    max: 999,
    ports: CHROME_PORTS,
    wireless: WIFI6,
    extras: ['Battery: 50 Wh, up to 12 hours', 'Weight: 1.26 kg'],
  },
];

const TOWERS: ComputerLine[] = [
  {
    series: 'Veriton M4',
    family: 'Veriton',
    model: 'VM4730G',
    blurb: 'a managed business tower with room for expansion cards and extra drives',
    blurbFr:
      "un ordinateur tour d'affaires gérable, avec de la place pour des cartes d'extension et des disques supplémentaires",
    form: 'desktop',
    kind: 'desktop',
    category: 'Desktop',
    skuPrefix: 'DT',
    cpus: [C.i514400, C.i714700],
    mems: [8, 16, 32],
    memType: 'DDR5',
    ssds: [256, 512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 849,
    min: 449,
    max: 2499,
    ports: DESK_PORTS,
    wireless: 'Gigabit Ethernet, optional Wi-Fi 6',
    extras: ['Power Supply: 300 W 85% efficiency', 'Form Factor: Mid tower, 14.9 L'],
  },
  {
    series: 'Veriton X',
    family: 'Veriton',
    model: 'VX2730G',
    blurb: 'a compact small-form-factor desktop that fits under a monitor or on a shelf',
    blurbFr:
      'un ordinateur de bureau compact à petit facteur de forme qui se glisse sous un moniteur ou sur une étagère',
    form: 'desktop',
    kind: 'desktop',
    category: 'Desktop',
    skuPrefix: 'DT',
    cpus: [C.i314100, C.i514400],
    mems: [8, 16],
    memType: 'DDR5',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 699,
    min: 449,
    max: 2499,
    ports: DESK_PORTS,
    wireless: 'Gigabit Ethernet, Wi-Fi 6, Bluetooth 5.2',
    extras: ['Power Supply: 180 W', 'Form Factor: Small form factor, 8 L'],
  },
  {
    series: 'Veriton S',
    family: 'Veriton',
    model: 'VS2730G',
    blurb: 'a slim business desktop with TPM 2.0 and Acer ProShield security tools',
    blurbFr:
      "un ordinateur de bureau d'affaires mince avec puce TPM 2.0 et outils de sécurité Acer ProShield",
    form: 'desktop',
    kind: 'desktop',
    category: 'Desktop',
    skuPrefix: 'DT',
    cpus: [C.i314100, C.i514400],
    mems: [8, 16],
    memType: 'DDR5',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 649,
    min: 449,
    max: 2499,
    ports: DESK_PORTS,
    wireless: 'Gigabit Ethernet',
    extras: ['Power Supply: 180 W', 'Form Factor: Slim tower, 8.4 L'],
  },
];

const WORK_HOME: ComputerLine[] = [
  {
    series: 'Aspire TC',
    family: 'Aspire',
    model: 'TC-1780',
    blurb: 'a family and home-office tower with plenty of ports for printers and peripherals',
    blurbFr:
      'un ordinateur tour pour la famille et le bureau à domicile, avec de nombreux ports pour les imprimantes et les périphériques',
    form: 'desktop',
    kind: 'desktop',
    category: 'Desktop',
    skuPrefix: 'DG',
    cpus: [C.i513400, C.i713700],
    mems: [8, 16],
    memType: 'DDR4',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 699,
    min: 449,
    max: 2499,
    ports: DESK_PORTS,
    wireless: WIFI6,
    extras: ['Power Supply: 300 W', 'Form Factor: Mid tower, 16 L'],
  },
  {
    series: 'Aspire XC',
    family: 'Aspire',
    model: 'XC-1780',
    blurb: 'a space-saving compact desktop for everyday work and study at home',
    blurbFr: 'un ordinateur de bureau compact et peu encombrant pour le travail et les études à la maison',
    form: 'desktop',
    kind: 'desktop',
    category: 'Desktop',
    skuPrefix: 'DG',
    cpus: [C.i313100, C.i513400],
    mems: [8, 16],
    memType: 'DDR4',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 549,
    min: 449,
    max: 2499,
    ports: DESK_PORTS,
    wireless: WIFI6,
    extras: ['Power Supply: 180 W', 'Form Factor: Compact tower, 8 L'],
  },
];

const GAMING_DESKTOPS: ComputerLine[] = [
  {
    series: 'Nitro N50',
    family: 'Nitro',
    model: 'N50-656',
    blurb: 'a compact gaming desktop ready for 1080p and 1440p titles',
    blurbFr: 'un ordinateur de jeu compact prêt pour les jeux en 1080p et en 1440p',
    form: 'desktop',
    kind: 'desktop',
    category: 'Gaming Desktop',
    skuPrefix: 'DG',
    cpus: [C.i514400f, C.i714700f],
    gpus: [G.rtx4060, G.rtx4060ti],
    mems: [16, 32],
    memType: 'DDR5',
    ssds: [512, 1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 1099,
    min: 899,
    max: 4499,
    ports: GAME_DESK_PORTS,
    wireless: WIFI6,
    extras: ['Power Supply: 500 W 80 PLUS Bronze', 'Form Factor: Micro tower, 18 L'],
  },
  {
    series: 'Predator Orion 3000',
    family: 'Predator',
    model: 'PO3-655',
    blurb: 'a gaming tower with a tempered-glass side panel and ARGB fans',
    blurbFr: 'un ordinateur tour de jeu avec panneau latéral en verre trempé et ventilateurs ARGB',
    form: 'desktop',
    kind: 'desktop',
    category: 'Gaming Desktop',
    skuPrefix: 'DG',
    cpus: [C.i514400f, C.i714700f],
    gpus: [G.rtx4060ti, G.rtx4070],
    mems: [16, 32],
    memType: 'DDR5',
    ssds: [1024],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 1499,
    min: 899,
    max: 4499,
    ports: GAME_DESK_PORTS,
    wireless: WIFI6E,
    extras: ['Power Supply: 700 W 80 PLUS Gold', 'Form Factor: Mid tower, 21 L'],
  },
  {
    series: 'Predator Orion 5000',
    family: 'Predator',
    model: 'PO5-655',
    blurb: 'a high-end gaming tower with liquid CPU cooling and tool-free upgrades',
    blurbFr:
      'un ordinateur tour de jeu haut de gamme avec refroidissement liquide du processeur et mises à niveau sans outil',
    form: 'desktop',
    kind: 'desktop',
    category: 'Gaming Desktop',
    skuPrefix: 'DG',
    cpus: [C.i714700f, C.i914900k],
    gpus: [G.rtx4070s, G.rtx4080s],
    mems: [32],
    memType: 'DDR5',
    ssds: [1024, 2048],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME],
    colors: ['Black'],
    base: 2299,
    min: 899,
    max: 4499,
    ports: GAME_DESK_PORTS,
    wireless: WIFI6E,
    extras: ['Power Supply: 850 W 80 PLUS Gold', 'Form Factor: Mid tower, 32 L'],
  },
  {
    series: 'Predator Orion 7000',
    family: 'Predator',
    model: 'PO7-655',
    blurb: 'a flagship gaming and rendering tower with FrostBlade fans',
    blurbFr: 'un ordinateur tour phare pour le jeu et le rendu, avec ventilateurs FrostBlade',
    form: 'desktop',
    kind: 'desktop',
    category: 'Gaming Desktop',
    skuPrefix: 'DG',
    cpus: [C.i914900k],
    gpus: [G.rtx4080s, G.rtx4090],
    mems: [32, 64],
    memType: 'DDR5',
    ssds: [2048],
    storageType: 'PCIe Gen 4 NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Black'],
    base: 3299,
    min: 899,
    max: 4499,
    ports: GAME_DESK_PORTS,
    wireless: WIFI7,
    extras: ['Power Supply: 1000 W 80 PLUS Gold', 'Form Factor: Full tower, 45 L'],
  },
];

const CHROMEBOXES: ComputerLine[] = [
  {
    series: 'Chromebox CXI5',
    family: 'Chromebox',
    model: 'CXI5',
    blurb: 'a palm-sized ChromeOS desktop for kiosks, digital signage and thin-client desks',
    blurbFr:
      "un ordinateur de bureau ChromeOS grand comme la paume de la main, pour les bornes, l'affichage numérique et les postes clients légers",
    form: 'desktop',
    kind: 'chromebox',
    category: 'Chromebox',
    skuPrefix: 'DT',
    cpus: [C.i31215u, C.i51235u, C.i71255u],
    mems: [8, 16],
    memType: 'DDR4',
    ssds: [128, 256],
    storageType: 'PCIe NVMe SSD',
    os: [CHROME_OS],
    colors: ['Black'],
    base: 449,
    min: 299,
    max: 1199,
    ports: 'Front: 2 x USB-A, 1 x USB-C; Rear: 3 x USB-A, 2 x HDMI, RJ-45 Ethernet',
    wireless: WIFI6,
    extras: ['Power Supply: 90 W external adapter', 'Form Factor: Mini PC, VESA mountable'],
  },
  {
    series: 'Chromebox CXI4',
    family: 'Chromebox',
    model: 'CXI4',
    blurb: 'a compact ChromeOS desktop that drives up to three displays',
    blurbFr: "un ordinateur de bureau ChromeOS compact qui pilote jusqu'à trois écrans",
    form: 'desktop',
    kind: 'chromebox',
    category: 'Chromebox',
    skuPrefix: 'DT',
    cpus: [C.i31215u, C.i51235u],
    mems: [8],
    memType: 'DDR4',
    ssds: [128],
    storageType: 'PCIe NVMe SSD',
    os: [CHROME_OS],
    colors: ['Black'],
    base: 399,
    min: 299,
    max: 1199,
    ports: 'Front: 2 x USB-A; Rear: 3 x USB-A, 1 x USB-C, HDMI, RJ-45 Ethernet',
    wireless: WIFI6,
    extras: ['Power Supply: 65 W external adapter', 'Form Factor: Mini PC, VESA mountable'],
  },
];

const AIOS: ComputerLine[] = [
  {
    series: 'Aspire C24',
    family: 'Aspire',
    model: 'C24-1800',
    blurb: 'an all-in-one PC with a slim 23.8-inch display and a pop-up webcam',
    blurbFr: "un ordinateur tout-en-un doté d'un écran mince de 23,8 po et d'une caméra Web escamotable",
    form: 'aio',
    kind: 'aio',
    category: 'All-in-One',
    skuPrefix: 'DQ',
    panels: [panel('23.8"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz', 0.3)],
    cpus: [C.i51335u, C.i71355u],
    mems: [8, 16],
    memType: 'DDR4',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Black', 'White'],
    base: 849,
    min: 599,
    max: 2199,
    ports: AIO_PORTS,
    wireless: WIFI6,
    extras: ['Power Supply: 90 W external adapter', 'Form Factor: All-in-one, tilt-adjustable stand'],
  },
  {
    series: 'Aspire C27',
    family: 'Aspire',
    model: 'C27-1800',
    blurb: 'a 27-inch all-in-one for reception desks, meeting rooms and home offices',
    blurbFr:
      "un ordinateur tout-en-un de 27 po pour les comptoirs d'accueil, les salles de réunion et les bureaux à domicile",
    form: 'aio',
    kind: 'aio',
    category: 'All-in-One',
    skuPrefix: 'DQ',
    panels: [panel('27"', '1920 x 1080', 'Full HD', 'IPS', '75 Hz', 0.3)],
    cpus: [C.i51335u, C.i71355u],
    mems: [16],
    memType: 'DDR4',
    ssds: [512, 1024],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_HOME, WIN_PRO],
    colors: ['Black'],
    base: 1049,
    min: 599,
    max: 2199,
    ports: AIO_PORTS,
    wireless: WIFI6,
    extras: ['Power Supply: 120 W external adapter', 'Form Factor: All-in-one, tilt-adjustable stand'],
  },
  {
    series: 'Veriton Z4',
    family: 'Veriton',
    model: 'VZ4717G',
    blurb: 'a business all-in-one with a privacy webcam and a height-adjustable stand',
    blurbFr:
      "un ordinateur tout-en-un d'affaires avec caméra Web à obturateur de confidentialité et support réglable en hauteur",
    form: 'aio',
    kind: 'aio',
    category: 'All-in-One',
    skuPrefix: 'DQ',
    panels: [panel('23.8"', '1920 x 1080', 'Full HD', 'IPS', '60 Hz', 0.2)],
    cpus: [C.i514400, C.i714700],
    mems: [8, 16],
    memType: 'DDR5',
    ssds: [256, 512],
    storageType: 'PCIe NVMe SSD',
    os: [WIN_PRO],
    colors: ['Black'],
    base: 1199,
    min: 599,
    max: 2199,
    ports: AIO_PORTS,
    wireless: WIFI6E,
    extras: ['Power Supply: 150 W external adapter', 'Form Factor: All-in-one, height-adjustable stand'],
  },
];

function modelSuffix(r: Rand): string {
  return `${r.int(10, 99)}${r.pick(letters)}${r.pick(letters)}`;
}

function relative<T>(values: readonly T[], value: T): number {
  return Math.max(0, values.indexOf(value));
}

function buildComputer(r: Rand, line: ComputerLine): Built {
  const p = line.panels ? r.pick(line.panels) : undefined;
  const chip = r.pick(line.cpus);
  const g = line.gpus ? r.pick(line.gpus) : undefined;
  const mem = r.pick(line.mems);
  const ssd = r.pick(line.ssds);
  const os = r.pick(line.os);
  const color = r.pick(line.colors);
  const touch = p ? r.chance(p.touch) : false;
  const graphics = g?.name ?? chip.igpu;

  const price =
    line.base +
    chip.add -
    line.cpus[0]!.add +
    (g ? g.add - line.gpus![0]!.add : 0) +
    relative(line.mems, mem) * 90 +
    relative(line.ssds, ssd) * 80 +
    (p ? relative(line.panels!, p) * 60 : 0) +
    (touch && p!.touch < 1 ? 60 : 0) +
    (os === WIN_PRO && line.os.length > 1 ? 50 : 0);

  const screen = p ? ` ${p.size} ${p.label}${touch && !p.label.includes('Touch') ? ' Touch' : ''}` : '';
  const storage =
    line.storageType === 'eMMC' ? ' eMMC' : line.storageType.startsWith('UFS') ? ' UFS' : ' SSD';
  const gpuPart = g ? ` ${g.name.replace('NVIDIA GeForce ', '')}` : '';
  const name = `Acer ${line.series} ${line.model}-${modelSuffix(r)}${screen} ${chip.model} ${mem}GB ${compact(
    storageLabel(ssd),
  )}${storage}${gpuPart} ${os}`;

  const details = [
    `Processor: ${chip.model} (up to ${chip.speed})`,
    `Memory: ${mem} GB ${line.memType}`,
    `Storage: ${storageLabel(ssd)} ${line.storageType}`,
  ];
  if (p) {
    details.push(
      `Display: ${p.size} ${p.label.replace(/ ?Touch$/, '')} ${p.res}${p.label.includes(p.tech) ? '' : ` ${p.tech}`}${
        touch ? ' touchscreen' : ''
      }`,
      `Aspect Ratio: ${ASPECT[p.res] ?? '16:9'}`,
      `Refresh Rate: ${p.hz}`,
    );
  }
  details.push(
    `Graphics: ${graphics}`,
    `Operating System: ${os}`,
    `Ports: ${line.ports}`,
    `Connectivity: ${line.wireless}`,
    ...line.extras,
  );

  const what =
    line.form === 'laptop'
      ? `${p!.size} ${p!.tech === 'OLED' ? 'OLED' : p!.label.replace(/ ?Touch$/, '').replace(/ \d+Hz$/, '')} display`
      : line.form === 'aio'
        ? `${p!.size} built-in display`
        : `${storageLabel(ssd)} SSD`;
  const description = `The Acer ${line.series} is ${line.blurb}. It pairs the ${chip.model} with ${mem} GB of memory and a ${what}.`;

  const detailsFr = [
    `Processeur: ${chip.model} (jusqu'à ${dec(chip.speed)})`,
    `Mémoire: ${mem} Go ${line.memType}`,
    `Stockage: ${fr(line.storageType)} de ${storageFr(ssd)}`,
  ];
  if (p) {
    detailsFr.push(
      `Écran: ${inches(p.size)} ${dec(p.label.replace(/ ?Touch$/, ''))} ${p.res}${p.label.includes(p.tech) ? '' : ` ${p.tech}`}${
        touch ? ', tactile' : ''
      }`,
      `Format d'image: ${ASPECT[p.res] ?? '16:9'}`,
      `Fréquence de rafraîchissement: ${p.hz}`,
    );
  }
  detailsFr.push(
    `Processeur graphique: ${graphics}`,
    `Système d'exploitation: ${osFr(os)}`,
    `Ports: ${fr(line.ports)}`,
    `Connectivité: ${fr(line.wireless)}`,
    ...line.extras.map(extraFr),
  );
  const whatFr =
    line.form === 'laptop'
      ? `un écran ${p!.tech === 'OLED' ? 'OLED' : dec(p!.label.replace(/ ?Touch$/, '').replace(/ \d+Hz$/, ''))} de ${inches(p!.size)}`
      : line.form === 'aio'
        ? `un écran intégré de ${inches(p!.size)}`
        : `un SSD de ${storageFr(ssd)}`;
  const descriptionFr = `L'Acer ${line.series} est ${line.blurbFr}. Il associe un processeur ${chip.model} à ${mem} Go de mémoire et à ${whatFr}.`;

  return {
    name,
    kind: line.kind,
    skuPrefix: line.skuPrefix,
    price,
    minPrice: line.min,
    maxPrice: line.max,
    description,
    details,
    descriptionFr,
    detailsFr,
    fields: {
      product_category: line.category,
      product_series: line.family,
      processor_type: chip.type,
      processor_speed: chip.speed,
      standard_memory: `${mem} GB`,
      screen_size: p?.size ?? '',
      screen_resolution: p?.res ?? '',
      graphics_card: graphics,
      solid_state_drive: storageLabel(ssd),
      touchscreen: p ? (touch ? 'Yes' : 'No') : '',
      operating_system: os,
      color,
      refresh_rate: p?.hz ?? '',
    },
    recertified: 0.35,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Monitors

interface MonitorLine {
  model: string;
  family: string;
  suffixes: string[];
  size: string;
  res: string;
  label: string;
  tech: string;
  hz: string[];
  base: number;
  response: string;
  brightness: string;
  sync: string;
  ports: string;
  feature: string;
  /** The feature in French (the description says "... offrant {featureFr}"). */
  featureFr: string;
  curved?: boolean;
}

const OFFICE_MONITORS: MonitorLine[] = [
  {
    model: 'KA242Y',
    family: 'KA',
    suffixes: ['Ebi', 'Hbi'],
    size: '23.8"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'VA',
    hz: ['75 Hz', '100 Hz'],
    base: 129,
    response: '1 ms (VRB)',
    brightness: '250 nits',
    sync: 'AMD FreeSync',
    ports: '1 x HDMI 1.4, 1 x VGA',
    feature: 'a zero-frame design and flicker-less backlight for long workdays',
    featureFr:
      'un design sans cadre et un rétroéclairage sans scintillement pour les longues journées de travail',
  },
  {
    model: 'SA272',
    family: 'SA',
    suffixes: ['Ebi', 'Ebmix'],
    size: '27"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'IPS',
    hz: ['75 Hz', '100 Hz'],
    base: 169,
    response: '1 ms (VRB)',
    brightness: '250 nits',
    sync: 'AMD FreeSync',
    ports: '1 x HDMI 1.4, 1 x VGA',
    feature: 'an ultra-thin profile and wide viewing angles',
    featureFr: 'un profil ultramince et de larges angles de vision',
  },
  {
    model: 'CB242Y',
    family: 'CB',
    suffixes: ['E3bmiprx', 'Ebmiprx'],
    size: '23.8"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'IPS',
    hz: ['75 Hz', '100 Hz'],
    base: 189,
    response: '1 ms (VRB)',
    brightness: '250 nits',
    sync: 'AMD FreeSync',
    ports: '1 x HDMI 1.4, 1 x DisplayPort 1.2, 1 x VGA',
    feature: 'an ergonomic stand with height, swivel, tilt and pivot adjustment',
    featureFr: 'un support ergonomique réglable en hauteur, en rotation, en inclinaison et en pivot',
  },
  {
    model: 'CB272',
    family: 'CB',
    suffixes: ['E3bmiprx', 'Ebmiprx'],
    size: '27"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'IPS',
    hz: ['75 Hz', '100 Hz'],
    base: 229,
    response: '1 ms (VRB)',
    brightness: '250 nits',
    sync: 'AMD FreeSync',
    ports: '1 x HDMI 1.4, 1 x DisplayPort 1.2, 1 x VGA',
    feature: 'a fully adjustable stand and built-in speakers',
    featureFr: 'un support entièrement réglable et des haut-parleurs intégrés',
  },
  {
    model: 'Vero B247Y',
    family: 'Vero',
    suffixes: ['Ebmiprxv', 'E3bmiprxv'],
    size: '23.8"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'IPS',
    hz: ['75 Hz', '100 Hz'],
    base: 199,
    response: '4 ms',
    brightness: '250 nits',
    sync: 'AMD FreeSync',
    ports: '1 x HDMI 1.4, 1 x DisplayPort 1.2, 1 x VGA',
    feature: 'a chassis made with recycled plastics and an eco-friendly power mode',
    featureFr: "un boîtier fabriqué avec des plastiques recyclés et un mode d'alimentation écoénergétique",
  },
  {
    model: 'CB282K',
    family: 'CB',
    suffixes: ['smiiprx', 'bmiiprx'],
    size: '28"',
    res: '3840 x 2160',
    label: '4K UHD',
    tech: 'IPS',
    hz: ['60 Hz'],
    base: 399,
    response: '4 ms',
    brightness: '300 nits',
    sync: 'AMD FreeSync',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.2',
    feature: 'sharp 4K detail for CAD drawings, photos and large spreadsheets',
    featureFr: 'une netteté 4K pour les dessins de CAO, les photos et les grands chiffriers',
  },
  {
    model: 'CB342CU',
    family: 'CB',
    suffixes: ['Esmiiphuzx', 'smiiphuzx'],
    size: '34"',
    res: '3440 x 1440',
    label: 'UWQHD',
    tech: 'IPS',
    hz: ['75 Hz'],
    base: 499,
    response: '1 ms (VRB)',
    brightness: '300 nits',
    sync: 'AMD FreeSync',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.2, 1 x USB-C (65 W power delivery)',
    feature: 'an ultrawide 21:9 workspace and single-cable USB-C docking',
    featureFr: 'un espace de travail ultralarge 21:9 et une connexion USB-C à câble unique',
  },
  {
    model: 'Vero CB273U',
    family: 'Vero',
    suffixes: ['Ebmiiprzx', 'bmiiprzx'],
    size: '27"',
    res: '2560 x 1440',
    label: 'WQHD',
    tech: 'IPS',
    hz: ['75 Hz', '100 Hz'],
    base: 329,
    response: '1 ms (VRB)',
    brightness: '350 nits',
    sync: 'AMD FreeSync',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.2, 1 x USB-C (65 W power delivery)',
    feature: 'USB-C connectivity and a recycled-plastic chassis',
    featureFr: 'une connectivité USB-C et un boîtier en plastique recyclé',
  },
];

const GAMING_MONITORS: MonitorLine[] = [
  {
    model: 'Nitro VG240Y',
    family: 'Nitro',
    suffixes: ['M3bmiipx', 'S3bmiipx'],
    size: '23.8"',
    res: '1920 x 1080',
    label: 'Full HD',
    tech: 'IPS',
    hz: ['144 Hz', '180 Hz'],
    base: 199,
    response: '0.5 ms (GTG)',
    brightness: '250 nits',
    sync: 'AMD FreeSync Premium',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.2',
    feature: 'a fast IPS panel for competitive esports titles',
    featureFr: 'un panneau IPS rapide pour les jeux de sport électronique compétitifs',
  },
  {
    model: 'Nitro XV272U',
    family: 'Nitro',
    suffixes: ['V3bmiiprx', 'W2bmiiprx'],
    size: '27"',
    res: '2560 x 1440',
    label: 'WQHD',
    tech: 'IPS',
    hz: ['165 Hz', '180 Hz'],
    base: 329,
    response: '0.5 ms (GTG)',
    brightness: '350 nits',
    sync: 'AMD FreeSync Premium',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.4',
    feature: 'HDR10 support and an ergonomic height-adjustable stand',
    featureFr: 'la prise en charge HDR10 et un support ergonomique réglable en hauteur',
  },
  {
    model: 'Nitro XV275K',
    family: 'Nitro',
    suffixes: ['P3biipruzx', 'Vbmiipruzx'],
    size: '27"',
    res: '3840 x 2160',
    label: '4K UHD',
    tech: 'IPS',
    hz: ['144 Hz', '160 Hz'],
    base: 699,
    response: '1 ms (GTG)',
    brightness: '600 nits',
    sync: 'AMD FreeSync Premium Pro',
    ports: '2 x HDMI 2.1, 1 x DisplayPort 1.4, 1 x USB-C (90 W)',
    feature: 'a Mini LED backlight with DisplayHDR 1000 certification',
    featureFr: 'un rétroéclairage Mini LED certifié DisplayHDR 1000',
  },
  {
    model: 'Nitro XZ322QU',
    family: 'Nitro',
    suffixes: ['V3bmiiphx', 'Sbmiipx'],
    size: '31.5"',
    res: '2560 x 1440',
    label: 'WQHD Curved',
    tech: 'VA',
    hz: ['165 Hz'],
    base: 379,
    response: '1 ms (VRB)',
    brightness: '300 nits',
    sync: 'AMD FreeSync Premium',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.4',
    feature: 'an immersive 1500R curve for racing and open-world games',
    featureFr: 'une courbure immersive 1500R pour les jeux de course et en monde ouvert',
    curved: true,
  },
  {
    model: 'Predator XB273U',
    family: 'Predator',
    suffixes: ['F3bmiiprx', 'V3bmiiprx'],
    size: '27"',
    res: '2560 x 1440',
    label: 'WQHD',
    tech: 'IPS',
    hz: ['240 Hz', '280 Hz'],
    base: 649,
    response: '0.5 ms (GTG)',
    brightness: '400 nits',
    sync: 'NVIDIA G-SYNC Compatible',
    ports: '2 x HDMI 2.0, 1 x DisplayPort 1.4, USB 3.2 hub',
    feature: 'a 280 Hz overclockable panel with Agile-Splendor colour tuning',
    featureFr: 'un panneau surcadençable à 280 Hz avec réglage des couleurs Agile-Splendor',
  },
  {
    model: 'Predator X27U',
    family: 'Predator',
    suffixes: ['bmiipruzx', 'Xbmiipruzx'],
    size: '27"',
    res: '2560 x 1440',
    label: 'WQHD OLED',
    tech: 'OLED',
    hz: ['240 Hz'],
    base: 999,
    response: '0.03 ms (GTG)',
    brightness: '1000 nits (peak)',
    sync: 'AMD FreeSync Premium Pro',
    ports: '2 x HDMI 2.1, 1 x DisplayPort 1.4, 1 x USB-C (90 W)',
    feature: 'true blacks and near-instant response from an OLED panel',
    featureFr: 'des noirs profonds et une réponse quasi instantanée grâce à un panneau OLED',
  },
  {
    model: 'Predator X34',
    family: 'Predator',
    suffixes: ['Vbmiiphuzx', 'Sbmiiphzx'],
    size: '34"',
    res: '3440 x 1440',
    label: 'UWQHD OLED Curved',
    tech: 'OLED',
    hz: ['175 Hz'],
    base: 1199,
    response: '0.03 ms (GTG)',
    brightness: '1000 nits (peak)',
    sync: 'AMD FreeSync Premium Pro',
    ports: '2 x HDMI 2.1, 1 x DisplayPort 1.4, 1 x USB-C (90 W)',
    feature: 'an 800R curved ultrawide OLED for immersive play',
    featureFr: 'un écran OLED ultralarge incurvé 800R pour un jeu immersif',
    curved: true,
  },
];

function buildMonitor(r: Rand, line: MonitorLine): Built {
  const suffix = r.pick(line.suffixes);
  const hz = r.pick(line.hz);
  const price = line.base + relative(line.hz, hz) * 40 + relative(line.suffixes, suffix) * 20;
  const tech = line.label.includes(line.tech) ? '' : ` ${line.tech}`;
  const name = `Acer ${line.model} ${suffix} ${line.size} ${line.label} ${line.res}${tech} ${compact(hz)}`;
  const details = [
    `Panel: ${line.size} ${line.tech}${line.curved ? ' curved' : ''}`,
    `Resolution: ${line.res} (${line.label.replace(/ (OLED|Curved).*$/, '')})`,
    `Aspect Ratio: ${ASPECT[line.res] ?? '16:9'}`,
    `Refresh Rate: ${hz}`,
    `Response Time: ${line.response}`,
    `Brightness: ${line.brightness}`,
    `Adaptive Sync: ${line.sync}`,
    `Ports: ${line.ports}`,
    'VESA Mount: 100 x 100 mm',
    'In the Box: Power cable, HDMI cable, quick start guide',
  ];
  return {
    name,
    kind: 'monitor',
    skuPrefix: 'UM',
    price,
    minPrice: 129,
    maxPrice: 1299,
    description: `The Acer ${line.model} is a ${line.size} ${line.label.replace(' Curved', '')} monitor offering ${line.feature}. It refreshes at up to ${hz} with ${line.sync}.`,
    details,
    descriptionFr: `L'Acer ${line.model} est un moniteur ${line.label.replace(' Curved', '')} de ${inches(line.size)} offrant ${line.featureFr}. Sa fréquence de rafraîchissement peut atteindre ${hz}, avec ${line.sync}.`,
    detailsFr: [
      `Panneau: ${line.tech}${line.curved ? ' incurvé' : ''} de ${inches(line.size)}`,
      `Résolution: ${line.res} (${line.label.replace(/ (OLED|Curved).*$/, '')})`,
      `Format d'image: ${ASPECT[line.res] ?? '16:9'}`,
      `Fréquence de rafraîchissement: ${hz}`,
      `Temps de réponse: ${dec(line.response)}`,
      `Luminosité: ${line.brightness
        .replace(/^(\d+) nits/, (_, n: string) => `${grouped(Number(n))} cd/m²`)
        .replace('(peak)', '(en crête)')}`,
      `Synchronisation adaptative: ${line.sync}`,
      `Ports: ${fr(line.ports)}`,
      'Fixation VESA: 100 x 100 mm',
      "Contenu de la boîte: câble d'alimentation, câble HDMI, guide de démarrage rapide",
    ],
    fields: {
      product_category: 'Monitor',
      product_series: line.family,
      screen_size: line.size,
      screen_resolution: line.res,
      touchscreen: 'No',
      color: 'Black',
      refresh_rate: hz,
    },
    recertified: 0.3,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Tablets and smartphones

interface HandheldLine {
  series: string;
  family: string;
  model: string;
  category: string;
  kind: ImageKind;
  skuPrefix: string;
  size: string;
  res: string;
  tech: string;
  hz: string;
  cpus: Cpu[];
  mems: number[];
  storage: number[];
  os: string[];
  colors: string[];
  base: number;
  min: number;
  max: number;
  camera: string;
  battery: string;
  extra: string;
  blurb: string;
  /** In French: the blurb ("une tablette ..." / "un téléphone ..."), the camera, battery and extra lines. */
  blurbFr: string;
  cameraFr: string;
  batteryFr: string;
  extraFr: string;
}

const TABLETS: HandheldLine[] = [
  {
    series: 'Iconia Tab P10',
    family: 'Iconia',
    model: 'P10-11',
    category: 'Tablet',
    kind: 'tablet',
    skuPrefix: 'NT',
    size: '10.4"',
    res: '2000 x 1200',
    tech: 'IPS',
    hz: '60 Hz',
    cpus: [C.mtkk500],
    mems: [4, 6],
    storage: [64, 128],
    os: ['Android 13'],
    colors: ['Gray', 'Blue'],
    base: 279,
    min: 179,
    max: 499,
    camera: '8 MP rear, 5 MP front',
    battery: '7,500 mAh, up to 12 hours',
    extra: 'Audio: Quad speakers with DTS:X Ultra',
    blurb: 'a 2K family and business tablet with quad speakers',
    blurbFr: 'une tablette 2K pour la famille et les affaires, avec quatre haut-parleurs',
    cameraFr: 'arrière 8 Mpx, avant 5 Mpx',
    batteryFr: "7\u00a0500 mAh, jusqu'à 12 heures",
    extraFr: 'Audio: quatre haut-parleurs avec DTS:X Ultra',
  },
  {
    series: 'Iconia Tab M10',
    family: 'Iconia',
    model: 'M10-11',
    category: 'Tablet',
    kind: 'tablet',
    skuPrefix: 'NT',
    size: '10.1"',
    res: '1920 x 1200',
    tech: 'IPS',
    hz: '60 Hz',
    cpus: [C.helioP22],
    mems: [4],
    storage: [64],
    os: ['Android 13'],
    colors: ['Silver'],
    base: 199,
    min: 179,
    max: 499,
    camera: '5 MP rear, 2 MP front',
    battery: '6,000 mAh, up to 10 hours',
    extra: 'Expansion: microSD up to 1 TB',
    blurb: 'an affordable tablet for kiosks, field forms and point-of-sale',
    blurbFr: 'une tablette abordable pour les bornes, les formulaires sur le terrain et les points de vente',
    cameraFr: 'arrière 5 Mpx, avant 2 Mpx',
    batteryFr: "6\u00a0000 mAh, jusqu'à 10 heures",
    extraFr: "Extension: microSD jusqu'à 1 To",
  },
  {
    series: 'Iconia Tab P11',
    family: 'Iconia',
    model: 'P11-11',
    category: 'Tablet',
    kind: 'tablet',
    skuPrefix: 'NT',
    size: '11"',
    res: '2000 x 1200',
    tech: 'IPS',
    hz: '90 Hz',
    cpus: [C.helioG99],
    mems: [6, 8],
    storage: [128, 256],
    os: ['Android 14'],
    colors: ['Gray'],
    base: 349,
    min: 179,
    max: 499,
    camera: '13 MP rear, 8 MP front',
    battery: '7,400 mAh, up to 13 hours',
    extra: 'Audio: Quad speakers, 3.5 mm jack',
    blurb: 'a slim 11-inch tablet with a smooth 90 Hz screen',
    blurbFr: 'une tablette mince de 11 po avec un écran fluide de 90 Hz',
    cameraFr: 'arrière 13 Mpx, avant 8 Mpx',
    batteryFr: "7\u00a0400 mAh, jusqu'à 13 heures",
    extraFr: 'Audio: quatre haut-parleurs, prise 3,5 mm',
  },
];

const PHONES: HandheldLine[] = [
  {
    series: 'Liquid Z7',
    family: 'Liquid',
    model: 'Z7',
    category: 'Smartphone',
    kind: 'phone',
    skuPrefix: 'HM',
    size: '6.5"',
    res: '1600 x 720',
    tech: 'IPS',
    hz: '90 Hz',
    cpus: [C.dim6300],
    mems: [4, 6],
    storage: [64, 128],
    os: ['Android 14'],
    colors: ['Black', 'Blue'],
    base: 229,
    min: 179,
    max: 799,
    camera: '50 MP rear, 8 MP front',
    battery: '5,000 mAh, 18 W charging',
    extra: 'Network: 5G, dual SIM',
    blurb: 'an entry 5G smartphone with a large battery for field staff',
    blurbFr:
      "un téléphone intelligent 5G d'entrée de gamme doté d'une grosse batterie pour le personnel sur le terrain",
    cameraFr: 'arrière 50 Mpx, avant 8 Mpx',
    batteryFr: '5\u00a0000 mAh, recharge de 18 W',
    extraFr: 'Réseau: 5G, double SIM',
  },
  {
    series: 'Liquid Jade 3',
    family: 'Liquid',
    model: 'S58',
    category: 'Smartphone',
    kind: 'phone',
    skuPrefix: 'HM',
    size: '6.7"',
    res: '2400 x 1080',
    tech: 'AMOLED',
    hz: '120 Hz',
    cpus: [C.dim6300, C.dim7300],
    mems: [8],
    storage: [128, 256],
    os: ['Android 14'],
    colors: ['Black', 'Green'],
    base: 399,
    min: 179,
    max: 799,
    camera: '64 MP rear, 16 MP front',
    battery: '5,000 mAh, 33 W fast charging',
    extra: 'Network: 5G, dual SIM, NFC',
    blurb: 'a mid-range smartphone with an AMOLED screen and NFC payments',
    blurbFr: 'un téléphone intelligent milieu de gamme avec écran AMOLED et paiements NFC',
    cameraFr: 'arrière 64 Mpx, avant 16 Mpx',
    batteryFr: '5\u00a0000 mAh, recharge rapide de 33 W',
    extraFr: 'Réseau: 5G, double SIM, NFC',
  },
  {
    series: 'Super ZX Pro',
    family: 'Super ZX',
    model: 'ZXP',
    category: 'Smartphone',
    kind: 'phone',
    skuPrefix: 'HM',
    size: '6.7"',
    res: '2400 x 1080',
    tech: 'AMOLED',
    hz: '120 Hz',
    cpus: [C.dim7300],
    mems: [8, 12],
    storage: [256],
    os: ['Android 15'],
    colors: ['Black', 'Silver'],
    base: 549,
    min: 179,
    max: 799,
    camera: '50 MP rear with OIS, 13 MP front',
    battery: '5,000 mAh, 33 W fast charging',
    extra: 'Network: 5G, dual SIM, NFC, IP64',
    blurb: 'a flagship-style smartphone with an optically stabilised camera',
    blurbFr: 'un téléphone intelligent de style haut de gamme avec appareil photo à stabilisation optique',
    cameraFr: 'arrière 50 Mpx avec stabilisation optique, avant 13 Mpx',
    batteryFr: '5\u00a0000 mAh, recharge rapide de 33 W',
    extraFr: 'Réseau: 5G, double SIM, NFC, IP64',
  },
];

function buildHandheld(r: Rand, line: HandheldLine): Built {
  const chip = r.pick(line.cpus);
  const mem = r.pick(line.mems);
  const storage = r.pick(line.storage);
  const os = r.pick(line.os);
  const color = r.pick(line.colors);
  const price =
    line.base +
    chip.add -
    line.cpus[0]!.add +
    relative(line.mems, mem) * 40 +
    relative(line.storage, storage) * 50;
  const tablet = line.kind === 'tablet';
  const name = `Acer ${line.series}${tablet ? ` ${line.model}` : ''} ${line.size} ${chip.model} ${mem}GB ${storage}GB ${os} ${color}`;
  const details = [
    `Processor: ${chip.model} (up to ${chip.speed})`,
    `Memory: ${mem} GB`,
    `Storage: ${storage} GB, expandable by microSD`,
    `Display: ${line.size} ${line.res} ${line.tech} touchscreen`,
    `Aspect Ratio: ${ASPECT[line.res] ?? '16:10'}`,
    `Refresh Rate: ${line.hz}`,
    `Camera: ${line.camera}`,
    `Battery: ${line.battery}`,
    line.extra,
    `Operating System: ${os}`,
  ];
  return {
    name,
    kind: line.kind,
    skuPrefix: line.skuPrefix,
    price,
    minPrice: line.min,
    maxPrice: line.max,
    description: `The Acer ${line.series} is ${line.blurb}. It runs ${os} on the ${chip.model} with ${mem} GB of memory and ${storage} GB of storage.`,
    details,
    descriptionFr: `L'Acer ${line.series} est ${line.blurbFr}. ${tablet ? 'Elle' : 'Il'} fonctionne sous ${os} avec un processeur ${chip.model}, ${mem} Go de mémoire et ${storage} Go de stockage.`,
    detailsFr: [
      `Processeur: ${chip.model} (jusqu'à ${dec(chip.speed)})`,
      `Mémoire: ${mem} Go`,
      `Stockage: ${storage} Go, extensible par carte microSD`,
      `Écran: ${inches(line.size)} ${line.res} ${line.tech}, tactile`,
      `Format d'image: ${ASPECT[line.res] ?? '16:10'}`,
      `Fréquence de rafraîchissement: ${line.hz}`,
      `Appareil photo: ${line.cameraFr}`,
      `Batterie: ${line.batteryFr}`,
      line.extraFr,
      `Système d'exploitation: ${os}`,
    ],
    fields: {
      product_category: line.category,
      product_series: line.family,
      processor_type: chip.type,
      processor_speed: chip.speed,
      standard_memory: `${mem} GB`,
      screen_size: line.size,
      screen_resolution: line.res,
      graphics_card: chip.igpu,
      touchscreen: 'Yes',
      operating_system: os,
      color,
      refresh_rate: line.hz,
    },
    recertified: 0.3,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Accessories

interface AccessoryLine {
  name: string;
  category: string;
  series: string;
  kind: ImageKind;
  skuPrefix?: string;
  base: number;
  colors: string[];
  /** Laptop sizes a bag fits, used as its screen size. */
  fits?: string[];
  /** Graphics cards: the chip and its memory. */
  gpu?: string;
  vram?: string;
  details: string[];
  blurb: string;
  /** In French: the blurb (a sentence) and the details lines. */
  blurbFr: string;
  detailsFr: string[];
}

const BAGS: AccessoryLine[] = [
  {
    name: 'Acer Predator Hybrid Backpack',
    category: 'Backpack',
    series: 'Predator',
    kind: 'bag',
    base: 129,
    colors: ['Black'],
    fits: ['15.6"', '17.3"'],
    details: [
      'Material: Water-resistant 1680D polyester',
      'Capacity: 28 L',
      'Compartments: Padded laptop sleeve, tablet pocket, quick-access front pocket',
      'Features: Luggage strap, hidden anti-theft pocket',
    ],
    blurb: 'A rugged gaming backpack with room for a 17-inch laptop, mouse and headset',
    blurbFr:
      "Un sac à dos de jeu robuste qui accueille un portable de 17 po, une souris et un casque d'écoute",
    detailsFr: [
      "Matériau: polyester 1680D résistant à l'eau",
      'Capacité: 28 L',
      'Compartiments: pochette matelassée pour portable, poche pour tablette, poche avant à accès rapide',
      'Caractéristiques: sangle pour valise à roulettes, poche antivol dissimulée',
    ],
  },
  {
    name: 'Acer Nitro Urban Backpack',
    category: 'Backpack',
    series: 'Nitro',
    kind: 'bag',
    base: 59,
    colors: ['Black'],
    fits: ['15.6"'],
    details: [
      'Material: Water-repellent polyester',
      'Capacity: 20 L',
      'Compartments: Padded laptop sleeve, organiser panel',
      'Features: Breathable back panel, side bottle pocket',
    ],
    blurb: 'A lightweight everyday backpack with a padded laptop compartment',
    blurbFr: 'Un sac à dos léger pour tous les jours avec compartiment matelassé pour portable',
    detailsFr: [
      'Matériau: polyester hydrofuge',
      'Capacité: 20 L',
      'Compartiments: pochette matelassée pour portable, panneau organisateur',
      'Caractéristiques: dos respirant, poche latérale pour bouteille',
    ],
  },
  {
    name: 'Acer Vero OBP Backpack',
    category: 'Backpack',
    series: 'Vero',
    kind: 'bag',
    base: 69,
    colors: ['Gray'],
    fits: ['15.6"'],
    details: [
      'Material: Recycled ocean-bound plastic fabric',
      'Capacity: 22 L',
      'Compartments: Padded laptop sleeve, front zip pocket',
      'Features: Trolley strap, RFID-blocking pocket',
    ],
    blurb: 'A commuter backpack made from ocean-bound recycled plastics',
    blurbFr:
      "Un sac à dos de navetteur fabriqué avec des plastiques recyclés récupérés avant d'atteindre les océans",
    detailsFr: [
      "Matériau: tissu en plastique recyclé récupéré avant d'atteindre les océans",
      'Capacité: 22 L',
      'Compartiments: pochette matelassée pour portable, poche avant à fermeture éclair',
      'Caractéristiques: sangle pour valise à roulettes, poche anti-RFID',
    ],
  },
  {
    name: 'Acer Commercial Carry Case',
    category: 'Carry Case',
    series: 'Commercial',
    kind: 'bag',
    base: 49,
    colors: ['Black'],
    fits: ['14"', '15.6"'],
    details: [
      'Material: Nylon with padded interior',
      'Carry Options: Top handles, detachable shoulder strap',
      'Compartments: Laptop sleeve, document pocket, accessory pocket',
      'Features: Trolley strap',
    ],
    blurb: 'A slim top-loading case for business travel and fleet laptops',
    blurbFr:
      "Une mallette mince à ouverture par le haut pour les voyages d'affaires et les portables du parc informatique",
    detailsFr: [
      'Matériau: nylon avec intérieur matelassé',
      'Transport: poignées sur le dessus, bandoulière amovible',
      'Compartiments: pochette pour portable, poche à documents, poche pour accessoires',
      'Caractéristiques: sangle pour valise à roulettes',
    ],
  },
  {
    name: 'Acer Protective Sleeve',
    category: 'Sleeve',
    series: 'Essentials',
    kind: 'bag',
    base: 29,
    colors: ['Gray', 'Blue', 'Black'],
    fits: ['13.3"', '14"', '15.6"'],
    details: [
      'Material: Neoprene with soft lining',
      'Closure: Dual zipper',
      'Features: Front pocket for charger and cables',
    ],
    blurb: 'A snug padded sleeve that protects a laptop inside another bag',
    blurbFr: "Une housse matelassée ajustée qui protège un portable à l'intérieur d'un autre sac",
    detailsFr: [
      'Matériau: néoprène avec doublure douce',
      'Fermeture: double fermeture éclair',
      'Caractéristiques: poche avant pour le chargeur et les câbles',
    ],
  },
];

const CHARGERS: AccessoryLine[] = [
  {
    name: 'Acer 45W USB-C Travel Charger',
    category: 'Charger',
    series: 'USB-C',
    kind: 'charger',
    base: 39,
    colors: ['White', 'Black'],
    details: [
      'Output: 45 W USB Power Delivery',
      'Input: 100-240 V AC, 50/60 Hz',
      'Cable: 1.8 m USB-C to USB-C',
    ],
    blurb: 'A compact charger for Chromebooks, tablets and phones',
    blurbFr: 'Un chargeur compact pour Chromebook, tablettes et téléphones',
    detailsFr: [
      'Sortie: 45 W USB Power Delivery',
      'Entrée: 100-240 V c.a., 50/60 Hz',
      'Câble: USB-C à USB-C de 1,8 m',
    ],
  },
  {
    name: 'Acer 65W USB-C Power Adapter',
    category: 'Power Adapter',
    series: 'USB-C',
    kind: 'charger',
    base: 49,
    colors: ['Black'],
    details: [
      'Output: 65 W USB Power Delivery (20 V / 3.25 A)',
      'Input: 100-240 V AC, 50/60 Hz',
      'Cable: 1.8 m USB-C, detachable AC cord',
    ],
    blurb: 'The standard replacement adapter for USB-C Swift, Aspire and TravelMate notebooks',
    blurbFr:
      "L'adaptateur de remplacement standard pour les portables Swift, Aspire et TravelMate à recharge USB-C",
    detailsFr: [
      'Sortie: 65 W USB Power Delivery (20 V / 3,25 A)',
      'Entrée: 100-240 V c.a., 50/60 Hz',
      'Câble: USB-C de 1,8 m, cordon c.a. amovible',
    ],
  },
  {
    name: 'Acer 100W GaN USB-C Charger',
    category: 'Charger',
    series: 'USB-C',
    kind: 'charger',
    base: 79,
    colors: ['Black', 'White'],
    details: [
      'Output: 100 W total across 2 x USB-C and 1 x USB-A',
      'Input: 100-240 V AC, 50/60 Hz',
      'Technology: Gallium nitride (GaN)',
    ],
    blurb: 'A small gallium-nitride charger that powers a laptop and a phone at the same time',
    blurbFr: 'Un petit chargeur au nitrure de gallium qui alimente un portable et un téléphone en même temps',
    detailsFr: [
      'Sortie: 100 W au total sur 2 x USB-C et 1 x USB-A',
      'Entrée: 100-240 V c.a., 50/60 Hz',
      'Technologie: nitrure de gallium (GaN)',
    ],
  },
  {
    name: 'Acer 90W Slim AC Adapter',
    category: 'Power Adapter',
    series: 'Barrel',
    kind: 'charger',
    base: 59,
    colors: ['Black'],
    details: [
      'Output: 90 W (19 V / 4.74 A)',
      'Connector: 5.5 x 1.7 mm barrel',
      'Input: 100-240 V AC, 50/60 Hz',
    ],
    blurb: 'A replacement barrel-plug adapter for Aspire and TravelMate notebooks',
    blurbFr: 'Un adaptateur de remplacement à fiche cylindrique pour les portables Aspire et TravelMate',
    detailsFr: [
      'Sortie: 90 W (19 V / 4,74 A)',
      'Connecteur: fiche cylindrique de 5,5 x 1,7 mm',
      'Entrée: 100-240 V c.a., 50/60 Hz',
    ],
  },
  {
    name: 'Acer 230W Predator AC Adapter',
    category: 'Power Adapter',
    series: 'Predator',
    kind: 'charger',
    base: 129,
    colors: ['Black'],
    details: [
      'Output: 230 W (19.5 V / 11.8 A)',
      'Connector: 5.5 x 2.5 mm barrel',
      'Input: 100-240 V AC, 50/60 Hz',
    ],
    blurb: 'A high-output adapter for Predator and Nitro gaming laptops',
    blurbFr: 'Un adaptateur haute puissance pour les portables de jeu Predator et Nitro',
    detailsFr: [
      'Sortie: 230 W (19,5 V / 11,8 A)',
      'Connecteur: fiche cylindrique de 5,5 x 2,5 mm',
      'Entrée: 100-240 V c.a., 50/60 Hz',
    ],
  },
];

const DOCKS: AccessoryLine[] = [
  {
    name: 'Acer USB Type-C Dock II',
    category: 'Docking Station',
    series: 'USB-C',
    kind: 'dock',
    base: 179,
    colors: ['Black'],
    details: [
      'Host Connection: USB-C with 60 W pass-through charging',
      'Video: 2 x HDMI, 1 x DisplayPort, up to 4K at 60 Hz',
      'Ports: 4 x USB-A 3.2, 1 x USB-C, RJ-45 Gigabit Ethernet, 3.5 mm audio',
      'Power: 135 W adapter included',
    ],
    blurb: 'A desk dock that connects monitors, network and peripherals through one cable',
    blurbFr: "Une station d'accueil de bureau qui relie moniteurs, réseau et périphériques par un seul câble",
    detailsFr: [
      "Connexion à l'ordinateur: USB-C, qui recharge l'ordinateur jusqu'à 60 W",
      "Vidéo: 2 x HDMI, 1 x DisplayPort, jusqu'à 4K à 60 Hz",
      'Ports: 4 x USB-A 3.2, 1 x USB-C, Ethernet Gigabit RJ-45, prise audio 3,5 mm',
      'Alimentation: adaptateur de 135 W inclus',
    ],
  },
  {
    name: 'Acer Thunderbolt 4 Dock',
    category: 'Docking Station',
    series: 'Thunderbolt',
    kind: 'dock',
    base: 199,
    colors: ['Black'],
    details: [
      'Host Connection: Thunderbolt 4 with 90 W charging',
      'Video: 2 x HDMI 2.0 or 1 x 8K display',
      'Ports: 3 x Thunderbolt 4, 4 x USB-A 3.2, RJ-45 2.5G Ethernet, SD card reader',
      'Power: 180 W adapter included',
    ],
    blurb: 'A Thunderbolt 4 dock for dual 4K displays and fast storage',
    blurbFr: "Une station d'accueil Thunderbolt 4 pour deux écrans 4K et du stockage rapide",
    detailsFr: [
      "Connexion à l'ordinateur: Thunderbolt 4, qui recharge l'ordinateur jusqu'à 90 W",
      'Vidéo: 2 x HDMI 2.0 ou 1 écran 8K',
      'Ports: 3 x Thunderbolt 4, 4 x USB-A 3.2, Ethernet 2,5 Gb/s RJ-45, lecteur de cartes SD',
      'Alimentation: adaptateur de 180 W inclus',
    ],
  },
  {
    name: 'Acer 12-in-1 USB-C Dongle',
    category: 'USB Hub',
    series: 'USB-C',
    kind: 'dock',
    base: 69,
    colors: ['Gray'],
    details: [
      'Host Connection: USB-C with 100 W pass-through',
      'Video: 2 x HDMI, 1 x VGA',
      'Ports: 3 x USB-A, 1 x USB-C, RJ-45, SD and microSD readers, 3.5 mm audio',
    ],
    blurb: 'A travel dongle that adds HDMI, Ethernet and card readers to any USB-C laptop',
    blurbFr: 'Un adaptateur de voyage qui ajoute HDMI, Ethernet et lecteurs de cartes à tout portable USB-C',
    detailsFr: [
      "Connexion à l'ordinateur: USB-C, qui laisse passer jusqu'à 100 W de recharge",
      'Vidéo: 2 x HDMI, 1 x VGA',
      'Ports: 3 x USB-A, 1 x USB-C, RJ-45, lecteurs SD et microSD, prise audio 3,5 mm',
    ],
  },
  {
    name: 'Acer 7-in-1 USB-C Travel Hub',
    category: 'USB Hub',
    series: 'USB-C',
    kind: 'dock',
    base: 45,
    colors: ['Gray', 'Silver'],
    details: [
      'Host Connection: USB-C with 85 W pass-through',
      'Video: 1 x HDMI, 4K at 30 Hz',
      'Ports: 2 x USB-A 3.2, SD and microSD readers',
    ],
    blurb: 'A pocket-sized hub for presentations and card readers on the road',
    blurbFr: 'Un concentrateur de poche pour les présentations et la lecture de cartes en déplacement',
    detailsFr: [
      "Connexion à l'ordinateur: USB-C, qui laisse passer jusqu'à 85 W de recharge",
      'Vidéo: 1 x HDMI, 4K à 30 Hz',
      'Ports: 2 x USB-A 3.2, lecteurs SD et microSD',
    ],
  },
];

const GRAPHICS_CARDS: AccessoryLine[] = [
  {
    name: 'Acer Predator BiFrost Intel Arc A770 OC 16GB',
    category: 'Graphics Card',
    series: 'Predator BiFrost',
    kind: 'gpu',
    skuPrefix: 'DP',
    base: 379,
    colors: ['Black'],
    gpu: 'Intel Arc A770',
    vram: '16 GB',
    details: [
      'Memory: 16 GB GDDR6, 256-bit',
      'Boost Clock: 2400 MHz',
      'Outputs: 3 x DisplayPort 2.0, 1 x HDMI 2.1',
      'Power: 2 x 8-pin, 650 W PSU recommended',
    ],
    blurb: 'A dual-fan Intel Arc graphics card with FrostBlade cooling and ARGB lighting',
    blurbFr:
      'Une carte graphique Intel Arc à deux ventilateurs avec refroidissement FrostBlade et éclairage ARGB',
    detailsFr: [
      'Mémoire: 16 Go GDDR6, 256 bits',
      'Fréquence boost: 2400 MHz',
      'Sorties: 3 x DisplayPort 2.0, 1 x HDMI 2.1',
      "Alimentation: 2 x 8 broches, bloc d'alimentation de 650 W recommandé",
    ],
  },
  {
    name: 'Acer Predator BiFrost Intel Arc A750 OC 8GB',
    category: 'Graphics Card',
    series: 'Predator BiFrost',
    kind: 'gpu',
    skuPrefix: 'DP',
    base: 279,
    colors: ['Black'],
    gpu: 'Intel Arc A750',
    vram: '8 GB',
    details: [
      'Memory: 8 GB GDDR6, 256-bit',
      'Boost Clock: 2400 MHz',
      'Outputs: 3 x DisplayPort 2.0, 1 x HDMI 2.1',
      'Power: 2 x 8-pin, 600 W PSU recommended',
    ],
    blurb: 'A 1440p-capable Intel Arc card for upgrading office towers into creator machines',
    blurbFr:
      "Une carte Intel Arc capable d'afficher en 1440p, pour transformer des ordinateurs tour de bureau en postes de création",
    detailsFr: [
      'Mémoire: 8 Go GDDR6, 256 bits',
      'Fréquence boost: 2400 MHz',
      'Sorties: 3 x DisplayPort 2.0, 1 x HDMI 2.1',
      "Alimentation: 2 x 8 broches, bloc d'alimentation de 600 W recommandé",
    ],
  },
  {
    name: 'Acer Nitro Intel Arc B580 OC 12GB',
    category: 'Graphics Card',
    series: 'Nitro',
    kind: 'gpu',
    skuPrefix: 'DP',
    base: 369,
    colors: ['Black'],
    gpu: 'Intel Arc B580',
    vram: '12 GB',
    details: [
      'Memory: 12 GB GDDR6, 192-bit',
      'Boost Clock: 2740 MHz',
      'Outputs: 3 x DisplayPort 2.1, 1 x HDMI 2.1a',
      'Power: 1 x 8-pin, 550 W PSU recommended',
    ],
    blurb: 'A second-generation Intel Arc card with XeSS upscaling for modern games',
    blurbFr: "Une carte Intel Arc de deuxième génération avec mise à l'échelle XeSS pour les jeux récents",
    detailsFr: [
      'Mémoire: 12 Go GDDR6, 192 bits',
      'Fréquence boost: 2740 MHz',
      'Sorties: 3 x DisplayPort 2.1, 1 x HDMI 2.1a',
      "Alimentation: 1 x 8 broches, bloc d'alimentation de 550 W recommandé",
    ],
  },
  {
    name: 'Acer Nitro AMD Radeon RX 7600 XT OC 16GB',
    category: 'Graphics Card',
    series: 'Nitro',
    kind: 'gpu',
    skuPrefix: 'DP',
    base: 449,
    colors: ['Black'],
    gpu: 'AMD Radeon RX 7600 XT',
    vram: '16 GB',
    details: [
      'Memory: 16 GB GDDR6, 128-bit',
      'Boost Clock: 2810 MHz',
      'Outputs: 3 x DisplayPort 2.1, 1 x HDMI 2.1',
      'Power: 1 x 8-pin, 600 W PSU recommended',
    ],
    blurb: 'A Radeon graphics card with 16 GB of memory for high-texture 1080p and 1440p gaming',
    blurbFr:
      'Une carte graphique Radeon dotée de 16 Go de mémoire pour jouer en 1080p et en 1440p avec des textures détaillées',
    detailsFr: [
      'Mémoire: 16 Go GDDR6, 128 bits',
      'Fréquence boost: 2810 MHz',
      'Sorties: 3 x DisplayPort 2.1, 1 x HDMI 2.1',
      "Alimentation: 1 x 8 broches, bloc d'alimentation de 600 W recommandé",
    ],
  },
];

const HEADSETS: AccessoryLine[] = [
  {
    name: 'Acer Predator Galea 350 Gaming Headset',
    category: 'Headset',
    series: 'Predator',
    kind: 'headset',
    base: 89,
    colors: ['Black'],
    details: [
      'Drivers: 50 mm neodymium',
      'Connection: USB, 7.1 virtual surround',
      'Microphone: Detachable noise-cancelling boom',
    ],
    blurb: 'A comfortable gaming headset with virtual surround sound and a detachable microphone',
    blurbFr: 'Un casque de jeu confortable avec son ambiophonique virtuel et microphone amovible',
    detailsFr: [
      'Haut-parleurs: 50 mm au néodyme',
      'Connexion: USB, son ambiophonique virtuel 7.1',
      'Microphone: perche antibruit amovible',
    ],
  },
  {
    name: 'Acer Predator Galea 311 Gaming Headset',
    category: 'Headset',
    series: 'Predator',
    kind: 'headset',
    base: 59,
    colors: ['Black'],
    details: ['Drivers: 40 mm', 'Connection: 3.5 mm audio jack', 'Microphone: Flexible boom with mute'],
    blurb: 'A wired gaming headset that works with PCs, consoles and phones',
    blurbFr: 'Un casque de jeu filaire compatible avec les ordinateurs, les consoles et les téléphones',
    detailsFr: [
      'Haut-parleurs: 40 mm',
      'Connexion: prise audio 3,5 mm',
      'Microphone: perche flexible avec sourdine',
    ],
  },
  {
    name: 'Acer Nitro Wireless Gaming Headset',
    category: 'Headset',
    series: 'Nitro',
    kind: 'headset',
    base: 79,
    colors: ['Black', 'Red'],
    details: [
      'Drivers: 40 mm',
      'Connection: 2.4 GHz wireless and Bluetooth 5.3',
      'Battery: Up to 30 hours',
      'Microphone: Retractable boom',
    ],
    blurb: 'A wireless headset with dual-mode connection and long battery life',
    blurbFr: 'Un casque sans fil à double mode de connexion et à grande autonomie',
    detailsFr: [
      'Haut-parleurs: 40 mm',
      'Connexion: sans fil 2,4 GHz et Bluetooth 5.3',
      "Batterie: jusqu'à 30 heures",
      'Microphone: perche rétractable',
    ],
  },
  {
    name: 'Acer USB-C Business Headset',
    category: 'Headset',
    series: 'Commercial',
    kind: 'headset',
    base: 49,
    colors: ['Black'],
    details: [
      'Drivers: 32 mm',
      'Connection: USB-C with USB-A adapter',
      'Microphone: Noise-cancelling boom, in-line controls',
      'Certification: Works with Microsoft Teams and Zoom',
    ],
    blurb: 'A lightweight stereo headset for calls and video meetings',
    blurbFr: 'Un casque stéréo léger pour les appels et les réunions vidéo',
    detailsFr: [
      'Haut-parleurs: 32 mm',
      'Connexion: USB-C avec adaptateur USB-A',
      'Microphone: perche antibruit, commandes sur le câble',
      'Certification: compatible avec Microsoft Teams et Zoom',
    ],
  },
];

const MICE: AccessoryLine[] = [
  {
    name: 'Acer Predator Cestus 335 Gaming Mouse',
    category: 'Gaming Mouse',
    series: 'Predator',
    kind: 'mouse',
    base: 69,
    colors: ['Black'],
    details: [
      'Sensor: 19,000 DPI optical',
      'Buttons: 10 programmable',
      'Connection: USB, 1.8 m braided cable',
    ],
    blurb: 'A wired gaming mouse with a precise optical sensor and programmable buttons',
    blurbFr: 'Une souris de jeu filaire avec capteur optique précis et boutons programmables',
    detailsFr: [
      'Capteur: optique, 19\u00a0000 ppp',
      'Boutons: 10 programmables',
      'Connexion: USB, câble tressé de 1,8 m',
    ],
  },
  {
    name: 'Acer Predator Cestus 350 Wireless Gaming Mouse',
    category: 'Gaming Mouse',
    series: 'Predator',
    kind: 'mouse',
    base: 99,
    colors: ['Black'],
    details: [
      'Sensor: 16,000 DPI optical',
      'Buttons: 8 programmable',
      'Connection: 2.4 GHz wireless or USB cable',
      'Battery: Up to 60 hours',
    ],
    blurb: 'A wireless gaming mouse with low-latency 2.4 GHz connection',
    blurbFr: 'Une souris de jeu sans fil avec connexion 2,4 GHz à faible latence',
    detailsFr: [
      'Capteur: optique, 16\u00a0000 ppp',
      'Boutons: 8 programmables',
      'Connexion: sans fil 2,4 GHz ou câble USB',
      "Batterie: jusqu'à 60 heures",
    ],
  },
  {
    name: 'Acer Nitro Gaming Mouse NMW120',
    category: 'Gaming Mouse',
    series: 'Nitro',
    kind: 'mouse',
    base: 29,
    colors: ['Black'],
    details: ['Sensor: 4,200 DPI optical', 'Buttons: 6', 'Connection: USB, 1.5 m cable'],
    blurb: 'An affordable gaming mouse with adjustable DPI and red backlighting',
    blurbFr: 'Une souris de jeu abordable avec résolution réglable et rétroéclairage rouge',
    detailsFr: ['Capteur: optique, 4\u00a0200 ppp', 'Boutons: 6', 'Connexion: USB, câble de 1,5 m'],
  },
  {
    name: 'Acer Vero Wireless Mouse',
    category: 'Mouse',
    series: 'Vero',
    kind: 'mouse',
    base: 29,
    colors: ['Gray'],
    details: [
      'Sensor: 1,600 DPI optical',
      'Connection: 2.4 GHz USB receiver',
      'Battery: 1 x AA, up to 12 months',
    ],
    blurb: 'A quiet wireless office mouse made with recycled plastics',
    blurbFr: 'Une souris de bureau sans fil silencieuse fabriquée avec des plastiques recyclés',
    detailsFr: [
      'Capteur: optique, 1\u00a0600 ppp',
      'Connexion: récepteur USB 2,4 GHz',
      "Pile: 1 x AA, jusqu'à 12 mois",
    ],
  },
  {
    name: 'Acer Bluetooth Mouse AMR120',
    category: 'Mouse',
    series: 'Essentials',
    kind: 'mouse',
    base: 24,
    colors: ['Black', 'White', 'Silver'],
    details: ['Sensor: 1,200 DPI optical', 'Connection: Bluetooth 5.1', 'Battery: 1 x AA, up to 12 months'],
    blurb: 'A slim Bluetooth mouse that pairs without a receiver',
    blurbFr: 'Une souris Bluetooth mince qui se jumelle sans récepteur',
    detailsFr: [
      'Capteur: optique, 1\u00a0200 ppp',
      'Connexion: Bluetooth 5.1',
      "Pile: 1 x AA, jusqu'à 12 mois",
    ],
  },
  {
    name: 'Acer Wired Optical Mouse',
    category: 'Mouse',
    series: 'Essentials',
    kind: 'mouse',
    base: 19,
    colors: ['Black'],
    details: ['Sensor: 1,000 DPI optical', 'Connection: USB, 1.5 m cable', 'Buttons: 3 with scroll wheel'],
    blurb: 'A plug-and-play wired mouse for shared desks and classrooms',
    blurbFr: "Une souris filaire prête à l'emploi pour les postes partagés et les salles de classe",
    detailsFr: [
      'Capteur: optique, 1\u00a0000 ppp',
      'Connexion: USB, câble de 1,5 m',
      'Boutons: 3, avec molette de défilement',
    ],
  },
];

function buildAccessory(r: Rand, line: AccessoryLine): Built {
  const color = r.pick(line.colors);
  const fits = line.fits ? r.pick(line.fits) : '';
  const price = line.base + (line.fits ? relative(line.fits, fits) * 10 : 0) + r.int(0, 1) * 10;
  const name = `${line.name}${fits ? ` for ${fits} Laptops` : ''}${line.colors.length > 1 ? ` - ${color}` : ''}`;
  const details = [
    `Product Type: ${line.category}`,
    ...(fits ? [`Fits: Laptops up to ${fits}`] : []),
    ...line.details,
    `Colour: ${color}`,
    'Warranty: 1 year limited',
  ];
  const isGpu = line.kind === 'gpu';
  return {
    name,
    kind: line.kind,
    skuPrefix: line.skuPrefix ?? 'GP',
    price,
    minPrice: 19,
    maxPrice: isGpu ? 799 : 199,
    description: `${line.blurb}. ${isGpu ? 'Sold as a retail-boxed upgrade card.' : 'Backed by a one-year limited Acer warranty.'}`,
    details,
    descriptionFr: `${line.blurbFr}. ${isGpu ? 'Carte de mise à niveau vendue en boîte.' : "Garantie limitée Acer d'un an incluse."}`,
    detailsFr: [
      `Type de produit: ${fr(line.category)}`,
      ...(fits ? [`Compatibilité: portables jusqu'à ${inches(fits)}`] : []),
      ...line.detailsFr,
      `Couleur: ${fr(color)}`,
      "Garantie: limitée d'un an",
    ],
    fields: {
      product_category: line.category,
      product_series: line.series,
      screen_size: fits,
      graphics_card: line.gpu ?? '',
      standard_memory: line.vram ?? '',
      color,
    },
    recertified: 0.1,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Extended warranties

interface WarrantyLine {
  target: string;
  eligible: string;
  /** In French: what the plan covers ("des ordinateurs portables") and the eligible products. */
  targetFr: string;
  eligibleFr: string;
  years: number[];
  services: string[];
  base: number;
  perYear: number;
}

const WARRANTIES: Record<string, WarrantyLine> = {
  Laptop: {
    target: 'Notebooks',
    eligible: 'Acer Aspire, Swift, TravelMate, Nitro and Predator notebooks',
    targetFr: 'des ordinateurs portables',
    eligibleFr: 'Ordinateurs portables Acer Aspire, Swift, TravelMate, Nitro et Predator',
    years: [2, 3, 4],
    services: ['Carry-In', 'Depot'],
    base: 99,
    perYear: 60,
  },
  Desktop: {
    target: 'Desktops',
    eligible: 'Acer Veriton, Aspire, Nitro and Predator desktops and all-in-ones',
    targetFr: 'des ordinateurs de bureau',
    eligibleFr: 'Ordinateurs de bureau et tout-en-un Acer Veriton, Aspire, Nitro et Predator',
    years: [3, 4, 5],
    services: ['Carry-In', 'On-Site Next Business Day'],
    base: 89,
    perYear: 50,
  },
  Display: {
    target: 'Monitors',
    eligible: 'Acer CB, Vero, Nitro and Predator monitors',
    targetFr: 'des moniteurs',
    eligibleFr: 'Moniteurs Acer CB, Vero, Nitro et Predator',
    years: [3, 5],
    services: ['Depot', 'Advance Exchange'],
    base: 49,
    perYear: 20,
  },
  Smartphone: {
    target: 'Smartphones',
    eligible: 'Acer Liquid and Super ZX smartphones',
    targetFr: 'des téléphones intelligents',
    eligibleFr: 'Téléphones intelligents Acer Liquid et Super ZX',
    years: [2, 3],
    services: ['Depot'],
    base: 49,
    perYear: 30,
  },
  Tablet: {
    target: 'Tablets',
    eligible: 'Acer Iconia tablets',
    targetFr: 'des tablettes',
    eligibleFr: 'Tablettes Acer Iconia',
    years: [2, 3],
    services: ['Depot'],
    base: 49,
    perYear: 25,
  },
};

/** Service types in French: as a spec value, and as said after "avec service". */
const SERVICE_FR: Record<string, { name: string; phrase: string }> = {
  'Carry-In': { name: 'En atelier', phrase: 'en atelier' },
  Depot: { name: 'En centre de réparation', phrase: 'en centre de réparation' },
  'On-Site Next Business Day': {
    name: 'Sur place, jour ouvrable suivant',
    phrase: 'sur place le jour ouvrable suivant',
  },
  'Advance Exchange': { name: 'Échange anticipé', phrase: "d'échange anticipé" },
};

function buildWarranty(r: Rand, sub: string): Built {
  const line = WARRANTIES[sub]!;
  const years = r.pick(line.years);
  const service = r.pick(line.services);
  const accidental = r.chance(0.35);
  const price =
    line.base +
    relative(line.years, years) * line.perYear +
    relative(line.services, service) * 30 +
    (accidental ? line.perYear + 20 : 0);
  const name = `Acer Care Plus ${years}-Year Extended Warranty for ${line.target} - ${service}${
    accidental ? ' with Accidental Damage Protection' : ''
  }`;
  const details = [
    'Plan: Acer Care Plus',
    `Term: ${years} years from the original purchase date`,
    'Coverage: Parts and labour for manufacturing defects',
    `Service Type: ${service}`,
    `Accidental Damage: ${accidental ? 'Included, one claim per year' : 'Not included'}`,
    `Eligible Products: ${line.eligible}`,
    'Registration: Within 90 days of the product purchase',
    'Delivery: Electronic certificate sent by e-mail',
  ];
  const serviceFr = SERVICE_FR[service]!;
  return {
    name,
    kind: 'warranty',
    skuPrefix: 'SV',
    price,
    minPrice: 49,
    maxPrice: 399,
    description: `Extends coverage of ${line.target.toLowerCase()} to ${years} years of parts and labour with ${service.toLowerCase()} service${
      accidental ? ', including accidental damage such as drops and spills' : ''
    }. Claims are handled by the warranty provider.`,
    details,
    descriptionFr: `Prolonge à ${years} ans la couverture ${line.targetFr}, pièces et main-d'œuvre, avec service ${serviceFr.phrase}${
      accidental ? ', y compris les dommages accidentels comme les chutes et les déversements' : ''
    }. Les réclamations sont traitées par le fournisseur de la garantie.`,
    detailsFr: [
      'Programme: Acer Care Plus',
      `Durée: ${years} ans à compter de la date d'achat initiale`,
      "Couverture: pièces et main-d'œuvre pour les défauts de fabrication",
      `Type de service: ${serviceFr.name}`,
      `Dommages accidentels: ${accidental ? 'inclus, une réclamation par année' : 'non inclus'}`,
      `Produits admissibles: ${line.eligibleFr}`,
      "Enregistrement: dans les 90 jours suivant l'achat du produit",
      'Livraison: certificat électronique envoyé par courriel',
    ],
    fields: { product_category: 'Extended Warranty', product_series: 'Acer Care Plus' },
    recertified: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Segments: where items go and how often

interface Segment {
  category: string;
  sub: string;
  weight: number;
  build: (r: Rand) => Built;
}

const computers = (lines: ComputerLine[]) => (r: Rand) => buildComputer(r, r.pick(lines));
const monitors = (lines: MonitorLine[]) => (r: Rand) => buildMonitor(r, r.pick(lines));
const handhelds = (lines: HandheldLine[]) => (r: Rand) => buildHandheld(r, r.pick(lines));
const accessories = (lines: AccessoryLine[]) => (r: Rand) => buildAccessory(r, r.pick(lines));
const warranty = (sub: string) => (r: Rand) => buildWarranty(r, sub);

const SEGMENTS: Segment[] = [
  { category: 'Notebook', sub: '', weight: 8, build: computers(NOTEBOOKS) },
  { category: 'Desktop', sub: 'AIO', weight: 2, build: computers(AIOS) },
  { category: 'Desktop', sub: 'Chromebox', weight: 1, build: computers(CHROMEBOXES) },
  { category: 'Desktop', sub: 'Gaming', weight: 2, build: computers(GAMING_DESKTOPS) },
  { category: 'Desktop', sub: 'Tower', weight: 2, build: computers(TOWERS) },
  { category: 'Desktop', sub: 'WorkHome', weight: 2, build: computers(WORK_HOME) },
  { category: 'AIO', sub: '', weight: 3, build: computers(AIOS) },
  { category: 'Chromebook', sub: '', weight: 4, build: computers(CHROMEBOOKS) },
  { category: 'Display', sub: '', weight: 5, build: monitors(OFFICE_MONITORS) },
  { category: 'Tablet', sub: '', weight: 2, build: handhelds(TABLETS) },
  { category: 'Accessories', sub: 'BackpackCase', weight: 2, build: accessories(BAGS) },
  { category: 'Accessories', sub: 'Charger', weight: 2, build: accessories(CHARGERS) },
  { category: 'Accessories', sub: 'DockingStation', weight: 2, build: accessories(DOCKS) },
  { category: 'Accessories', sub: 'GraphicsCard', weight: 1, build: accessories(GRAPHICS_CARDS) },
  { category: 'Accessories', sub: 'Headset', weight: 2, build: accessories(HEADSETS) },
  { category: 'Accessories', sub: 'Mice', weight: 2, build: accessories(MICE) },
  { category: 'Gaming', sub: 'Desktop', weight: 2, build: computers(GAMING_DESKTOPS) },
  { category: 'Gaming', sub: 'Notebook', weight: 3, build: computers(GAMING_NOTEBOOKS) },
  { category: 'Gaming', sub: 'Display', weight: 2, build: monitors(GAMING_MONITORS) },
  { category: 'Warranty', sub: 'Desktop', weight: 1, build: warranty('Desktop') },
  { category: 'Warranty', sub: 'Laptop', weight: 2, build: warranty('Laptop') },
  { category: 'Warranty', sub: 'Display', weight: 1, build: warranty('Display') },
  { category: 'Warranty', sub: 'Smartphone', weight: 1, build: warranty('Smartphone') },
  { category: 'Warranty', sub: 'Tablet', weight: 1, build: warranty('Tablet') },
  { category: 'Smartphone', sub: '', weight: 2, build: handhelds(PHONES) },
];

/** Smooth weighted round-robin: every segment appears in each cycle, spread out rather than bunched. */
function segmentCycle(): Segment[] {
  const total = SEGMENTS.reduce((sum, s) => sum + s.weight, 0);
  const current = SEGMENTS.map(() => 0);
  const cycle: Segment[] = [];
  for (let step = 0; step < total; step++) {
    let best = 0;
    for (let i = 0; i < SEGMENTS.length; i++) {
      current[i]! += SEGMENTS[i]!.weight;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    cycle.push(SEGMENTS[best]!);
  }
  return cycle;
}

// ---------------------------------------------------------------------------------------------------------
// Ids, prices, dates

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CODE_SPACE = 26 * 26 * 26;

/** An Acer-style part number, unique per index: a scrambled 3-letter code plus a 3-digit batch. */
function skuFor(prefix: string, index: number): string {
  let n = (index * 7919 + 4021) % CODE_SPACE;
  let code = '';
  for (let i = 0; i < 3; i++) {
    code = ALPHABET[n % 26]! + code;
    n = Math.floor(n / 26);
  }
  const batch = String(1 + Math.floor(index / CODE_SPACE)).padStart(3, '0');
  return `${prefix}.${code}AA.${batch}`;
}

/** A dollar amount as whole cents ending in .99, e.g. 1299.99 -> 129999. */
function cents99(dollars: number): number {
  const whole = Math.max(9, Math.round(dollars / 10) * 10 - 1);
  return whole * 100 + 99;
}

/** A discounted price strictly below the price, ending in .99. */
function discounted(priceCents: number, factor: number): number {
  const value = cents99((priceCents / 100) * factor);
  return value < priceCents ? value : Math.max(99, priceCents - 1000);
}

const LISTED_FROM = Date.UTC(2024, 0, 1);
const LISTED_TO = Date.UTC(2026, 9, 31, 23, 59);
const MINUTE = 60_000;

function imageLink(kind: string, variant: number): string {
  return `https://drive.google.com/file/d/demo-${kind}-${variant}/view`;
}

const BOXED_KINDS = new Set<ImageKind>(['bag', 'charger', 'dock', 'gpu', 'headset', 'mouse']);

// ---------------------------------------------------------------------------------------------------------
// The generator

/** `count` demo products, the same on every call; about one non-warranty item in five is also scratch-and-dent. */
export function generateCatalog(count: number): ProductInput[] {
  const r = new Rand(SEED);
  const cycle = segmentCycle();
  const products: ProductInput[] = [];
  let idCounter = 1_234_567;
  let nonWarranty = 0;
  let scratchSlot = 0;

  for (let index = 0; index < count; index++) {
    const segment = cycle[index % cycle.length]!;
    const built = segment.build(r);
    const isWarranty = segment.category === 'Warranty';

    const condition: ProductInput['item_condition'] = isWarranty
      ? 'Warranty'
      : r.chance(built.recertified)
        ? 'Recertified'
        : 'BrandNew';
    const factor = condition === 'Recertified' ? 0.72 + r.next() * 0.1 : 1;
    const price = cents99(Math.min(built.maxPrice, Math.max(built.minPrice, built.price * factor)));

    const isSale = r.chance(0.2);
    const salePrice = isSale && !r.chance(0.08) ? discounted(price, 0.78 + r.next() * 0.15) : 0;

    // Exactly one in every five non-warranty items also has a scratch-and-dent offer, at a random place.
    let isScratchDent = false;
    if (!isWarranty) {
      if (nonWarranty % 5 === 0) scratchSlot = r.int(0, 4);
      isScratchDent = nonWarranty % 5 === scratchSlot;
      nonWarranty++;
    }
    const scratchStock = isScratchDent && !r.chance(0.2) ? r.int(1, 12) : 0;
    // An offer always has its own price (the form refuses one without); the draw that once left a few
    // without is kept, so the rest of the catalog stays as it was.
    const plainScratchPrice = isScratchDent && r.chance(0.1);
    const scratchPrice = !isScratchDent
      ? 0
      : plainScratchPrice
        ? discounted(price, 0.75)
        : discounted(price, 0.65 + r.next() * 0.2);

    const stock = isWarranty || r.chance(0.12) ? 0 : 1 + Math.floor(119 * r.next() ** 2);
    const isActive = !r.chance(0.03);
    const isFeatured = condition !== 'Warranty' && isActive && stock > 0 && r.chance(0.08);
    const popularity = Math.floor(1001 * r.next() ** 1.5);
    const listedAt = new Date(
      LISTED_FROM + Math.floor((r.next() * (LISTED_TO - LISTED_FROM)) / MINUTE) * MINUTE,
    ).toISOString();

    const variant = r.int(1, 6);
    const main = imageLink(built.kind, variant);
    const images = [main];
    const extra = r.int(0, 2);
    for (let k = 1; k <= extra; k++) {
      const kind = k === 2 && BOXED_KINDS.has(built.kind) ? 'accessory' : built.kind;
      images.push(imageLink(kind, ((variant - 1 + k) % 6) + 1));
    }

    idCounter += r.int(1, 40);
    const f = built.fields;
    products.push({
      item_id: `509186400${String(idCounter).padStart(10, '0')}`,
      item_name: built.name,
      sku: skuFor(built.skuPrefix, index),
      category: segment.category,
      sub_category: segment.sub,
      description: built.description,
      details: built.details.join('\n'),
      description_fr: built.descriptionFr,
      details_fr: built.detailsFr.join('\n'),
      product_category: f.product_category ?? '',
      product_series: f.product_series ?? '',
      processor_type: f.processor_type ?? '',
      processor_speed: f.processor_speed ?? '',
      standard_memory: f.standard_memory ?? '',
      screen_size: f.screen_size ?? '',
      screen_resolution: f.screen_resolution ?? '',
      graphics_card: f.graphics_card ?? '',
      solid_state_drive: f.solid_state_drive ?? '',
      touchscreen: f.touchscreen ?? '',
      operating_system: f.operating_system ?? '',
      color: f.color ?? '',
      refresh_rate: f.refresh_rate ?? '',
      is_active: isActive,
      item_condition: condition,
      is_sale: isSale,
      is_scratch_dent: isScratchDent,
      stock,
      scratch_dent_stock: scratchStock,
      price_cents: price,
      sale_price_cents: salePrice,
      scratch_dent_price_cents: scratchPrice,
      main_image: main,
      images,
      is_featured: isFeatured,
      popularity,
      listed_at: listedAt,
    });
  }
  markModels(products);
  keepScratchDentBelowRecertified(products);
  for (const p of products) {
    const breaks = volumeBreaksOf(p);
    if (breaks) p.price_breaks = breaks;
  }
  return products;
}

/**
 * The demo's volume prices (docs/decisions/018-volume-prices.md), as the import writes them: business buyers
 * fit out offices and classrooms in lots, so accessories, Chromebooks and office monitors take quantity
 * breaks, on their own condition, when their stock reaches the first break. A scratch-and-dent offer, a few
 * units at its own low price, gets none, nor does the item that carries it.
 */
const VOLUME_LADDERS: Record<string, string> = {
  'Accessories/BackpackCase': '10:3|25:5|50:8',
  'Accessories/Charger': '10:3|25:5|50:8',
  'Accessories/DockingStation': '10:3|25:5',
  'Accessories/Headset': '10:3|25:5|50:8',
  'Accessories/Mice': '10:3|25:5|50:8',
  'Chromebook/': '10:2|30:4',
  'Display/': '10:2|20:4',
};

function volumeBreaksOf(p: ProductInput): PriceBreak[] | undefined {
  const ladder = VOLUME_LADDERS[`${p.category}/${p.sub_category}`];
  if (!ladder || p.is_scratch_dent || p.item_condition === 'Warranty') return undefined;
  const read = parseBreaksCell(ladder, p.item_condition);
  if ('error' in read) throw new Error(`demo volume prices ${ladder}: ${read.error}`);
  return p.stock >= read.breaks[0]!.min_quantity ? read.breaks : undefined;
}

/**
 * Scratch and dent sells for less than the same model recertified: an offer the draw priced at or above what
 * a buyer pays for the model's cheapest recertified item (its sale price when on sale) goes a tenth below it.
 */
function keepScratchDentBelowRecertified(products: ProductInput[]): void {
  const cheapest = new Map<string, number>();
  for (const p of products) {
    if (!p.model || p.item_condition !== 'Recertified') continue;
    const paid = unitPrice({
      item_condition: 'Recertified',
      is_sale: p.is_sale,
      price: p.price_cents,
      sale_price: p.sale_price_cents,
      scratch_dent_price: 0,
    });
    cheapest.set(p.model, Math.min(paid, cheapest.get(p.model) ?? paid));
  }
  for (const p of products) {
    const ceiling = p.model ? cheapest.get(p.model) : undefined;
    if (ceiling === undefined || !p.is_scratch_dent || p.scratch_dent_price_cents < ceiling) continue;
    p.scratch_dent_price_cents = discounted(ceiling, 0.9);
  }
}

/**
 * Items sold under the same name in different conditions (or with a scratch-and-dent offer beside another
 * item of that name) are one model: buyers compare them on the product page.
 */
function markModels(products: ProductInput[]): void {
  const byName = new Map<string, ProductInput[]>();
  for (const p of products) {
    if (p.item_condition === 'Warranty') continue;
    const group = byName.get(p.item_name);
    if (group) group.push(p);
    else byName.set(p.item_name, [p]);
  }
  for (const group of byName.values()) {
    const offers = new Set(
      group.flatMap((p) => [p.item_condition, ...(p.is_scratch_dent ? ['ScratchDent'] : [])]),
    );
    if (group.length < 2 || offers.size < 2) continue;
    const model = group[0]!.item_name;
    for (const p of group) p.model = model;
  }
}
