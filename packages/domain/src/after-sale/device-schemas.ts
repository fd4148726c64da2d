/**
 * The Devices section (the company's units, GET /api/user/{customerid}/devices and /api/v1/devices), the back
 * office's serial lookup (/api/admin/serials) and extended plans registered to units: queries, bodies and
 * answers. Days are YYYY-MM-DD in the shop's time zone.
 */
import { z } from 'zod';
import { Count, Envelope, Timestamp } from '../core/answers';

export const UNIT_STATES = ['in_warranty', 'expired', 'returned', 'replaced'] as const;
export const WARRANTY_BASES = ['terms', 'battery', 'factory', 'plan'] as const;
export const DEVICES_PAGE_SIZE = 20;
/**
 * The count of a company's units stops here (`capped`): counting 160,000 units costs more than the page
 * itself; past it a serial's start finds a unit.
 */
export const DEVICES_COUNT_CAP = 1_000;
/** At most this many rows in a CSV export of the Devices section. */
export const DEVICES_EXPORT_CAP = 50_000;

/** An empty form field means "not given". */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema);
}

/** The Devices list's query: `q` (the start of a serial, any case), `state`, `page`. */
export const devicesQuerySchema = z.object({
  q: z.string().trim().max(40, { message: 'afterSale.serialSearchLength' }).optional().default(''),
  state: blankIsUnset(z.enum(UNIT_STATES, { error: 'afterSale.deviceStateInvalid' }).optional()),
  page: z.coerce
    .number({ error: 'api.page' })
    .int({ message: 'api.page' })
    .min(1, { message: 'api.page' })
    .max(100_000, { message: 'api.page' })
    .optional()
    .default(1),
});
export type DevicesQuery = z.output<typeof devicesQuerySchema>;

/** The export takes the list's filters, no page. */
export const devicesExportQuerySchema = devicesQuerySchema.omit({ page: true });

/** …/devices/{unitId} */
export const DevicePath = z.object({
  customerid: z.string().describe("The signed-in customer's id (another is refused with 403)."),
  unitId: z.string().describe('The unit id (unit_id); another company’s unit is not found (404).'),
});

/** /api/v1/devices/{serial} */
export const ApiDevicePath = z.object({
  serial: z.string().describe('The unit’s serial number (any case).'),
});

const day = z.iso.date();
const state = z.enum(UNIT_STATES);

/** A unit as the Devices section lists it. */
export const DeviceRow = z.object({
  unit_id: z.number().int().min(1),
  serial: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  sku: z.string(),
  condition: z.string(),
  /** The condition's name in the request's language. */
  condition_name: z.string(),
  order_id: z.number().int().min(1),
  order_number: z.string(),
  /** The order's current invoice. */
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  shipped_on: day,
  /** The day the order was marked delivered, if it was. */
  delivered_on: day.nullable(),
  warranty_ends_on: day,
  warranty_basis: z.enum(WARRANTY_BASES),
  state,
});
export type DeviceRow = z.infer<typeof DeviceRow>;

export const DevicesPage = z.object({
  /** The units matching, at most DEVICES_COUNT_CAP (then `capped`). */
  total: Count,
  capped: z.boolean(),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});

/** GET /api/user/{customerid}/devices?q=&state=&page= */
const deviceExample: DeviceRow = {
  unit_id: 1042,
  serial: 'NXA5EAA00143200B7A3400',
  item_id: '5398000000123456',
  item_name: 'Acer Aspire 5 A515-58M-76PK Laptop',
  sku: 'NX.KQ8AA.001',
  condition: 'Recertified',
  condition_name: 'Recertified',
  order_id: 512,
  order_number: 'SO-000512',
  invoice_id: 301,
  invoice_number: 'INV-000301',
  shipped_on: '2026-10-02',
  delivered_on: '2026-10-05',
  warranty_ends_on: '2026-12-29',
  warranty_basis: 'terms',
  state: 'in_warranty',
};

export const DevicesAnswer = Envelope.extend({ devices: z.array(DeviceRow), devicesPage: DevicesPage }).meta({
  id: 'DevicesAnswer',
  examples: [
    {
      scode: 200,
      devices: [deviceExample],
      devicesPage: { total: 1, capped: false, page: 1, pages: 1, pageSize: 20 },
    },
  ],
});
export type DevicesAnswer = z.infer<typeof DevicesAnswer>;

const UnitLink = z.object({ unit_id: z.number().int(), serial: z.string() });

/** A return the unit was on. */
export const DeviceReturn = z.object({
  return_id: z.number().int(),
  rma_number: z.string(),
  reason: z.string(),
  state: z.string(),
  resolution: z.string().nullable(),
  created_at: Timestamp,
});
/** A warranty claim on the unit. */
export const DeviceClaim = z.object({
  claim_id: z.number().int(),
  claim_number: z.string(),
  state: z.string(),
  answer: z.string().nullable(),
  created_at: Timestamp,
});
/** The extended plan registered to the unit. */
export const DevicePlan = z.object({
  line_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  item_name: z.string(),
  sku: z.string(),
});

