/**
 * Returns (RMA): a buyer's request (or a warranty claim's authorised return), then the seller's steps:
 * authorise or decline, receive line by line (restocked once), resolve. Every step is one transaction with
 * a conditional update from the state before, its audit entry and the buyer's mail (the outbox).
 */
import {
  DISPOSITIONS,
  type Disposition,
  documentNumber,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  type ReturnReason,
  returnOpen,
  WARRANTY_RETURN_REASON,
} from '@shop/domain/after-sale/rules';
import { dayIn, todayIn } from '@shop/domain/core/days';
import { message } from '@shop/domain/core/i18n';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import {
  afterSalePhotos,
  invoiceLines,
  invoices,
  orderEvents,
  orderLines,
  orders,
  products,
  returnLines,
  returns,
  units,
} from '../../db/schema';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { oneLine } from '../../mail/text';
import { recordAudit } from '../audit';
import { type CreditLineInput, type DeductionInput, issueCreditNote } from '../credit-notes';
import { type MailT, tellCustomer } from '../orders';
import { recordWebhookEvent } from '../webhooks';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;

/** Who pays the return shipping. */
export const SHIPPING_PAYERS = ['shop', 'customer'] as const;
export type ShippingPayer = (typeof SHIPPING_PAYERS)[number];

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export interface Photo {
  bytes: Buffer;
}

export interface OpenReturnInput {
  /** The company: an order of another company is not found (404). */
  customerId: string;
  orderId: number;
  /** The buyer who asks; null when the seller or a warranty claim opens it. */
  contactPersonId: string | null;
  reason: ReturnReason | typeof WARRANTY_RETURN_REASON;
  notes?: string;
  /** Per order line: a quantity, or for a line with serials the units (units.unit_id) returned. */
  lines: { lineId: number; quantity?: number; unitIds?: number[] }[];
  photos?: Photo[];
  /** The shop's time zone (the delivery day and the window are days there). */
  timeZone: string;
  actor: Actor;
  /** The warranty claim that opens this return. */
  claimId?: number | null;
  /** Opens it authorised at once (a warranty claim's return), with its instructions. */
  authorise?: { instructions: string; shippingPaidBy: ShippingPayer };
  /** Queue the buyer's mail (default true). */
  mail?: boolean;
}

export interface OpenedReturn {
  returnId: number;
  rmaNumber: string;
  state: 'requested' | 'authorised';
  mailIds: number[];
}

/** The image type a photo's bytes are, or null when it is none of JPEG, PNG and WebP. */
export function photoType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** The day the order was delivered (its last `delivered` event), in the shop's time zone; null if never. */
export async function deliveredOn(db: Queryable, orderId: number, timeZone: string): Promise<string | null> {
  const [event] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'delivered')))
    .orderBy(desc(orderEvents.eventId))
    .limit(1);
  return event ? dayIn(event.at, timeZone) : null;
}

/**
 * Opens a return of an order's units, in the caller's transaction: locks the order row (two requests for
 * the same order wait for each other), checks the reason's window from the delivery day (a warranty
 * return has none), that each line's quantity with the other active returns stays within what was
 * delivered, and that each unit is the line's and in no other active return. The RMA number is made from
 * the return's id. A buyer's return starts requested; a warranty claim's may start authorised.
 */
