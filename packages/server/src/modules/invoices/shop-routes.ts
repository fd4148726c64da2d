/** The buyer's invoices: an invoice with its order, and its PDF (SPEC §7). */

import { REFUSALS } from '@shop/domain/core/contract';
import { InvoiceAnswer } from '@shop/domain/orders/answers';
import { InvoicePath } from '@shop/domain/orders/requests';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoices } from '../../db/schema';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { orderView } from '../orders';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { InvoiceNeeds } from './needs';
import { invoiceDocument, invoiceSeller, renderInvoicePdf, sellerOf } from './pdf';

const ID = /^\d{1,9}$/;
const NO_INVOICE = 'api.noSuchInvoice';
const doc = routeDocs(['Orders'], SECURITY.session);
/** A file's bytes, sent as they are (a Buffer); binary in the document. */
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

export function invoiceRoutes(app: FastifyInstance, services: InvoiceNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.database.db;

  api.get(
    '/api/user/:customerid/invoices/:invoiceid',
    {
      schema: doc('An invoice: its order with the invoice’s lines and totals', {
        params: InvoicePath,
        response: { 200: InvoiceAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.invoiceid)) throw new HttpError(404, NO_INVOICE);
      const invoiceId = Number(request.params.invoiceid);
      const view = await orderView(db, user.customerId, { invoiceId }, invoiceSeller(services.config));
      if (!view) throw new HttpError(404, NO_INVOICE);
      // The invoice's date, as its PDF gives it.
      const [made] = await db
        .select({ at: invoices.createdAt })
        .from(invoices)
        .where(eq(invoices.invoiceId, invoiceId));
      const order = { ...view.order, invoice_date: made?.at.toISOString() ?? null };
      return reply.send({ scode: 200, orderInfo: { ...view, order } });
    },
  );

  /** The invoice as a PDF, for its own customer only. */
  api.get(
    '/api/user/:customerid/invoices/:invoiceid/pdf',
    {
      schema: doc('An invoice as a PDF (in the buyer’s language)', {
        params: InvoicePath,
        response: {
          200: {
            description: 'The invoice as PDF, as an attachment named after its number',
            content: { 'application/pdf': { schema: FileBytes } },
          },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      if (!ID.test(request.params.invoiceid)) throw new HttpError(404, NO_INVOICE);
      const invoice = await invoiceDocument(db, user.customerId, Number(request.params.invoiceid));
      if (!invoice) throw new HttpError(404, NO_INVOICE);
      const pdf = await renderInvoicePdf(invoice, sellerOf(services.config), requestLang(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoiceNumber}.pdf"`)
        .send(pdf);
    },
  );
}