/** One unit with its history: its order, returns, claims, plan and replacement. */
export const DeviceDetail = DeviceRow.extend({
  ordered_on: day,
  plan: DevicePlan.nullable(),
  returned_at: Timestamp.nullable(),
  replaced_by: UnitLink.nullable(),
  replaces: UnitLink.nullable(),
  returns: z.array(DeviceReturn),
  claims: z.array(DeviceClaim),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

/** GET /api/user/{customerid}/devices/{unitId}, GET /api/v1/devices/{serial} */
export const DeviceAnswer = Envelope.extend({ device: DeviceDetail }).meta({
  id: 'DeviceAnswer',
  examples: [
    {
      scode: 200,
      device: {
        ...deviceExample,
        ordered_on: '2026-09-30',
        plan: null,
        returned_at: null,
        replaced_by: null,
        replaces: null,
        returns: [],
        claims: [
          {
            claim_id: 12,
            claim_number: 'WC-000012',
            state: 'submitted',
            answer: null,
            created_at: '2026-11-20T15:04:05.000Z',
          },
        ],
      },
    },
  ],
});
export type DeviceAnswer = z.infer<typeof DeviceAnswer>;

/** The CSV export's columns, in order. */
export const DEVICES_CSV_COLUMNS = [
  'Serial',
  'Item',
  'SKU',
  'Condition',
  'Order',
  'Invoice',
  'Shipped',
  'Delivered',
  'Warranty ends',
  'Warranty basis',
  'State',
] as const;

// ---- The back office

/** GET /api/admin/serials?q=: serials starting with q (any case), for the back office's search. */
export const serialSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(3, { message: 'Type at least 3 characters of a serial number.' })
    .max(40, { message: 'A serial number has at most 40 characters.' }),
});
export const SERIAL_SEARCH_LIMIT = 20;

export const SerialMatch = z.object({
  unit_id: z.number().int(),
  serial: z.string(),
  customer_id: z.string(),
  company: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  item_name: z.string(),
  state,
});
export const SerialSearchAnswer = Envelope.extend({ units: z.array(SerialMatch) });
export type SerialSearchAnswer = z.infer<typeof SerialSearchAnswer>;

/** GET /api/admin/serials/{serial} */
export const SerialPath = z.object({ serial: z.string().describe('A serial number (any case).') });

export const AdminUnit = DeviceDetail.extend({
  customer_id: z.string(),
  company: z.string(),
  shipped_at: Timestamp,
});
export type AdminUnit = z.infer<typeof AdminUnit>;
/** Every unit ever shipped with the serial, newest first. */
export const SerialHistoryAnswer = Envelope.extend({ serial: z.string(), units: z.array(AdminUnit) });
export type SerialHistoryAnswer = z.infer<typeof SerialHistoryAnswer>;

/** An extended plan line of an order, with the units registered to it. */
export const PlanLine = z.object({
  line_id: z.number().int(),
  item_name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The plan's term in years, null when its name and details do not say. */
  years: z.number().int().nullable(),
  /** The plan's kind: its sub-category (Laptop, Desktop, Display, Smartphone, Tablet). */
  kind: z.string(),
  units: z.array(
    z.object({
      unit_id: z.number().int(),
      serial: z.string(),
      item_name: z.string(),
      warranty_ends_on: day,
    }),
  ),
});
export type PlanLine = z.infer<typeof PlanLine>;
/** GET /api/admin/orders/{orderId}/plans */
export const PlanLinesAnswer = Envelope.extend({ plans: z.array(PlanLine) });
export type PlanLinesAnswer = z.infer<typeof PlanLinesAnswer>;

/** POST /api/admin/orders/{orderId}/plans/{lineId}/units */
export const PlanLinePath = z.object({
  orderId: z.string().describe('The order id (order_id).'),
  lineId: z.string().describe('The plan’s order line (line_id).'),
});
export const registerPlanSchema = z.object({
  serial: z
    .string({ error: 'Type the unit’s serial number.' })
    .trim()
    .min(1, { message: 'Type the unit’s serial number.' })
    .max(40, { message: 'A serial number has at most 40 characters.' }),
});
export type RegisterPlanBody = z.input<typeof registerPlanSchema>;
export const PlanRegisteredAnswer = Envelope.extend({
  smessage: z.string(),
  unit: z.object({
    unit_id: z.number().int(),
    serial: z.string(),
    warranty_ends_on: day,
    warranty_basis: z.enum(WARRANTY_BASES),
  }),
  plans: z.array(PlanLine),
});
export type PlanRegisteredAnswer = z.infer<typeof PlanRegisteredAnswer>;