export async function openReturn(tx: Tx, input: OpenReturnInput): Promise<OpenedReturn> {
  const warranty = input.reason === WARRANTY_RETURN_REASON;
  if (!warranty && !(RETURN_REASONS as readonly string[]).includes(input.reason))
    throw new HttpError(400, 'afterSale.reasonUnknown');
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, input.orderId), eq(orders.customerId, input.customerId)))
    .for('no key update');
  if (!order) throw new HttpError(404, 'afterSale.noSuchOrder');
  const delivered = await deliveredOn(tx, order.orderId, input.timeZone);
  if (!warranty) {
    if (order.status !== 'Delivered' || delivered === null)
      throw new HttpError(400, message('afterSale.notDelivered', { orderNumber: order.orderNumber }));
    const reason = input.reason as ReturnReason;
    if (!returnOpen(delivered, reason, todayIn(input.timeZone)))
      throw new HttpError(
        400,
        message('afterSale.returnWindowClosed', {
          days: RETURN_WINDOW_DAYS[reason] ?? 0,
          orderNumber: order.orderNumber,
          deliveredOn: delivered,
        }),
      );
  }
  const asked = input.lines.filter((l) => (l.unitIds?.length ?? 0) > 0 || (l.quantity ?? 0) > 0);
  if (asked.length === 0) throw new HttpError(400, 'afterSale.noUnits');
  if (new Set(asked.map((l) => l.lineId)).size !== asked.length)
    throw new HttpError(400, 'afterSale.noSuchLine');
  const photos = input.photos ?? [];
  if (photos.length > MAX_PHOTOS)
    throw new HttpError(400, message('afterSale.tooManyPhotos', { max: MAX_PHOTOS }));
  const typed = photos.map((p) => {
    if (p.bytes.length > MAX_PHOTO_BYTES)
      throw new HttpError(400, message('afterSale.photoTooLarge', { mb: MAX_PHOTO_BYTES / 1024 / 1024 }));
    const type = photoType(p.bytes);
    if (!type) throw new HttpError(400, 'afterSale.photoType');
    return { bytes: p.bytes, contentType: type };
  });

  const lineIds = asked.map((l) => l.lineId);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.orderId), inArray(orderLines.lineId, lineIds)));
  const lineOf = new Map(lines.map((l) => [l.lineId, l]));
  const lineUnits = await tx
    .select({
      unitId: units.unitId,
      lineId: units.lineId,
      serial: units.serial,
      returnedAt: units.returnedAt,
    })
    .from(units)
    .where(and(eq(units.orderId, order.orderId), inArray(units.lineId, lineIds)));
  const counted = await tx
    .select({
      lineId: returnLines.lineId,
      quantity: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int`,
    })
    .from(returnLines)
    .where(and(inArray(returnLines.lineId, lineIds), eq(returnLines.active, true)))
    .groupBy(returnLines.lineId);
  const already = new Map(counted.map((c) => [c.lineId, Number(c.quantity)]));
  const busyUnits = lineUnits.length
    ? await tx
        .select({ unitId: returnLines.unitId })
        .from(returnLines)
        .where(
          and(
            inArray(
              returnLines.unitId,
              lineUnits.map((u) => u.unitId),
            ),
            eq(returnLines.active, true),
          ),
        )
    : [];
  const busy = new Set(busyUnits.map((b) => b.unitId));

  const rows: { lineId: number; unitId: number | null; quantity: number }[] = [];
  for (const want of asked) {
    const line = lineOf.get(want.lineId);
    if (!line || line.itemCondition === 'Warranty') throw new HttpError(400, 'afterSale.noSuchLine');
    const own = lineUnits.filter((u) => u.lineId === line.lineId);
    let quantity: number;
    if (own.length > 0) {
      const ids = [...new Set(want.unitIds ?? [])];
      if (ids.length === 0)
        throw new HttpError(400, message('afterSale.chooseSerials', { item: oneLine(line.itemName) }));
      for (const id of ids) {
        const unit = own.find((u) => u.unitId === id);
        if (!unit)
          throw new HttpError(400, message('afterSale.unitNotOnLine', { item: oneLine(line.itemName) }));
        if (unit.returnedAt || busy.has(id))
          throw new HttpError(400, message('afterSale.unitInReturn', { serial: unit.serial }));
        rows.push({ lineId: line.lineId, unitId: id, quantity: 1 });
      }
      quantity = ids.length;
    } else {
      if (want.unitIds?.length)
        throw new HttpError(400, message('afterSale.unitNotOnLine', { item: oneLine(line.itemName) }));
      quantity = want.quantity ?? 0;
      if (!Number.isInteger(quantity) || quantity <= 0) throw new HttpError(400, 'afterSale.noUnits');
      rows.push({ lineId: line.lineId, unitId: null, quantity });
    }
    const left = line.quantity - (already.get(line.lineId) ?? 0);
    if (quantity > left)
      throw new HttpError(
        400,
        message('afterSale.beyondDelivered', {
          item: oneLine(line.itemName),
          delivered: line.quantity,
          left: Math.max(0, left),
        }),
      );
  }

  const returnId = await nextId(tx, 'returns', 'return_id');
  const rmaNumber = documentNumber('RMA', returnId);
  const now = new Date();
  const state = input.authorise ? 'authorised' : 'requested';
  await tx.insert(returns).values({
    returnId,
    rmaNumber,
    orderId: order.orderId,
    customerId: order.customerId,
    contactPersonId: input.contactPersonId,
    reason: input.reason,
    notes: (input.notes ?? '').trim().slice(0, 2000),
    state,
    claimId: input.claimId ?? null,
    ...(input.authorise
      ? {
          instructions: input.authorise.instructions.trim(),
          shippingPaidBy: input.authorise.shippingPaidBy,
          authorisedAt: now,
        }
      : {}),
  });
  try {
    await tx.insert(returnLines).values(rows.map((r) => ({ ...r, returnId })));
  } catch (error) {
    // Another return took one of the units meanwhile (the unique index of active units).
    if (
      (error as { code?: string }).code === '23505' ||
      String((error as Error).message).includes('return_lines_unit_idx')
    )
      throw new HttpError(409, 'afterSale.unitBusy');
    throw error;
  }
  if (typed.length)
    await tx
      .insert(afterSalePhotos)
      .values(typed.map((p) => ({ returnId, contentType: p.contentType, bytes: p.bytes })));
  await returnChanged(tx, { returnId, rmaNumber, orderId: order.orderId }, state);
  await recordAudit(tx, input.actor, {
    action: 'return.open',
    entityType: 'return',
    entityId: String(returnId),
    after: { rma: rmaNumber, order: order.orderNumber, reason: input.reason, state, lines: rows },
  });
  const mailIds: number[] = [];
  if (input.mail !== false) {
    const opened = (await loadReturn(tx, returnId))!;
    const id = await mailBuyer(
      tx,
      input.timeZone,
      order,
      opened,
      state === 'authorised' ? 'authorised' : 'requested',
    );
    if (id !== null) mailIds.push(id);
  }
  return { returnId, rmaNumber, state, mailIds };
}

/** The next id of a table's serial, taken before the insert so a number can be made from it. */
async function nextId(tx: Tx, table: string, column: string): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, ${column}))::int as id`,
  );
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
}

