/**
 * The back office's side of what companies owe: the receivables across companies (and as CSV), a company's
 * invoices with their payments, and recording and reversing payments.
 */

import { AdminCustomerPath } from '@shop/domain/account/admin-requests';
import {
  CustomerInvoicesAnswer,
  InvoicePaymentsAnswer,
  PaymentChangedAnswer,
  ReceivablesAnswer,
} from '@shop/domain/accounts/answers';
import {
  type PAYMENT_TERMS,
  paymentSchema,
  receivablesQuerySchema,
  reversalSchema,
} from '@shop/domain/accounts/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import { formatMoney } from '@shop/domain/core/money';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { safeText } from '../../lib/csv-cell';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { NO_INVOICE, NO_PAYMENT, recordPayment, reversePayment } from './payments';
import { customerInvoices, invoiceWithPayments, presentOwed, presentPayment, receivables } from './queries';

const doc = routeDocs(['Back office: receivables'], SECURITY.staff);
const InvoicePath = z.object({ invoiceId: z.string().describe('The invoice id (invoice_id).') });
const PaymentPath = z.object({ paymentId: z.string().describe('The payment id (payment_id).') });
const NO_CUSTOMER = 'There is no such customer.';
const TERMS_NAMES: Record<(typeof PAYMENT_TERMS)[number], string> = {
  due_on_receipt: 'Due on receipt',
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
};

export function accountAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/receivables',
    {
      schema: doc(
        'What companies owe: balance, overdue and aging per company, the most overdue first, with the totals',
        { querystring: receivablesQuerySchema, response: { 200: ReceivablesAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const today = todayIn(timeZone);
      const { rows, total, totals } = await receivables(db, request.query, today);
      return reply.send({
        scode: 200,
        today,
        receivables: pageOf(rows, total, request.query),
        totals: { ...presentOwed(totals), open_invoices: totals.openInvoices },
      });
    },
  );

  api.get(
    '/api/admin/receivables.csv',
    {
      schema: doc('The receivables of the same filter as a CSV file, with a totals row', {
        querystring: receivablesQuerySchema,
        response: {
          200: {
            description: 'One row per company, then the totals, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      const today = todayIn(timeZone);
      const { rows, totals } = await receivables(
        db,
        { ...request.query, page: 1, page_size: Number.MAX_SAFE_INTEGER },
        today,
      );
      const sum = presentOwed(totals);
      const money = (n: number) => n.toFixed(2);
      const csv = stringify([
        [
          'Customer ID',
          'Company',
          'Terms',
          'Credit limit',
          'Balance',
          'Overdue',
          'Current',
          '1-30 days',
          '31-60 days',
          '61-90 days',
          'Over 90 days',
          'Oldest due date',
          'Open invoices',
        ],
        ...rows.map((r) => [
          safeText(r.customer_id),
          safeText(r.company),
          TERMS_NAMES[r.terms],
          r.credit_limit === null ? '' : money(r.credit_limit),
          money(r.balance),
          money(r.overdue),
          money(r.aging.current),
          money(r.aging.days_1_30),
          money(r.aging.days_31_60),
          money(r.aging.days_61_90),
          money(r.aging.over_90),
          r.oldest_due_on ?? '',
          r.open_invoices,
        ]),
        [
          'Total',
          `${rows.length} ${rows.length === 1 ? 'company' : 'companies'}`,
          '',
          '',
          money(sum.balance),
          money(sum.overdue),
          money(sum.aging.current),
          money(sum.aging.days_1_30),
          money(sum.aging.days_31_60),
          money(sum.aging.days_61_90),
          money(sum.aging.over_90),
          totals.oldestDueOn ?? '',
          totals.openInvoices,
        ],
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Receivables-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/admin/customers/:customerId/invoices',
    {
      schema: doc("A company's invoices with their balances and payments, open ones first", {
        params: AdminCustomerPath,
        response: { 200: CustomerInvoicesAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const today = todayIn(timeZone);
      const found = await customerInvoices(db, request.params.customerId, today, timeZone);
      if (!found) throw new HttpError(404, NO_CUSTOMER);
      return reply.send({ scode: 200, today, ...found });
    },
  );

  api.get(
    '/api/admin/invoices/:invoiceId/payments',
    {
      schema: doc('An invoice with its payments (reversed ones included), newest first', {
        params: InvoicePath,
        response: { 200: InvoicePaymentsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const invoice = await invoiceWithPayments(
        db,
        numericId(request.params.invoiceId, NO_INVOICE),
        todayIn(timeZone),
        timeZone,
      );
      if (!invoice) throw new HttpError(404, NO_INVOICE);
      return reply.send({ scode: 200, invoice });
    },
  );

  api.post(
    '/api/admin/invoices/:invoiceId/payments',
    {
      schema: doc(
        'Records a payment on an invoice (amount in dollars, the day received, method, reference); part payments welcome, never above the balance due',
        { params: InvoicePath, body: paymentSchema, response: { 200: PaymentChangedAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const invoiceId = numericId(request.params.invoiceId, NO_INVOICE);
      const done = await recordPayment(db, actorOf(request), invoiceId, request.body, todayIn(timeZone));
      const invoice = await invoiceWithPayments(db, invoiceId, todayIn(timeZone), timeZone);
      const amount = formatMoney(Number(done.payment.amountCents));
      return reply.send({
        scode: 200,
        smessage:
          done.balanceCents > 0
            ? `A payment of ${amount} has been recorded on invoice ${done.invoiceNumber}; ${formatMoney(done.balanceCents)} is left to pay.`
            : `A payment of ${amount} has been recorded on invoice ${done.invoiceNumber}; it is paid in full.`,
        payment: presentPayment(done.payment),
        invoice: invoice!,
      });
    },
  );

  api.post(
    '/api/admin/payments/:paymentId/reverse',
    {
      schema: doc('Reverses a payment (a returned cheque, a mistake) with a reason; it stays, marked', {
        params: PaymentPath,
        body: reversalSchema,
        response: { 200: PaymentChangedAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const paymentId = numericId(request.params.paymentId, NO_PAYMENT);
      const done = await reversePayment(db, actorOf(request), paymentId, request.body.reason);
      const invoice = await invoiceWithPayments(db, done.invoiceId, todayIn(timeZone), timeZone);
      return reply.send({
        scode: 200,
        smessage: `The payment of ${formatMoney(Number(done.payment.amountCents))} on invoice ${done.invoiceNumber} has been reversed; ${formatMoney(Math.max(0, done.balanceCents))} is left to pay.`,
        payment: presentPayment(done.payment),
        invoice: invoice!,
      });
    },
  );
}
