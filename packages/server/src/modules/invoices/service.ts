/**
 * Invoices and corrected invoices of an order, made by the seller (the back office, the bulk action and
 * the seller's commands): the order's lines plus shipping, the fee lines and the seller's extra lines,
 * taxed by the order's components, numbered from the invoices' sequence and due by the company's terms.
 * Each is one transaction with the order's history event, its audit entry and the customer's mail.
 */
import { canInvoice } from '@shop/domain/back-office/schemas';
import { addDays, dayIn, todayIn } from '@shop/domain/core/days';
import type { Lang } from '@shop/domain/core/i18n';
import { formatMoney, toAmount } from '@shop/domain/core/money';
import { feeLineName, readFeeLineName } from '@shop/domain/orders/answers';
import { FEE_CATEGORIES, FEE_CATEGORY_NAMES, type FeeCategory, feeCategoryOf } from '@shop/domain/tax/fees';
import { isProvince, provinceDay, type TaxComponent, taxLines, taxTotal } from '@shop/domain/tax/rules';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import {
  creditNotes,
  customers,
  feeRates,
  invoiceLines,
  invoices,
  invoiceTaxes,
  orderEvents,
  orderLines,
  type orders,
  orderTaxes,
  payments,
  products,
} from '../../db/schema';
import { type Actor, CLI_ACTOR } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { oneLine } from '../../mail/text';
import { recordAudit } from '../audit';
import { findOrder, type MailT, tellCustomer } from '../orders';
import { recordWebhookEvent } from '../webhooks';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type OrderRow = typeof orders.$inferSelect;

/**
 * The shipping and extra lines of an invoice mail: "Shipping: $10.00, Price correction: -$5.00.", then the
 * environmental handling fees on a line of their own: "Environmental handling fees: Portable computers,
 * 2 x $1.20."
 */
function invoiceShipping(t: MailT, lang: Lang, shippingCents: number, extras: readonly ExtraLine[]): string {
  const fees = extras.filter((e) => e.kind === 'fee');
  const shipping = t('mail.invoice.shipping', {
    shipping: formatMoney(shippingCents, lang),
    extras: extras
      .filter((e) => e.kind !== 'fee')
      .map((e) => t('mail.invoice.extra', { name: e.name, amount: formatMoney(extraAmount(e), lang) }))
      .join(''),
  });
  if (fees.length === 0) return shipping;
  return [
    shipping,
    t('invoice.mailFees', {
      fees: fees
        .map((e) => {
          const fee = readFeeLineName(e.name);
          return t('invoice.mailFee', {
            name: fee ? FEE_CATEGORY_NAMES[fee.category][lang] : e.name,
            quantity: String(e.quantity ?? 1),
            amount: formatMoney(e.cents, lang),
          });
        })
        .join(t('invoice.mailFeeSeparator')),
    }),
  ].join('\n');
}

export interface ExtraLine {
  name: string;
  /** Negative for a credit; per unit when `quantity` is given. */
  cents: number;
  quantity?: number;
  /** fee: an environmental handling fee; other (the default): any line the seller adds. */
  kind?: 'fee' | 'other';
  /** Whether the province's own sales tax (PST, RST, QST) applies; GST or HST always does. Default true. */
  provincialTax?: boolean;
}

/** What an extra line comes to: its amount times its quantity. */
function extraAmount(e: ExtraLine): number {
  return e.cents * (e.quantity ?? 1);
}

export interface InvoiceOptions {
  actor?: Actor;
  /** Shown on a corrected invoice: why it replaces the first. */
  note?: string;
  /**
   * Where the fee lines come from: the fee table, or the extra lines of kind fee as given (none
   * included). Left out: as given when a fee line is given, else the table.
   */
  fees?: FeeSource;
}

type InvoiceRow = typeof invoices.$inferSelect;