export async function loadReturn(db: Queryable, returnId: number, lock = false): Promise<ReturnRow | null> {
  const query = db.select().from(returns).where(eq(returns.returnId, returnId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export type ReturnStep = 'requested' | 'authorised' | 'declined' | 'received' | 'resolved';

/** Mails the buyer who asked (else the order's buyer) about a step of their return, in their language. */
export async function mailBuyer(
  tx: Tx,
  timeZone: string,
  order: OrderRow,
  ret: ReturnRow,
  step: ReturnStep,
): Promise<number | null> {
  const to = { ...order, contactPersonId: ret.contactPersonId ?? order.contactPersonId };
  return tellCustomer(tx, timeZone, to, (t: MailT) => {
    const v = { rma: ret.rmaNumber, orderNumber: order.orderNumber };
    const text: string[] = [t(`mail.return.${step}`, v)];
    if (step === 'authorised') {
      if (ret.instructions) text.push('', t('mail.return.instructions'), ret.instructions);
      text.push('', t('mail.return.markBox', v));
      text.push(t(ret.shippingPaidBy === 'shop' ? 'mail.return.shopPays' : 'mail.return.customerPays'));
    }
    if (step === 'declined' && ret.declineReason)
      text.push(t('mail.return.reason', { reason: oneLine(ret.declineReason) }));
    if (step === 'resolved') {
      text.push(t(`mail.return.resolution.${ret.resolution ?? 'repair'}`, v));
      if (ret.resolutionNote) text.push(ret.resolutionNote);
    }
    return { subject: t(`mail.return.${step}.subject`, v), text: text.join('\n') };
  });
}

async function orderOf(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId));
  return order!;
}

/** A return by id, or a 404 in the back office's words. */
async function mustReturn(tx: Queryable, returnId: number): Promise<ReturnRow> {
  const row = await loadReturn(tx, returnId);
  if (!row) throw new HttpError(404, 'There is no such return.');
  return row;
}

function stateRefusal(ret: ReturnRow, doing: string, from: string): HttpError {
  return new HttpError(409, `Return ${ret.rmaNumber} is ${ret.state}; it can be ${doing} only when ${from}.`);
}

/** Authorises a requested return: its instructions and who pays the shipping are mailed to the buyer. */
export async function authoriseReturn(
  db: Db,
  timeZone: string,
  returnId: number,
  input: { instructions: string; shippingPaidBy: ShippingPayer },
  actor: Actor,
): Promise<{ ret: ReturnRow; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const before = await mustReturn(tx, returnId);
    const [ret] = await tx
      .update(returns)
      .set({
        state: 'authorised',
        instructions: input.instructions.trim(),
        shippingPaidBy: input.shippingPaidBy,
        authorisedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(returns.returnId, returnId), eq(returns.state, 'requested')))
      .returning();
    if (!ret) throw stateRefusal(before, 'authorised', 'requested');
    await returnChanged(tx, ret, 'authorised');
    await recordAudit(tx, actor, {
      action: 'return.authorise',
      entityType: 'return',
      entityId: String(returnId),
      before: { state: before.state },
      after: { state: 'authorised', shipping_paid_by: input.shippingPaidBy },
    });
    const id = await mailBuyer(tx, timeZone, await orderOf(tx, ret.orderId), ret, 'authorised');
    return { ret, mailIds: id === null ? [] : [id] };
  });
}

