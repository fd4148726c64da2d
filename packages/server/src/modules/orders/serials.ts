/**
 * The serial-number register as orders fill it: when the seller ships an order, each unit of a serialised
 * line (products.serialized) gets its serial, checked here in the ship transaction: exactly one per unit,
 * normalised and of the serial's pattern, none twice in the shipment, none still out on another order (a
 * serial shipped and not returned). Each unit's warranty end is set by the terms from the order's day; a
 * replacement order's units are linked to the returned units they replace. Two shipments of one serial at
 * once on two processes meet at the unique index units_serial_out_idx: the second is told which serial.
 */
import { normalSerial, SERIAL_PATTERN, warrantyEnd } from '@shop/domain/after-sale/rules';
import { dayIn } from '@shop/domain/core/days';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderLines, orders, products, returnLines, returns, units } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { HttpError } from '../../lib/http';

/** The serials a shipment gives for one line, one per unit. */
export interface LineSerials {
  line_id: number;
  serials: string[];
}

type OrderRow = typeof orders.$inferSelect;

/** An order's lines with whether each is serialised and what its warranty reads from the product. */
async function linesOf(tx: Queryable, orderId: number) {
  return tx
    .select({
      lineId: orderLines.lineId,
      itemId: orderLines.itemId,
      itemName: orderLines.itemName,
      sku: orderLines.sku,
      condition: orderLines.itemCondition,
      quantity: orderLines.quantity,
      serialized: sql<boolean>`coalesce(${products.serialized}, false)`,
      category: sql<string>`coalesce(${products.category}, '')`,
      subCategory: sql<string>`coalesce(${products.subCategory}, '')`,
      productName: sql<string>`coalesce(${products.itemName}, ${orderLines.itemName})`,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.itemId, orderLines.itemId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineId));
}

/** "line 2 (NX.ABC.001, Acer Swift 3)": how a message names a line, by its place on the order. */
function lineName(position: number, line: { sku: string; itemName: string }): string {
  return `line ${position} (${line.sku}, ${line.itemName})`;
}

/**
 * Records the units of a shipment: checks the serials given against the order's serialised lines and
 * inserts one units row per unit. Call inside the ship transaction, after the order is locked. Returns the
 * number of units recorded.
 */
export async function recordShipmentSerials(
  tx: Queryable,
  timeZone: string,
  order: OrderRow,
  given: readonly LineSerials[],
): Promise<number> {
  const lines = await linesOf(tx, order.orderId);
  const byId = new Map(lines.map((l, i) => [l.lineId, { line: l, position: i + 1 }]));
  const serialsOf = new Map<number, string[]>();
  for (const g of given) {
    const found = byId.get(g.line_id);
    if (!found)
      throw new HttpError(400, `Order ${order.orderNumber} has no line ${g.line_id}; reload the order.`);
    if (serialsOf.has(g.line_id))
      throw new HttpError(400, `The serials of ${lineName(found.position, found.line)} are given twice.`);
    if (!found.line.serialized && g.serials.some((s) => s.trim() !== ''))
      throw new HttpError(
        400,
        `${capital(lineName(found.position, found.line))} does not carry serial numbers; leave its serials out.`,
      );
    serialsOf.set(g.line_id, g.serials.map(normalSerial));
  }
  // Each unit of each serialised line, in line then unit order.
  const wanted: { line: (typeof lines)[number]; position: number; unit: number; serial: string }[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.serialized) continue;
    const position = index + 1;
    const serials = (serialsOf.get(line.lineId) ?? []).filter((s) => s !== '');
    if (serials.length !== line.quantity)
      throw new HttpError(
        400,
        `${capital(lineName(position, line))} ships ${line.quantity} ${line.quantity === 1 ? 'unit' : 'units'}: give ${line.quantity === 1 ? 'its serial number' : `${line.quantity} serial numbers, one per unit`} (${serials.length} given).`,
      );
    serials.forEach((serial, i) => {
      if (!SERIAL_PATTERN.test(serial))
        throw new HttpError(
          400,
          `"${serial}" (${lineName(position, line)}, unit ${i + 1}) is not a serial number: 3 to 40 letters, digits, dashes, dots or slashes, starting with a letter or digit.`,
        );
      wanted.push({ line, position, unit: i + 1, serial });
    });
  }
  if (wanted.length === 0) return 0;
  const first = new Map<string, (typeof wanted)[number]>();
  for (const w of wanted) {
    const before = first.get(w.serial);
    if (before)
      throw new HttpError(
        400,
        `Serial ${w.serial} is given twice in this shipment: ${lineName(before.position, before.line)} unit ${before.unit} and ${lineName(w.position, w.line)} unit ${w.unit}.`,
      );
    first.set(w.serial, w);
  }
  const out = await tx
    .select({ serial: units.serial, orderNumber: orders.orderNumber })
    .from(units)
    .innerJoin(orders, eq(orders.orderId, units.orderId))
    .where(
      and(
        inArray(
          units.serial,
          wanted.map((w) => w.serial),
        ),
        isNull(units.returnedAt),
      ),
    )
    .orderBy(asc(units.serial));
  if (out[0]) throw serialOut(out[0].serial, out[0].orderNumber);

  const purchasedOn = dayIn(order.createdAt, timeZone);
  const replaced = await unitsReplacedBy(tx, order.orderId);
  const rows = wanted.map((w) => {
    const warranty = warrantyEnd({
      purchasedOn,
      condition: w.line.condition,
      category: w.line.category,
      subCategory: w.line.subCategory,
      itemName: w.line.productName,
    });
    const old = replaced.get(w.line.itemId)?.shift();
    return {
      serial: w.serial,
      orderId: order.orderId,
      lineId: w.line.lineId,
      customerId: order.customerId,
      itemId: w.line.itemId,
      warrantyEndsOn: warranty.endsOn,
      warrantyBasis: warranty.basis,
      replaces: old ?? null,
    };
  });
  const made = await tx
    .insert(units)
    .values(rows)
    .returning({ unitId: units.unitId, replaces: units.replaces });
  for (const m of made) {
    if (m.replaces === null) continue;
    await tx
      .update(units)
      .set({ replacedBy: m.unitId })
      .where(and(eq(units.unitId, m.replaces), isNull(units.replacedBy)));
  }
  return made.length;
}

