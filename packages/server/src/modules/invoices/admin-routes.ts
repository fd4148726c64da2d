/** The back office's invoices: an order's invoice, its draft and corrections, and the sales-tax journal. */
import {
  AdminInvoiceDraftAnswer,
  AdminOrderChangedAnswer,
  invoiceJournalQuerySchema,
  invoiceSchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { toAmount } from '@shop/domain/core/money';
import { AdminOrderPath } from '@shop/domain/orders/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { adminOrderDetail } from '../orders';
import { actorOf } from '../sessions';
import { invoiceJournalCsv } from './journal';
import { correctInvoice, createInvoice, invoiceDraft } from './service';

const NO_ORDER = 'There is no such order.';
const doc = routeDocs(['Back office: orders'], SECURITY.staff);
const Changed = { 200: AdminOrderChangedAnswer, ...REFUSALS };
type InvoiceRequest = z.output<typeof invoiceSchema>;

export function invoiceAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const detail = async (orderId: number) => {
    const order = await adminOrderDetail(db, orderId);
    if (!order) throw new HttpError(404, NO_ORDER);
    return order;
  };

  /** Makes the order's invoice, or a corrected one that replaces it; the customer is mailed it. */
  const invoice = async (correct: boolean, id: string, input: InvoiceRequest, actor: Actor) => {
    const orderId = numericId(id, NO_ORDER);
    const extras = input.lines.map((l) => ({
      name: l.name,
      cents: l.amount,
      quantity: l.quantity,
      kind: l.kind,
      provincialTax: l.provincial_tax,
    }));
    const options = { actor, note: input.note, fees: input.fees };
    const made = correct
      ? await correctInvoice(db, timeZone, String(orderId), input.shipping, extras, options)
      : await createInvoice(db, timeZone, String(orderId), input.shipping, extras, options);
    await deliverQueued(deps, made.mailIds);
    return {
      scode: 200 as const,
      smessage: `Invoice ${made.invoiceNumber} has been made for order ${made.orderNumber}.`,
      order: await detail(orderId),
    };
  };
  api.get(
    '/api/admin/orders/:orderId/invoice-draft',
    {
      schema: doc(
        "The invoice's environmental handling fee lines from the fee table (the order's province, day and products), for the invoice form to start from",
        { params: AdminOrderPath, response: { 200: AdminInvoiceDraftAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const orderId = numericId(request.params.orderId, NO_ORDER);
      const draft = await invoiceDraft(db, timeZone, String(orderId)).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? new HttpError(404, NO_ORDER) : error;
      });
      return reply.send({
        scode: 200,
        draft: {
          province: draft.province,
          day: draft.day,
          fees: draft.fees.map((f) => ({
            name: f.name,
            category: f.category,
            quantity: f.quantity,
            amount: toAmount(f.cents),
            provincial_tax: f.provincialTax,
            demo: f.demo,
            effective_from: f.effectiveFrom,
          })),
        },
      });
    },
  );

  const invoiceBody = { params: AdminOrderPath, body: invoiceSchema, response: Changed };
  api.post(
    '/api/admin/orders/:orderId/invoice',
    {
      schema: doc(
        'Invoices the order: shipping and extra lines in dollars (a fee line with its quantity and whether provincial tax applies), the fee lines from the fee table unless given (fees), and a note',
        invoiceBody,
      ),
    },
    async (request, reply) =>
      reply.send(await invoice(false, request.params.orderId, request.body, actorOf(request))),
  );
  api.post(
    '/api/admin/orders/:orderId/invoice/correct',
    {
      schema: doc('Corrects the invoice: a new one (shipping, extra lines, a note) replaces it', invoiceBody),
    },
    async (request, reply) =>
      reply.send(await invoice(true, request.params.orderId, request.body, actorOf(request))),
  );

  api.get(
    '/api/admin/invoices.csv',
    {
      schema: doc(
        "The sales-tax journal: the current invoices made from one day to another (the shop's days), a row each with subtotal, shipping, fees, other lines, each tax component at each rate and the total, and a row of sums",
        {
          querystring: invoiceJournalQuerySchema,
          response: {
            200: {
              description: 'The journal as a CSV file (an attachment)',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...REFUSALS,
          },
        },
      ),
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-tax-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(await invoiceJournalCsv(db, timeZone, from, to));
    },
  );
}
