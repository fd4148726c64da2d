/**
 * Warranty claims: a buyer claims one unit's warranty by its serial (checked here: the company's unit, not
 * returned or replaced, today in the shop's time zone on or before its warranty end), the seller answers
 * once (a conditional update from submitted), and an answer that needs the unit back opens its authorised
 * return in the same transaction. Each mail to the buyer is queued in the transaction (the outbox).
 */
import {
  type ClaimAnswer,
  documentNumber,
  normalSerial,
  SERIAL_PATTERN,
  unitState,
  WARRANTY_RETURN_REASON,
} from '@shop/domain/after-sale/rules';
import { daysBetween, todayIn } from '@shop/domain/core/days';
import type { Lang } from '@shop/domain/core/i18n';
import {
  type AdminClaimDetail,
  type AdminClaimListQuery,
  type AdminClaimRow,
  CLAIM_MSG,
  CLAIM_PHOTO_BYTES,
  CLAIM_PHOTOS_MAX,
  CLAIM_SELLER_MSG,
  type ClaimAnswerBody,
  type ClaimSummary,
} from '@shop/domain/warranty-claims/schemas';
import { and, asc, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  afterSalePhotos,
  contacts,
  customers,
  orderLines,
  orders,
  returns,
  units,
  warrantyClaims,
} from '../../db/schema';
import { firstRow } from '../../db/sql';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import type { Actor, AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { queueMail } from '../../mail/outbox';
import { recordAudit } from '../audit';
import { openReturn } from '../returns';
import { recordWebhookEvent } from '../webhooks';
import { answeredMail, receivedMail } from './mails';

export const ADMIN_PAGE_SIZE = 50;

export interface ClaimPhoto {
  bytes: Buffer;
}

/** The image type a photo's bytes are (JPEG, PNG or WebP), or null. */
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

/** The buyer who submits, as the session has them. */
export interface Claimant {
  customerId: string;
  contactPersonId: string;
}

/**
 * Submits a claim on the company's unit with this serial. A serial of another company's unit is answered
 * exactly as one never sold (404, the same message): whether a serial exists is not the buyer's to learn.
 */
export async function submitClaim(
  deps: AdminDeps,
  buyer: Claimant,
  input: { serial: string; problem: string; photos: ClaimPhoto[] },
): Promise<{ claimId: number; claimNumber: string; mailIds: number[] }> {
  const serial = normalSerial(input.serial);
  if (input.photos.length > CLAIM_PHOTOS_MAX) throw new HttpError(400, CLAIM_MSG.photoCount);
  const photos = input.photos.map((p) => {
    if (p.bytes.length > CLAIM_PHOTO_BYTES) throw new HttpError(400, CLAIM_MSG.photoSize);
    const contentType = photoType(p.bytes);
    if (!contentType) throw new HttpError(400, CLAIM_MSG.photoType);
    return { bytes: p.bytes, contentType };
  });
  const unknown = () => new HttpError(404, CLAIM_MSG.serialUnknown(serial));
  if (!SERIAL_PATTERN.test(serial)) throw unknown();
  const today = todayIn(deps.config.SHOP_TIME_ZONE);
  return deps.db.transaction(async (tx) => {
    const [unit] = await tx
      .select({
        unitId: units.unitId,
        serial: units.serial,
        orderId: units.orderId,
        warrantyEndsOn: units.warrantyEndsOn,
        returnedAt: units.returnedAt,
        replacedBy: units.replacedBy,
        itemName: orderLines.itemName,
        orderNumber: orders.orderNumber,
      })
      .from(units)
      .innerJoin(orderLines, eq(orderLines.lineId, units.lineId))
      .innerJoin(orders, eq(orders.orderId, units.orderId))
      .where(and(eq(units.serial, serial), eq(units.customerId, buyer.customerId)))
      .orderBy(sql`${units.returnedAt} is null desc`, desc(units.unitId))
      .limit(1)
      // Two claims on one unit at once: the second waits, then finds the first.
      .for('update', { of: units });
    if (!unit) throw unknown();
    if (unit.replacedBy !== null) throw new HttpError(409, CLAIM_MSG.unitReplaced(serial));
    if (unit.returnedAt) throw new HttpError(409, CLAIM_MSG.unitReturned(serial));
    if (daysBetween(today, unit.warrantyEndsOn) < 0)
      throw new HttpError(400, CLAIM_MSG.warrantyExpired(serial, unit.warrantyEndsOn));
    const [open] = await tx
      .select({ claimNumber: warrantyClaims.claimNumber })
      .from(warrantyClaims)
      .where(and(eq(warrantyClaims.unitId, unit.unitId), eq(warrantyClaims.state, 'submitted')))
      .limit(1);
    if (open) throw new HttpError(409, CLAIM_MSG.claimOpen(serial, open.claimNumber));
    const next = firstRow<{ id: string }>(
      await tx.execute(
        sql`select nextval(pg_get_serial_sequence('warranty_claims', 'claim_id'))::text as id`,
      ),
    );
    const claimId = Number(next.id);
    const claimNumber = documentNumber('WC', claimId);
    await tx.insert(warrantyClaims).values({
      claimId,
      claimNumber,
      unitId: unit.unitId,
      customerId: buyer.customerId,
      contactPersonId: buyer.contactPersonId,
      problem: input.problem,
    });
    if (photos.length > 0) await tx.insert(afterSalePhotos).values(photos.map((p) => ({ claimId, ...p })));
    const to = await buyerOf(tx, buyer.contactPersonId);
    const mailIds = to
      ? [
          await queueMail(
            tx,
            receivedMail(deps.config, {
              ...to,
              claimNumber,
              serial,
              itemName: unit.itemName,
              orderNumber: unit.orderNumber,
              problem: input.problem,
            }),
          ),
        ]
      : [];
    await recordWebhookEvent(tx, {
      type: 'warranty_claim.changed',
      subject: `claim:${claimId}`,
      data: { id: claimId, number: claimNumber, status: 'submitted', order_id: unit.orderId },
    });
    return { claimId, claimNumber, mailIds };
  });
}

async function buyerOf(
  q: Queryable,
  contactPersonId: string,
): Promise<{ to: string; name: string; lang: Lang } | null> {
  const [contact] = await q
    .select({ email: contacts.email, name: contacts.contactName })
    .from(contacts)
    .where(eq(contacts.contactPersonId, contactPersonId));
  if (!contact?.email) return null;
  return { to: contact.email, name: contact.name, lang: await mailLanguageOf(q, contactPersonId) };
}

const summaryColumns = {
  claimId: warrantyClaims.claimId,
  claimNumber: warrantyClaims.claimNumber,
  serial: units.serial,
  itemId: units.itemId,
  itemName: orderLines.itemName,
  orderId: units.orderId,
  orderNumber: orders.orderNumber,
  warrantyEndsOn: units.warrantyEndsOn,
  state: warrantyClaims.state,
  answer: warrantyClaims.answer,
  answerNote: warrantyClaims.answerNote,
  returnId: warrantyClaims.returnId,
  rmaNumber: returns.rmaNumber,
  createdAt: warrantyClaims.createdAt,
  answeredAt: warrantyClaims.answeredAt,
  customerId: warrantyClaims.customerId,
  company: customers.company,
};

function claimsQuery(q: Queryable) {
  return q
    .select(summaryColumns)
    .from(warrantyClaims)
    .innerJoin(units, eq(units.unitId, warrantyClaims.unitId))
    .innerJoin(orderLines, eq(orderLines.lineId, units.lineId))
    .innerJoin(orders, eq(orders.orderId, units.orderId))
    .innerJoin(customers, eq(customers.customerId, warrantyClaims.customerId))
    .leftJoin(returns, eq(returns.returnId, warrantyClaims.returnId));
}

type SummaryRow = Awaited<ReturnType<typeof claimsQuery>>[number];

function summary(row: SummaryRow): ClaimSummary {
  return {
    claim_id: row.claimId,
    claim_number: row.claimNumber,
    serial: row.serial,
    item_id: row.itemId,
    item_name: row.itemName,
    order_id: row.orderId,
    order_number: row.orderNumber,
    warranty_ends_on: row.warrantyEndsOn,
    state: row.state as ClaimSummary['state'],
    answer: (row.answer as ClaimAnswer | null) ?? null,
    answer_note: row.answerNote,
    return_id: row.returnId ?? null,
    rma_number: row.rmaNumber ?? null,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

function adminRow(row: SummaryRow): AdminClaimRow {
  return { ...summary(row), customer_id: row.customerId, company: row.company };
}

/** The company's claims, newest first. */
export async function companyClaims(db: Queryable, customerId: string): Promise<ClaimSummary[]> {
  const rows = await claimsQuery(db)
    .where(eq(warrantyClaims.customerId, customerId))
    .orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.claimId))
    .limit(500);
  return rows.map(summary);
}

function adminWhere(query: AdminClaimListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.state) parts.push(eq(warrantyClaims.state, query.state));
  if (query.age)
    parts.push(lte(warrantyClaims.createdAt, sql`now() - make_interval(days => ${Number(query.age)})`));
  if (query.customer) {
    const like = `%${query.customer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(warrantyClaims.customerId, like), ilike(customers.company, like)));
  }
  return and(...parts);
}

/** A page of claims: the waiting ones oldest first (the queue), else newest first. */
export async function listAdminClaims(
  db: Queryable,
  query: AdminClaimListQuery,
): Promise<{ claims: AdminClaimRow[]; total: number }> {
  const where = adminWhere(query);
  const order =
    query.state === 'submitted'
      ? [asc(warrantyClaims.createdAt), asc(warrantyClaims.claimId)]
      : [desc(warrantyClaims.createdAt), desc(warrantyClaims.claimId)];
  const rows = await claimsQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(warrantyClaims)
    .innerJoin(customers, eq(customers.customerId, warrantyClaims.customerId))
    .where(where);
  return { claims: rows.map(adminRow), total: Number(counted?.total ?? 0) };
}

/** How many claims wait for the seller's answer. */
export async function waitingClaimCount(db: Queryable): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(warrantyClaims)
    .where(eq(warrantyClaims.state, 'submitted'));
  return Number(counted?.n ?? 0);
}

/** One claim as the seller sees it: the unit, the problem, the photos, the answer and its return. */
export async function adminClaimDetail(
  db: Queryable,
  claimId: number,
  timeZone: string,
): Promise<AdminClaimDetail | null> {
  const [row] = await claimsQuery(db).where(eq(warrantyClaims.claimId, claimId));
  if (!row) return null;
  const [found] = await db
    .select({
      problem: warrantyClaims.problem,
      buyerName: contacts.contactName,
      buyerEmail: contacts.email,
      basis: units.warrantyBasis,
      shippedAt: units.shippedAt,
      returnedAt: units.returnedAt,
      replacedBy: units.replacedBy,
      returnState: returns.state,
    })
    .from(warrantyClaims)
    .innerJoin(units, eq(units.unitId, warrantyClaims.unitId))
    .leftJoin(contacts, eq(contacts.contactPersonId, warrantyClaims.contactPersonId))
    .leftJoin(returns, eq(returns.returnId, warrantyClaims.returnId))
    .where(eq(warrantyClaims.claimId, claimId));
  const more = found!;
  const photos = await db
    .select({ photoId: afterSalePhotos.photoId, contentType: afterSalePhotos.contentType })
    .from(afterSalePhotos)
    .where(eq(afterSalePhotos.claimId, claimId))
    .orderBy(asc(afterSalePhotos.photoId));
  return {
    ...adminRow(row),
    problem: more.problem,
    buyer_name: more.buyerName ?? '',
    buyer_email: more.buyerEmail ?? '',
    warranty_basis: more.basis,
    shipped_at: more.shippedAt.toISOString(),
    unit_state: unitState(
      { warrantyEndsOn: row.warrantyEndsOn, returnedAt: more.returnedAt, replacedBy: more.replacedBy },
      todayIn(timeZone),
    ),
    photos: photos.map((p) => ({ photo_id: p.photoId, content_type: p.contentType })),
    return_state: more.returnState ?? null,
  };
}

/** A claim's photo, for the seller. */
export async function claimPhoto(
  db: Queryable,
  claimId: number,
  photoId: number,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [photo] = await db
    .select({ contentType: afterSalePhotos.contentType, bytes: afterSalePhotos.bytes })
    .from(afterSalePhotos)
    .where(and(eq(afterSalePhotos.photoId, photoId), eq(afterSalePhotos.claimId, claimId)));
  return photo ? { contentType: photo.contentType, bytes: Buffer.from(photo.bytes) } : null;
}

/**
 * Answers a submitted claim, once: the update is conditional on the state, so a second answer (a second
 * click, another staff member, another process) finds it answered and is refused. A repair, a replacement
 * or a refund needs the unit back unless the seller says not: its return is opened authorised (reason
 * warranty) in the same transaction and linked to the claim. The buyer is mailed in their language.
 */
export async function answerClaim(
  deps: AdminDeps,
  claimId: number,
  body: ClaimAnswerBody,
  actor: Actor,
): Promise<{ claimNumber: string; rmaNumber: string | null; mailIds: number[] }> {
  return deps.db.transaction(async (tx) => {
    const [claim] = await tx
      .update(warrantyClaims)
      .set({ state: 'answered', answer: body.answer, answerNote: body.note, answeredAt: new Date() })
      .where(and(eq(warrantyClaims.claimId, claimId), eq(warrantyClaims.state, 'submitted')))
      .returning();
    if (!claim) {
      const [was] = await tx
        .select({ claimNumber: warrantyClaims.claimNumber })
        .from(warrantyClaims)
        .where(eq(warrantyClaims.claimId, claimId));
      if (!was) throw new HttpError(404, CLAIM_SELLER_MSG.noClaim);
      throw new HttpError(409, CLAIM_SELLER_MSG.answered(was.claimNumber));
    }
    const [unit] = await tx
      .select({ unitId: units.unitId, serial: units.serial, orderId: units.orderId, lineId: units.lineId })
      .from(units)
      .where(eq(units.unitId, claim.unitId));
    if (!unit) throw new HttpError(404, CLAIM_SELLER_MSG.noClaim);
    let opened: { returnId: number; rmaNumber: string } | null = null;
    if (!body.keep_unit) {
      opened = await openReturn(tx, {
        customerId: claim.customerId,
        orderId: unit.orderId,
        contactPersonId: null,
        reason: WARRANTY_RETURN_REASON,
        notes: `Warranty claim ${claim.claimNumber}: ${body.answer}`,
        lines: [{ lineId: unit.lineId, unitIds: [unit.unitId] }],
        timeZone: deps.config.SHOP_TIME_ZONE,
        actor,
        claimId,
        authorise: { instructions: body.note, shippingPaidBy: 'shop' },
        mail: false,
      });
      await tx
        .update(warrantyClaims)
        .set({ returnId: opened.returnId })
        .where(eq(warrantyClaims.claimId, claimId));
    }
    await recordWebhookEvent(tx, {
      type: 'warranty_claim.changed',
      subject: `claim:${claimId}`,
      data: { id: claimId, status: body.answer, order_id: null },
    });
    await recordAudit(tx, actor, {
      action: 'warranty_claim.answer',
      entityType: 'warranty_claim',
      entityId: String(claimId),
      before: { state: 'submitted' },
      after: { answer: body.answer, note: body.note, returnId: opened?.returnId ?? null },
    });
    const to = await buyerOf(tx, claim.contactPersonId);
    const mailIds = to
      ? [
          await queueMail(
            tx,
            answeredMail(deps.config, {
              ...to,
              claimNumber: claim.claimNumber,
              serial: unit.serial,
              answer: body.answer,
              note: body.note,
              rmaNumber: opened?.rmaNumber ?? null,
            }),
          ),
        ]
      : [];
    return { claimNumber: claim.claimNumber, rmaNumber: opened?.rmaNumber ?? null, mailIds };
  });
}