/** Declines a requested return with a reason; its lines stop counting, so the units may be asked for again. */
export async function declineReturn(
  db: Db,
  timeZone: string,
  returnId: number,
  reason: string,
  actor: Actor,
): Promise<{ ret: ReturnRow; mailIds: number[] }> {
  if (!reason.trim()) throw new HttpError(400, 'Please give a reason; it is put in the customer’s mail.');
  return db.transaction(async (tx) => {
    const before = await mustReturn(tx, returnId);
    const [ret] = await tx
      .update(returns)
      .set({ state: 'declined', declineReason: reason.trim(), declinedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(returns.returnId, returnId), eq(returns.state, 'requested')))
      .returning();
    if (!ret) throw stateRefusal(before, 'declined', 'requested');
    await tx.update(returnLines).set({ active: false }).where(eq(returnLines.returnId, returnId));
    await returnChanged(tx, ret, 'declined');
    await recordAudit(tx, actor, {
      action: 'return.decline',
      entityType: 'return',
      entityId: String(returnId),
      before: { state: before.state },
      after: { state: 'declined', reason: reason.trim() },
    });
    const id = await mailBuyer(tx, timeZone, await orderOf(tx, ret.orderId), ret, 'declined');
    return { ret, mailIds: id === null ? [] : [id] };
  });
}

/**
 * Receives one line of an authorised return: its inspection note and where it goes (stock, scratch-and-dent
 * stock, written off). The line is received once (`received_at is null` in the update), so the stock moves
 * once whatever the clicks; a serialised unit is marked returned. When every line is in, the return is
 * received and the buyer is mailed.
 */
export async function receiveLine(
  db: Db,
  timeZone: string,
  returnId: number,
  returnLineId: number,
  input: { disposition: Disposition; inspectionNote: string },
  actor: Actor,
): Promise<{ ret: ReturnRow; received: boolean; mailIds: number[] }> {
  if (!(DISPOSITIONS as readonly string[]).includes(input.disposition))
    throw new HttpError(400, 'Choose where the unit goes: stock, scratch-and-dent stock or written off.');
  return db.transaction(async (tx) => {
    const before = await mustReturn(tx, returnId);
    if (before.state !== 'authorised') throw stateRefusal(before, 'received', 'authorised');
    const now = new Date();
    const [line] = await tx
      .update(returnLines)
      .set({ receivedAt: now, disposition: input.disposition, inspectionNote: input.inspectionNote.trim() })
      .where(
        and(
          eq(returnLines.returnLineId, returnLineId),
          eq(returnLines.returnId, returnId),
          isNull(returnLines.receivedAt),
        ),
      )
      .returning();
    if (!line) {
      const [exists] = await tx
        .select({ id: returnLines.returnLineId })
        .from(returnLines)
        .where(and(eq(returnLines.returnLineId, returnLineId), eq(returnLines.returnId, returnId)));
      if (!exists) throw new HttpError(404, 'This return has no such line.');
      throw new HttpError(409, 'This line has already been received.');
    }
    const [orderLine] = await tx.select().from(orderLines).where(eq(orderLines.lineId, line.lineId));
    if (input.disposition !== 'write_off' && orderLine) {
      await tx
        .update(products)
        .set(
          input.disposition === 'stock'
            ? { stock: sql`${products.stock} + ${line.quantity}` }
            : { scratchDentStock: sql`${products.scratchDentStock} + ${line.quantity}` },
        )
        .where(eq(products.itemId, orderLine.itemId));
    }
    if (line.unitId !== null)
      await tx
        .update(units)
        .set({ returnedAt: now })
        .where(and(eq(units.unitId, line.unitId), isNull(units.returnedAt)));
    await recordAudit(tx, actor, {
      action: 'return.receive',
      entityType: 'return',
      entityId: String(returnId),
      after: {
        return_line_id: returnLineId,
        quantity: line.quantity,
        unit_id: line.unitId,
        disposition: input.disposition,
        inspection_note: input.inspectionNote.trim(),
      },
    });
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(returnLines)
      .where(and(eq(returnLines.returnId, returnId), isNull(returnLines.receivedAt)));
    let ret = before;
    const mailIds: number[] = [];
    let received = false;
    if (Number(open?.n ?? 0) === 0) {
      const [moved] = await tx
        .update(returns)
        .set({ state: 'received', receivedAt: now, updatedAt: now })
        .where(and(eq(returns.returnId, returnId), eq(returns.state, 'authorised')))
        .returning();
      if (moved) {
        ret = moved;
        received = true;
        await returnChanged(tx, ret, 'received');
        await recordAudit(tx, actor, {
          action: 'return.received',
          entityType: 'return',
          entityId: String(returnId),
          before: { state: 'authorised' },
          after: { state: 'received' },
        });
        const id = await mailBuyer(tx, timeZone, await orderOf(tx, ret.orderId), ret, 'received');
        if (id !== null) mailIds.push(id);
      }
    }
    return { ret, received, mailIds };
  });
}