function checkAmounts(shippingCents: number, extras: readonly ExtraLine[]) {
  if (!Number.isInteger(shippingCents) || shippingCents < 0)
    throw new HttpError(400, 'Shipping must be an amount of 0 or more.');
  for (const e of extras) {
    if (!Number.isInteger(e.cents) || e.name.trim() === '')
      throw new HttpError(400, 'Each extra line needs a name and an amount in dollars.');
    if (e.quantity !== undefined && (!Number.isInteger(e.quantity) || e.quantity < 1 || e.quantity > 100_000))
      throw new HttpError(400, 'The quantity of an extra line is a whole number from 1 to 100000.');
    if (e.kind === 'fee' && e.cents < 0)
      throw new HttpError(400, 'A fee line is an amount of 0 or more; a credit is a line of its own.');
  }
}

/** An environmental handling fee the fee table gives an order: one line per fee category. */
export interface SuggestedFee {
  category: FeeCategory;
  /** The invoice line's name, e.g. "Environmental handling fee: Portable computers (Ontario)". */
  name: string;
  /** The order's units in the category. */
  quantity: number;
  /** Per unit. */
  cents: number;
  provincialTax: boolean;
  /** A demo value of the table the shop starts with. */
  demo: boolean;
  effectiveFrom: string;
}

type FeeOrder = Pick<OrderRow, 'orderId' | 'shippingProvince' | 'createdAt'>;

/**
 * The fee lines of an order from the fee table: its lines' products by fee category (a warranty or a
 * product no program covers has none), at the fees of its shipping province in force on the order's day
 * there (the latest from that day or before); a fee of 0 is no line.
 */
async function suggestedFees(
  db: Queryable,
  timeZone: string,
  order: FeeOrder,
): Promise<{ province: string; day: string; fees: SuggestedFee[] }> {
  const province = order.shippingProvince;
  const day = isProvince(province)
    ? provinceDay(order.createdAt, province)
    : dayIn(order.createdAt, timeZone);
  if (!isProvince(province)) return { province, day, fees: [] };
  const lines = await db
    .select({
      quantity: orderLines.quantity,
      condition: orderLines.itemCondition,
      category: products.category,
      subCategory: products.subCategory,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.itemId, orderLines.itemId))
    .where(eq(orderLines.orderId, order.orderId));
  const units = new Map<FeeCategory, number>();
  for (const l of lines) {
    if (l.condition === 'Warranty' || l.category === null) continue;
    const category = feeCategoryOf(l.category, l.subCategory ?? '');
    if (category) units.set(category, (units.get(category) ?? 0) + l.quantity);
  }
  if (units.size === 0) return { province, day, fees: [] };
  const rates = await db
    .select()
    .from(feeRates)
    .where(
      and(
        eq(feeRates.province, province),
        inArray(feeRates.category, [...units.keys()]),
        lte(feeRates.effectiveFrom, day),
      ),
    )
    .orderBy(desc(feeRates.effectiveFrom), desc(feeRates.feeId));
  const fees: SuggestedFee[] = [];
  for (const category of FEE_CATEGORIES) {
    const quantity = units.get(category);
    const rate = rates.find((r) => r.category === category);
    if (!quantity || !rate || Number(rate.cents) <= 0) continue;
    fees.push({
      category,
      name: feeLineName(category, province),
      quantity,
      cents: Number(rate.cents),
      provincialTax: rate.provincialTax,
      demo: rate.demo,
      effectiveFrom: rate.effectiveFrom,
    });
  }
  return { province, day, fees };
}

/** The fee lines of an order's invoice as extra lines. */
function feeExtras(fees: readonly SuggestedFee[]): ExtraLine[] {
  return fees.map((f) => ({
    name: f.name,
    cents: f.cents,
    quantity: f.quantity,
    kind: 'fee' as const,
    provincialTax: f.provincialTax,
  }));
}

/** The suggested fees of an order by its id or number (the back office's invoice form starts from them). */
export async function invoiceDraft(db: Db, timeZone: string, ref: string) {
  const order = await findOrder(db, ref, false);
  return suggestedFees(db, timeZone, order);
}

/**
 * Where an invoice's fee lines come from: the fee table (`table`), or the lines given (`given`, none
 * included). Left out: `given` when a fee line is given, else `table`.
 */
export type FeeSource = 'table' | 'given';