/**
 * When the order is a replacement (returns.replacement_order_id), the returned units it replaces, by item,
 * oldest first, that no unit replaces yet.
 */
async function unitsReplacedBy(tx: Queryable, orderId: number): Promise<Map<string, number[]>> {
  const rows = await tx
    .select({ unitId: units.unitId, itemId: units.itemId })
    .from(returns)
    .innerJoin(returnLines, and(eq(returnLines.returnId, returns.returnId), eq(returnLines.active, true)))
    .innerJoin(units, eq(units.unitId, returnLines.unitId))
    .where(
      and(eq(returns.replacementOrderId, orderId), isNotNull(returnLines.unitId), isNull(units.replacedBy)),
    )
    .orderBy(asc(units.unitId));
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.itemId, [...(out.get(r.itemId) ?? []), r.unitId]);
  return out;
}

function serialOut(serial: string, orderNumber: string | null): HttpError {
  return new HttpError(
    409,
    `Serial ${serial} is already out${orderNumber ? ` on order ${orderNumber}` : ''} and not returned; check the unit in hand, or record its return first.`,
  );
}

/**
 * A unique clash on units_serial_out_idx (another shipment of the same serial committed meanwhile, on this
 * process or another) as the 409 naming the serial; null for any other error.
 */
export function serialClash(error: unknown): HttpError | null {
  if (!isUniqueViolation(error)) return null;
  const e = error as {
    detail?: unknown;
    constraint?: unknown;
    cause?: { detail?: unknown; constraint?: unknown };
  };
  const constraint = String(e.constraint ?? e.cause?.constraint ?? '');
  const detail = String(e.detail ?? e.cause?.detail ?? '');
  if (constraint !== 'units_serial_out_idx' && !detail.includes('(serial)')) return null;
  const serial = /\(serial\)=\(([^)]*)\)/.exec(detail)?.[1];
  return serial
    ? serialOut(serial, null)
    : new HttpError(
        409,
        'A serial of this shipment was just shipped on another order; reload and check the serials.',
      );
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One order line's units as shipped, in unit order. */
export interface LineUnits {
  lineId: number;
  itemId: string;
  units: {
    unitId: number;
    serial: string;
    shippedAt: Date;
    warrantyEndsOn: string;
    warrantyBasis: string;
    returnedAt: Date | null;
    replacedBy: number | null;
    replaces: number | null;
  }[];
}

/** An order's units by line (lines without units are left out), lines and units in the order shipped. */
export async function orderUnitsByLine(db: Queryable, orderId: number): Promise<LineUnits[]> {
  const rows = await db
    .select()
    .from(units)
    .where(eq(units.orderId, orderId))
    .orderBy(asc(units.lineId), asc(units.unitId));
  const out = new Map<number, LineUnits>();
  for (const r of rows) {
    const line = out.get(r.lineId) ?? { lineId: r.lineId, itemId: r.itemId, units: [] };
    line.units.push({
      unitId: r.unitId,
      serial: r.serial,
      shippedAt: r.shippedAt,
      warrantyEndsOn: r.warrantyEndsOn,
      warrantyBasis: r.warrantyBasis,
      returnedAt: r.returnedAt,
      replacedBy: r.replacedBy,
      replaces: r.replaces,
    });
    out.set(r.lineId, line);
  }
  return [...out.values()];
}

/** The serials of an order's lines by line id, for the documents that list them under their line. */
export async function serialsByLine(db: Queryable, orderId: number): Promise<Map<number, string[]>> {
  const lines = await orderUnitsByLine(db, orderId);
  return new Map(lines.map((l) => [l.lineId, l.units.map((u) => u.serial)]));
}

/** The serials of an order's units by the line's item and condition (`${itemId}|${condition}`): an invoice line's. */
export async function serialsByItem(db: Queryable, orderId: number): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ serial: units.serial, itemId: orderLines.itemId, condition: orderLines.itemCondition })
    .from(units)
    .innerJoin(orderLines, eq(orderLines.lineId, units.lineId))
    .where(eq(units.orderId, orderId))
    .orderBy(asc(units.lineId), asc(units.unitId));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r.itemId}|${r.condition}`;
    out.set(key, [...(out.get(key) ?? []), r.serial]);
  }
  return out;
}