export type ResolveInput =
  | {
      resolution: 'credit';
      deductions: DeductionInput[];
      note?: string;
    }
  | { resolution: 'replacement'; note?: string }
  | { resolution: 'repair'; note: string };

/**
 * Resolves a received return once (`where state = 'received'`): a credit note of the received lines less
 * the deductions, a replacement order at no charge (same company and addresses, lines at 0, PO = the RMA
 * number, Confirmed), or a repair (its note).
 */
export async function resolveReturn(
  db: Db,
  timeZone: string,
  returnId: number,
  input: ResolveInput,
  actor: Actor,
): Promise<{ ret: ReturnRow; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const before = await mustReturn(tx, returnId);
    const now = new Date();
    const [claimed] = await tx
      .update(returns)
      .set({
        state: 'resolved',
        resolution: input.resolution,
        resolutionNote: (input.note ?? '').trim(),
        resolvedAt: now,
        updatedAt: now,
      })
      .where(and(eq(returns.returnId, returnId), eq(returns.state, 'received')))
      .returning();
    if (!claimed) throw stateRefusal(before, 'resolved', 'received');
    let ret: ReturnRow = claimed;
    const order = await orderOf(tx, ret.orderId);
    const lines = await tx
      .select()
      .from(returnLines)
      .where(and(eq(returnLines.returnId, returnId), eq(returnLines.active, true)))
      .orderBy(asc(returnLines.returnLineId));
    const mailIds: number[] = [];
    if (input.resolution === 'credit') {
      const made = await creditReturn(tx, timeZone, ret, order, lines, input.deductions, actor);
      ret = { ...ret, creditNoteId: made.creditNoteId };
      mailIds.push(...made.mailIds);
      await tx.update(returns).set({ creditNoteId: made.creditNoteId }).where(eq(returns.returnId, returnId));
    } else if (input.resolution === 'replacement') {
      const replacementId = await replacementOrder(tx, order, ret, lines, actor);
      ret = { ...ret, replacementOrderId: replacementId };
      await tx
        .update(returns)
        .set({ replacementOrderId: replacementId })
        .where(eq(returns.returnId, returnId));
    } else if (!input.note.trim()) {
      throw new HttpError(400, 'Say what the repair is; the note goes to the customer.');
    }
    await returnChanged(tx, ret, 'resolved');
    await recordAudit(tx, actor, {
      action: 'return.resolve',
      entityType: 'return',
      entityId: String(returnId),
      before: { state: 'received' },
      after: {
        state: 'resolved',
        resolution: input.resolution,
        credit_note_id: ret.creditNoteId,
        replacement_order_id: ret.replacementOrderId,
      },
    });
    const id = await mailBuyer(tx, timeZone, order, ret, 'resolved');
    if (id !== null) mailIds.push(id);
    return { ret, mailIds };
  });
}

/**
 * The credit note of a return: the received lines, matched to the order's current invoice by item and
 * condition, with their serials, less the seller's deductions.
 */