/** The extra lines of the invoice with its fee lines: from the table first, or as given. */
async function withFees(
  tx: Tx,
  timeZone: string,
  order: OrderRow,
  extras: readonly ExtraLine[],
  source: FeeSource | undefined,
): Promise<ExtraLine[]> {
  const given = extras.some((e) => e.kind === 'fee');
  if ((source ?? (given ? 'given' : 'table')) === 'given') return [...extras];
  if (given)
    throw new HttpError(
      400,
      'The fee lines come from the fee table (fees: table); send fees: given to set them yourself.',
    );
  const { fees } = await suggestedFees(tx, timeZone, order);
  return [...feeExtras(fees), ...extras];
}

/**
 * Writes an invoice of the order: its lines plus shipping and extras. Each of the order's tax components
 * (as placed, exemptions included) is the order's tax plus its tax on what the invoice adds, rounded once
 * (docs/decisions/015-tax-components.md). It is due by the company's payment terms from the day it is
 * made; a corrected invoice keeps the first one's terms and due day.
 */
async function writeInvoice(
  tx: Tx,
  timeZone: string,
  order: OrderRow,
  shippingCents: number,
  extras: readonly ExtraLine[],
  note: string,
  replaces: InvoiceRow | null,
) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
  const placedTaxes = await tx
    .select()
    .from(orderTaxes)
    .where(eq(orderTaxes.orderId, order.orderId))
    .orderBy(asc(orderTaxes.position));
  const extraTotal = extras.reduce((n, e) => n + extraAmount(e), 0);
  const added = taxLines(
    [
      { cents: shippingCents },
      ...extras.map((e) => ({ cents: extraAmount(e), provincial: e.provincialTax ?? true })),
    ],
    placedTaxes.map((t) => ({
      component: t.component as TaxComponent,
      rateMilli: t.rateMilli,
      exemption: t.exemption ?? null,
    })),
  );
  const shippingTax = taxTotal(added);
  const total = order.totalCents + shippingCents + extraTotal + shippingTax;
  if (total < 0) throw new HttpError(400, 'The invoice total would be below zero; check the extra lines.');
  const { rows } = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('invoices', 'invoice_id'))::int as id`,
  )) as unknown as { rows: [{ id: number }] };
  const id = rows[0].id;
  const invoiceNumber = `INV-${String(id).padStart(6, '0')}`;
  const terms = replaces
    ? { terms: replaces.terms, dueOn: replaces.dueOn }
    : await termsOf(tx, timeZone, order.customerId);
  if (replaces) {
    await tx
      .update(invoices)
      .set({ replacedAt: new Date(), replacedBy: id })
      .where(eq(invoices.invoiceId, replaces.invoiceId));
  }
  await tx.insert(invoices).values({
    invoiceId: id,
    invoiceNumber,
    orderId: order.orderId,
    shippingCents,
    shippingTaxCents: shippingTax,
    totalCents: total,
    note,
    terms: terms.terms,
    dueOn: terms.dueOn,
  });
  if (placedTaxes.length > 0)
    await tx.insert(invoiceTaxes).values(
      placedTaxes.map((t, i) => ({
        invoiceId: id,
        position: t.position,
        component: t.component,
        rateMilli: t.rateMilli,
        baseCents: Number(t.baseCents) + added[i]!.baseCents,
        taxCents: Number(t.taxCents) + added[i]!.taxCents,
        exemption: t.exemption,
      })),
    );
  await recordWebhookEvent(tx, {
    type: replaces ? 'invoice.corrected' : 'invoice.created',
    // After the order's own events: an invoice follows its order's shipment.
    subject: `order:${order.orderId}`,
    data: {
      invoice_id: id,
      invoice_number: invoiceNumber,
      order_id: order.orderId,
      customer_id: order.customerId,
      total_cents: total,
    },
  });
  // The payments made on the invoice it replaces count toward this one.
  if (replaces)
    await tx.update(payments).set({ invoiceId: id }).where(eq(payments.invoiceId, replaces.invoiceId));
  await tx.insert(invoiceLines).values([
    ...lines.map((l) => ({
      invoiceId: id,
      itemId: l.itemId,
      itemName: l.itemName,
      sku: l.sku,
      itemCondition: l.itemCondition,
      quantity: l.quantity,
      rateCents: l.itemRateCents,
    })),
    ...(shippingCents > 0
      ? [
          {
            invoiceId: id,
            itemId: null,
            itemName: `Shipping (${order.shippingMethod})`,
            quantity: 1,
            rateCents: shippingCents,
            kind: 'shipping',
          },
        ]
      : []),
    ...extras.map((e) => ({
      invoiceId: id,
      itemId: null,
      itemName: e.name.trim(),
      quantity: e.quantity ?? 1,
      rateCents: e.cents,
      kind: e.kind ?? 'other',
      provincialTax: e.provincialTax ?? true,
    })),
  ]);
  return { id, invoiceNumber, total, shippingTax };
}

/** The days each payment term gives. */
const TERM_DAYS: Record<string, number> = {
  due_on_receipt: 0,
  net15: 15,
  net30: 30,
  net45: 45,
  net60: 60,
};

/** The company's payment terms and the day an invoice made today under them is due (the shop's day). */
async function termsOf(
  tx: Tx,
  timeZone: string,
  customerId: string,
): Promise<{ terms: string; dueOn: string }> {
  const [row] = await tx
    .select({ terms: customers.paymentTerms })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  const terms = row?.terms ?? 'net30';
  return { terms, dueOn: addDays(todayIn(timeZone), TERM_DAYS[terms] ?? 30) };
}

async function currentInvoice(tx: Queryable, orderId: number): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.replacedAt)))
    .for('update');
  return row ?? null;
}

/** An extra line as the audit keeps it. */
function auditLine(e: {
  name: string;
  cents: number;
  quantity: number;
  kind: string;
  provincialTax: boolean;
}) {
  return {
    name: e.name,
    amount: toAmount(e.cents),
    ...(e.quantity !== 1 ? { quantity: e.quantity } : {}),
    ...(e.kind === 'fee' ? { kind: 'fee' } : {}),
    ...(e.provincialTax ? {} : { provincial_tax: false }),
  };
}

function invoiceSummary(shippingCents: number, extras: readonly ExtraLine[], total: number) {
  return {
    shipping: toAmount(shippingCents),
    lines: extras.map((e) =>
      auditLine({
        name: e.name,
        cents: e.cents,
        quantity: e.quantity ?? 1,
        kind: e.kind ?? 'other',
        provincialTax: e.provincialTax ?? true,
      }),
    ),
    total: toAmount(total),
  };
}

/**
 * Makes the invoice of an order: the order's lines plus shipping, its environmental handling fees (from
 * the fee table unless given, see InvoiceOptions.fees) and any other extra lines (e.g. a credit). Shipping
 * and extras are taxed by the order's components (a fee without provincial tax by GST or HST only). One
 * current invoice per order.
 */
export async function createInvoice(
  db: Db,
  timeZone: string,
  ref: string,
  shippingCents: number,
  extras: ExtraLine[] = [],
  options: InvoiceOptions = {},
) {
  checkAmounts(shippingCents, extras);
  const actor = options.actor ?? CLI_ACTOR;
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    if (!canInvoice(order.status)) {
      throw new HttpError(
        409,
        order.status === 'OnHold'
          ? `Order ${order.orderNumber} is on hold for a credit review; release it before invoicing it.`
          : `Order ${order.orderNumber} is ${order.status}; it cannot be invoiced.`,
      );
    }
    const already = await currentInvoice(tx, order.orderId);
    if (already)
      throw new HttpError(
        409,
        `Order ${order.orderNumber} already has invoice ${already.invoiceNumber}; make a corrected invoice instead.`,
      );
    const lines = await withFees(tx, timeZone, order, extras, options.fees);
    const made = await writeInvoice(
      tx,
      timeZone,
      order,
      shippingCents,
      lines,
      options.note?.trim() ?? '',
      null,
    );
    await tx.insert(orderEvents).values({
      orderId: order.orderId,
      kind: 'invoiced',
      actor: actor.label,
      staffId: actor.staffId,
      invoiceId: made.id,
    });
    await recordAudit(tx, actor, {
      action: 'order.invoice',
      entityType: 'order',
      entityId: String(order.orderId),
      after: { invoice_number: made.invoiceNumber, ...invoiceSummary(shippingCents, lines, made.total) },
    });
    const mailId = await tellCustomer(tx, timeZone, order, (t, lang) => ({
      subject: t('mail.invoice.subject', {
        invoiceNumber: made.invoiceNumber,
        orderNumber: order.orderNumber,
      }),
      text: [
        t('mail.invoice.ready', {
          invoiceNumber: made.invoiceNumber,
          orderNumber: order.orderNumber,
          po: oneLine(order.purchaseOrderId),
        }),
        invoiceShipping(t, lang, shippingCents, lines),
        t('mail.invoice.total', { total: formatMoney(made.total, lang) }),
      ].join('\n'),
    }));
    return {
      invoiceId: made.id,
      invoiceNumber: made.invoiceNumber,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      total: toAmount(made.total),
      mailIds: mailId === null ? [] : [mailId],
    };
  });
}

/**
 * A corrected invoice: replaces the order's current invoice (kept, marked replaced) with a new one made
 * from the order's lines and the given shipping and extra lines, its fee lines as for a first invoice. The
 * customer sees the new one.
 */
export async function correctInvoice(
  db: Db,
  timeZone: string,
  ref: string,
  shippingCents: number,
  extras: ExtraLine[] = [],
  options: InvoiceOptions = {},
) {
  checkAmounts(shippingCents, extras);
  const actor = options.actor ?? CLI_ACTOR;
  const note = options.note?.trim() ?? '';
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    const old = await currentInvoice(tx, order.orderId);
    if (!old)
      throw new HttpError(409, `Order ${order.orderNumber} has no invoice to correct; make one first.`);
    // A credit note credits the invoice's own lines and taxes: a correction would charge them again.
    const [credited] = await tx
      .select({ number: creditNotes.creditNoteNumber })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, old.invoiceId))
      .limit(1);
    if (credited)
      throw new HttpError(
        409,
        `Invoice ${old.invoiceNumber} has credit note ${credited.number}; it cannot be corrected. Issue a credit note for what is wrong, or a new line on another order.`,
      );
    const oldLines = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, old.invoiceId), isNull(invoiceLines.itemId)))
      .orderBy(asc(invoiceLines.lineId));
    const lines = await withFees(tx, timeZone, order, extras, options.fees);
    const made = await writeInvoice(tx, timeZone, order, shippingCents, lines, note, old);
    await tx.insert(orderEvents).values({
      orderId: order.orderId,
      kind: 'invoice_corrected',
      actor: actor.label,
      staffId: actor.staffId,
      invoiceId: made.id,
      reason: note,
    });
    await recordAudit(tx, actor, {
      action: 'order.correct_invoice',
      entityType: 'order',
      entityId: String(order.orderId),
      before: {
        invoice_number: old.invoiceNumber,
        shipping: toAmount(old.shippingCents),
        lines: oldLines
          .filter((l) => l.kind !== 'shipping')
          .map((l) =>
            auditLine({
              name: l.itemName,
              cents: Number(l.rateCents),
              quantity: l.quantity,
              kind: l.kind,
              provincialTax: l.provincialTax,
            }),
          ),
        total: toAmount(old.totalCents),
      },
      after: {
        invoice_number: made.invoiceNumber,
        ...invoiceSummary(shippingCents, lines, made.total),
        note,
      },
    });
    const mailId = await tellCustomer(tx, timeZone, order, (t, lang) => ({
      subject: t('mail.corrected.subject', {
        invoiceNumber: made.invoiceNumber,
        orderNumber: order.orderNumber,
      }),
      text: [
        t('mail.corrected.replaces', {
          invoiceNumber: made.invoiceNumber,
          oldNumber: old.invoiceNumber,
          orderNumber: order.orderNumber,
          po: oneLine(order.purchaseOrderId),
        }),
        note ? t('mail.corrected.why', { note }) : '',
        invoiceShipping(t, lang, shippingCents, lines),
        t('mail.corrected.total', {
          total: formatMoney(made.total, lang),
          oldTotal: formatMoney(old.totalCents, lang),
        }),
      ]
        .filter(Boolean)
        .join('\n'),
    }));
    return {
      invoiceId: made.id,
      invoiceNumber: made.invoiceNumber,
      replaced: old.invoiceNumber,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      total: toAmount(made.total),
      mailIds: mailId === null ? [] : [mailId],
    };
  });
}
