/**
 * Product pictures for the demo catalog: flat illustrations drawn with simple shapes, one per kind of product.
 * An image id reads demo-{kind}-{n}; n picks the accent colour. Output depends only on the id.
 */

const ACCENTS = ['#83b81a', '#1f7ae0', '#e0452b', '#f59e0b', '#7c3aed', '#0d9488'];

const DARK = '#2b3038';
const MID = '#5b6470';
const SILVER = '#c9ced6';
const LIGHT = '#e6e9ee';
const SCREEN = '#18202b';

interface Colors {
  a: string;
}

type Draw = (c: Colors) => string;

const wallpaper = (x: number, y: number, w: number, h: number, a: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${SCREEN}"/>` +
  `<path d="M${x} ${y + h * 0.7}Q${x + w * 0.35} ${y + h * 0.35} ${x + w} ${y + h * 0.55}V${y + h}H${x}Z" fill="${a}" opacity=".85"/>`;

const laptop =
  (body: string, deck: string): Draw =>
  ({ a }) =>
    `<rect x="200" y="210" width="600" height="410" rx="20" fill="${body}"/>` +
    wallpaper(225, 235, 550, 360, a) +
    `<path d="M150 640H850L905 710H95Z" fill="${deck}"/>` +
    `<rect x="95" y="708" width="810" height="20" rx="10" fill="${MID}"/>` +
    `<rect x="440" y="650" width="120" height="40" rx="6" fill="${LIGHT}" opacity=".6"/>`;

const DRAWINGS: Record<string, { title: string; draw: Draw }> = {
  notebook: { title: 'Notebook', draw: laptop(DARK, SILVER) },
  chromebook: {
    title: 'Chromebook',
    draw: (c) =>
      laptop('#3a4250', LIGHT)(c) +
      `<circle cx="500" cy="400" r="48" fill="#fff"/><circle cx="500" cy="400" r="22" fill="${c.a}"/>`,
  },
  desktop: {
    title: 'Desktop tower',
    draw: ({ a }) =>
      `<rect x="340" y="150" width="320" height="690" rx="24" fill="${DARK}"/>` +
      `<rect x="372" y="190" width="22" height="610" rx="11" fill="${a}"/>` +
      `<circle cx="600" cy="210" r="18" fill="${a}"/>` +
      `<rect x="430" y="260" width="190" height="14" rx="7" fill="${MID}"/>` +
      `<rect x="430" y="294" width="190" height="14" rx="7" fill="${MID}"/>` +
      `<rect x="430" y="700" width="60" height="20" rx="6" fill="${MID}"/>` +
      `<rect x="510" y="700" width="60" height="20" rx="6" fill="${MID}"/>`,
  },
  aio: {
    title: 'All-in-one computer',
    draw: ({ a }) =>
      `<rect x="140" y="150" width="720" height="480" rx="22" fill="${DARK}"/>` +
      wallpaper(165, 175, 670, 390, a) +
      `<rect x="140" y="590" width="720" height="40" fill="${SILVER}"/>` +
      `<path d="M450 630H550L580 790H420Z" fill="${SILVER}"/>` +
      `<rect x="330" y="785" width="340" height="30" rx="15" fill="${MID}"/>`,
  },
  monitor: {
    title: 'Monitor',
    draw: ({ a }) =>
      `<rect x="110" y="170" width="780" height="460" rx="14" fill="${DARK}"/>` +
      wallpaper(126, 186, 748, 410, a) +
      `<rect x="470" y="630" width="60" height="150" fill="${MID}"/>` +
      `<path d="M330 800Q500 760 670 800V820H330Z" fill="${DARK}"/>` +
      `<circle cx="500" cy="613" r="6" fill="${a}"/>`,
  },
  tablet: {
    title: 'Tablet',
    draw: ({ a }) =>
      `<rect x="290" y="140" width="420" height="680" rx="44" fill="${DARK}"/>` +
      wallpaper(318, 190, 364, 580, a) +
      `<circle cx="500" cy="166" r="8" fill="${MID}"/>`,
  },
  phone: {
    title: 'Smartphone',
    draw: ({ a }) =>
      `<rect x="360" y="120" width="280" height="720" rx="46" fill="${DARK}"/>` +
      wallpaper(380, 160, 240, 640, a) +
      `<rect x="460" y="136" width="80" height="12" rx="6" fill="${MID}"/>`,
  },
  bag: {
    title: 'Backpack',
    draw: ({ a }) =>
      `<path d="M430 230Q430 160 500 160Q570 160 570 230" fill="none" stroke="${MID}" stroke-width="26"/>` +
      `<rect x="300" y="210" width="400" height="590" rx="90" fill="${DARK}"/>` +
      `<rect x="350" y="500" width="300" height="240" rx="40" fill="${MID}"/>` +
      `<path d="M360 560H640" stroke="${a}" stroke-width="12" stroke-linecap="round"/>` +
      `<rect x="470" y="300" width="60" height="60" rx="12" fill="${a}"/>`,
  },
  charger: {
    title: 'Charger',
    draw: ({ a }) =>
      `<path d="M500 600C500 760 300 700 260 820" fill="none" stroke="${DARK}" stroke-width="18" stroke-linecap="round"/>` +
      `<rect x="340" y="300" width="320" height="300" rx="36" fill="${DARK}"/>` +
      `<rect x="450" y="230" width="24" height="80" rx="6" fill="${SILVER}"/>` +
      `<rect x="526" y="230" width="24" height="80" rx="6" fill="${SILVER}"/>` +
      `<circle cx="500" cy="450" r="16" fill="${a}"/>` +
      `<rect x="230" y="800" width="60" height="36" rx="8" fill="${MID}"/>`,
  },
  dock: {
    title: 'Docking station',
    draw: ({ a }) =>
      `<path d="M250 520C150 520 160 680 90 700" fill="none" stroke="${DARK}" stroke-width="16" stroke-linecap="round"/>` +
      `<rect x="240" y="420" width="520" height="180" rx="30" fill="${DARK}"/>` +
      `<rect x="240" y="575" width="520" height="10" fill="${a}"/>` +
      [300, 370, 440, 510, 580]
        .map((x) => `<rect x="${x}" y="480" width="50" height="26" rx="5" fill="${MID}"/>`)
        .join('') +
      `<circle cx="690" cy="493" r="14" fill="${a}"/>`,
  },
  gpu: {
    title: 'Graphics card',
    draw: ({ a }) =>
      `<rect x="130" y="320" width="40" height="330" fill="${SILVER}"/>` +
      `<rect x="160" y="320" width="720" height="300" rx="22" fill="${DARK}"/>` +
      `<rect x="260" y="620" width="420" height="36" fill="#d4a017"/>` +
      [350, 650]
        .map(
          (cx) =>
            `<circle cx="${cx}" cy="470" r="115" fill="${MID}"/><circle cx="${cx}" cy="470" r="115" fill="none" stroke="${a}" stroke-width="10"/><circle cx="${cx}" cy="470" r="30" fill="${DARK}"/>`,
        )
        .join(''),
  },
  headset: {
    title: 'Headset',
    draw: ({ a }) =>
      `<path d="M290 560V450Q290 220 500 220Q710 220 710 450V560" fill="none" stroke="${DARK}" stroke-width="40"/>` +
      `<rect x="230" y="500" width="130" height="230" rx="50" fill="${DARK}"/>` +
      `<rect x="640" y="500" width="130" height="230" rx="50" fill="${DARK}"/>` +
      `<rect x="255" y="560" width="18" height="110" rx="9" fill="${a}"/>` +
      `<rect x="727" y="560" width="18" height="110" rx="9" fill="${a}"/>` +
      `<path d="M300 720Q330 800 440 800" fill="none" stroke="${MID}" stroke-width="14" stroke-linecap="round"/>`,
  },
  mouse: {
    title: 'Mouse',
    draw: ({ a }) =>
      `<rect x="360" y="220" width="280" height="500" rx="140" fill="${DARK}"/>` +
      `<path d="M500 220V420M360 420H640" stroke="${MID}" stroke-width="8"/>` +
      `<rect x="486" y="290" width="28" height="70" rx="14" fill="${a}"/>` +
      `<path d="M500 220Q500 140 580 120" fill="none" stroke="${MID}" stroke-width="10"/>`,
  },
  warranty: {
    title: 'Extended warranty',
    draw: ({ a }) =>
      `<path d="M500 150L770 250V480Q770 720 500 850Q230 720 230 480V250Z" fill="${a}"/>` +
      `<path d="M500 200L720 285V480Q720 690 500 800Z" fill="#fff" opacity=".18"/>` +
      `<path d="M380 500L470 590L640 400" fill="none" stroke="#fff" stroke-width="48" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  chromebox: {
    title: 'Chromebox',
    draw: ({ a }) =>
      `<path d="M280 440L420 360H740L600 440Z" fill="${MID}"/>` +
      `<path d="M600 440L740 360V560L600 640Z" fill="${SCREEN}"/>` +
      `<rect x="280" y="440" width="320" height="200" fill="${DARK}"/>` +
      `<circle cx="440" cy="540" r="36" fill="#fff"/><circle cx="440" cy="540" r="16" fill="${a}"/>` +
      `<rect x="310" y="600" width="40" height="14" rx="4" fill="${SILVER}"/>`,
  },
  accessory: {
    title: 'Accessory',
    draw: ({ a }) =>
      `<path d="M250 360L500 250L750 360L500 470Z" fill="${SILVER}"/>` +
      `<path d="M250 360V680L500 800V470Z" fill="${LIGHT}"/>` +
      `<path d="M750 360V680L500 800V470Z" fill="${SILVER}" opacity=".8"/>` +
      `<path d="M375 305L625 415V500L375 390Z" fill="${a}"/>`,
  },
};

function frame(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="1000" height="1000" role="img">` +
    `<title>${title}</title>` +
    `<rect width="1000" height="1000" fill="#f4f6f8"/>` +
    `<ellipse cx="500" cy="860" rx="380" ry="26" fill="#000" opacity=".07"/>` +
    body +
    '</svg>'
  );
}

/** The SVG for an image id demo-{kind}-{n}, or null when the id is not one of ours. */
export function productImageSvg(imageId: string): string | null {
  const match = /^demo-([a-z]+)-(\d+)$/.exec(imageId);
  if (!match) return null;
  const drawing = Object.hasOwn(DRAWINGS, match[1]!) ? DRAWINGS[match[1]!] : undefined;
  if (!drawing) return null;
  const n = Number(match[2]!.slice(-6));
  const accent = ACCENTS[(((n - 1) % ACCENTS.length) + ACCENTS.length) % ACCENTS.length]!;
  return frame(drawing.title, drawing.draw({ a: accent }));
}

/** A neutral picture shown when a product has no image. */
export function placeholderSvg(): string {
  return frame(
    'No image available',
    `<rect x="250" y="260" width="500" height="400" rx="28" fill="none" stroke="${SILVER}" stroke-width="24"/>` +
      `<circle cx="385" cy="385" r="45" fill="${SILVER}"/>` +
      `<path d="M275 630L430 480L530 570L610 500L725 630Z" fill="${SILVER}"/>` +
      `<text x="500" y="760" text-anchor="middle" font-family="sans-serif" font-size="48" fill="${MID}">No image</text>`,
  );
}
