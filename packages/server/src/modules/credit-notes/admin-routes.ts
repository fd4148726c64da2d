/**
 * The back office's credit notes: an order's credit notes and its invoice's lines to credit, issuing one
 * against an invoice (lines, deductions), a credit note in full, applying what is left of it to another
 * open invoice of the company, and recording it as refunded. English only.
 */

import {
  AdminOrderCreditNotesAnswer,
  CreditNoteAnswer,
  CreditNoteChanged,
} from '@shop/domain/after-sale/credit-answers';
import {
  AdminCreditNotePath,
  AdminInvoiceCreditPath,
  ApplyCreditBody,
  IssueCreditNoteBody,
  RefundCreditBody,
} from '@shop/domain/after-sale/credit-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { AdminOrderPath } from '@shop/domain/orders/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { creditNoteDetail, orderCredits } from './queries';
import { applyCredit, issueCreditNote, refundCredit } from './service';

const doc = routeDocs(['Back office: credit notes'], SECURITY.staff);
const NO_ORDER = 'There is no such order.';
const NO_CREDIT_NOTE = 'There is no such credit note.';
const Changed = { 200: CreditNoteChanged, ...REFUSALS };

export function creditNoteAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const detail = async (id: number) => {
    const found = await creditNoteDetail(db, id, null, timeZone);
    if (!found) throw new HttpError(404, NO_CREDIT_NOTE);
    return found;
  };

  api.get(
    '/api/admin/orders/:orderId/credit-notes',
    {
      schema: doc(
        "An order's credit notes, its current invoice's lines with what is left to credit, the company's credit left and its open invoices",
        { params: AdminOrderPath, response: { 200: AdminOrderCreditNotesAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const found = await orderCredits(db, numericId(request.params.orderId, NO_ORDER), timeZone);
      if (!found) throw new HttpError(404, NO_ORDER);
      return reply.send({ scode: 200, ...found });
    },
  );

  api.post(
    '/api/admin/invoices/:invoiceId/credit-notes',
    {
      schema: doc(
        'Issues a credit note against the current invoice: lines and quantities, deductions the seller keeps, a reason; the buyer is mailed',
        { params: AdminInvoiceCreditPath, body: IssueCreditNoteBody, response: Changed },
      ),
    },
    async (request, reply) => {
      const input = request.body;
      const issued = await db.transaction((tx) =>
        issueCreditNote(tx, {
          invoiceId: request.params.invoiceId,
          lines: input.lines,
          deductions: input.deductions.map((d) => ({ kind: d.kind, name: d.name, cents: toCents(d.amount) })),
          reason: input.reason,
          returnId: input.return_id ?? null,
          actor: actorOf(request),
          timeZone,
        }),
      );
      await deliverQueued(deps, issued.mailIds);
      const left = issued.totalCents - issued.allocatedCents;
      return reply.send({
        scode: 200,
        smessage: `Credit note ${issued.creditNoteNumber} issued for ${formatMoney(issued.totalCents)}${
          left > 0 ? `; ${formatMoney(left)} is the company's credit.` : '.'
        }`,
        credit_note: await detail(issued.creditNoteId),
      });
    },
  );

  api.get(
    '/api/admin/credit-notes/:creditNoteId',
    {
      schema: doc('A credit note in full', {
        params: AdminCreditNotePath,
        response: { 200: CreditNoteAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) =>
      reply.send({ scode: 200, credit_note: await detail(request.params.creditNoteId) }),
  );

  api.post(
    '/api/admin/credit-notes/:creditNoteId/apply',
    {
      schema: doc('Applies what is left of a credit note to another open invoice of the company', {
        params: AdminCreditNotePath,
        body: ApplyCreditBody,
        response: Changed,
      }),
    },
    async (request, reply) => {
      const id = request.params.creditNoteId;
      const amount = request.body.amount === undefined ? undefined : toCents(request.body.amount);
      const done = await applyCredit(db, id, request.body.invoice_id, amount, actorOf(request));
      const note = await detail(id);
      const to = note.allocations.at(-1)?.invoice_number ?? '';
      return reply.send({
        scode: 200,
        smessage: `${formatMoney(done.allocatedCents)} of ${note.credit_note_number} applied to invoice ${to}.`,
        credit_note: note,
      });
    },
  );

  api.post(
    '/api/admin/credit-notes/:creditNoteId/refund',
    {
      schema: doc('Records what is left of a credit note (or part of it) as refunded to the company', {
        params: AdminCreditNotePath,
        body: RefundCreditBody,
        response: Changed,
      }),
    },
    async (request, reply) => {
      const id = request.params.creditNoteId;
      const input = request.body;
      const done = await refundCredit(
        db,
        id,
        {
          cents: input.amount === undefined ? undefined : toCents(input.amount),
          method: input.method,
          reference: input.reference,
        },
        actorOf(request),
      );
      const note = await detail(id);
      return reply.send({
        scode: 200,
        smessage: `${formatMoney(done.refundedCents)} of ${note.credit_note_number} recorded as refunded.`,
        credit_note: note,
      });
    },
  );
}