async function creditReturn(
  tx: Tx,
  timeZone: string,
  ret: ReturnRow,
  order: OrderRow,
  lines: (typeof returnLines.$inferSelect)[],
  deductions: DeductionInput[],
  actor: Actor,
) {
  const [invoice] = await tx
    .select({ invoiceId: invoices.invoiceId })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.orderId), isNull(invoices.replacedAt)));
  if (!invoice)
    throw new HttpError(
      409,
      `Order ${order.orderNumber} has no invoice yet: make it before crediting the return.`,
    );
  const invoiced = await tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoice.invoiceId), eq(invoiceLines.kind, 'item')))
    .orderBy(asc(invoiceLines.lineId));
  const ordered = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.lineId, [...new Set(lines.map((l) => l.lineId))]));
  const serials = await tx
    .select({ unitId: units.unitId, serial: units.serial })
    .from(units)
    .where(
      inArray(
        units.unitId,
        lines.flatMap((l) => (l.unitId === null ? [] : [l.unitId])),
      ),
    );
  const serialOf = new Map(serials.map((u) => [u.unitId, u.serial]));
  const credit = new Map<number, CreditLineInput & { serials: string[] }>();
  for (const l of lines) {
    if (!l.receivedAt) continue;
    const source = ordered.find((o) => o.lineId === l.lineId);
    const target = invoiced.find(
      (i) => source && i.itemId === source.itemId && i.itemCondition === source.itemCondition,
    );
    if (!target)
      throw new HttpError(
        409,
        `The invoice of order ${order.orderNumber} has no line for ${source?.itemName ?? 'a returned item'}.`,
      );
    const entry = credit.get(target.lineId) ?? { invoice_line_id: target.lineId, quantity: 0, serials: [] };
    entry.quantity += l.quantity;
    const serial = l.unitId === null ? undefined : serialOf.get(l.unitId);
    if (serial) entry.serials.push(serial);
    credit.set(target.lineId, entry);
  }
  if (credit.size === 0) throw new HttpError(409, 'No line of this return has been received.');
  return issueCreditNote(tx, {
    invoiceId: invoice.invoiceId,
    lines: [...credit.values()],
    deductions,
    reason: `Return ${ret.rmaNumber}`,
    returnId: ret.returnId,
    actor,
    timeZone,
  });
}

/** A new Confirmed order at no charge for the returned units: same company, buyer and addresses. */
async function replacementOrder(
  tx: Tx,
  order: OrderRow,
  ret: ReturnRow,
  lines: (typeof returnLines.$inferSelect)[],
  actor: Actor,
): Promise<number> {
  const qty = new Map<number, number>();
  for (const l of lines) qty.set(l.lineId, (qty.get(l.lineId) ?? 0) + l.quantity);
  const source = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.lineId, [...qty.keys()]));
  const orderId = await nextId(tx, 'orders', 'order_id');
  const orderNumber = `SO-${String(orderId).padStart(6, '0')}`;
  const {
    orderId: _id,
    orderNumber: _n,
    createdAt: _c,
    updatedAt: _u,
    quoteId: _q,
    approvalId: _a,
    requestHash: _r,
    ...copy
  } = order;
  await tx.insert(orders).values({
    ...copy,
    orderId,
    orderNumber,
    checkoutKey: `return:${ret.returnId}`,
    status: 'Confirmed',
    purchaseOrderId: ret.rmaNumber,
    subtotalCents: 0,
    itemsTaxCents: 0,
    totalCents: 0,
    createdTime: new Date().toISOString(),
    shippingCarrier: '',
    trackingNumber: '',
  });
  await tx.insert(orderLines).values(
    source.map((l) => ({
      orderId,
      itemId: l.itemId,
      itemName: l.itemName,
      sku: l.sku,
      itemCondition: l.itemCondition,
      quantity: qty.get(l.lineId) ?? 0,
      itemRateCents: 0,
      mainImage: l.mainImage,
      status: 'Confirmed',
    })),
  );
  await tx.insert(orderEvents).values([
    {
      orderId,
      kind: 'placed',
      actor: actor.label,
      staffId: actor.staffId,
      reason: `Replacement for ${ret.rmaNumber}`,
    },
    { orderId, kind: 'confirmed', actor: actor.label, staffId: actor.staffId },
  ]);
  return orderId;
}

/** A return's step, for the webhook endpoints that want it (after its order's own events). */
function returnChanged(
  tx: Tx,
  ret: { returnId: number; rmaNumber: string; orderId: number },
  status: string,
) {
  return recordWebhookEvent(tx, {
    type: 'return.changed',
    subject: `order:${ret.orderId}`,
    data: { id: ret.returnId, number: ret.rmaNumber, status, order_id: ret.orderId },
  });
}
