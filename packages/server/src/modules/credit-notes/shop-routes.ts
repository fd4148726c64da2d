/** The buyer's credit notes: the company's list, one credit note, and its PDF (in the buyer's language). */

import { CreditNoteAnswer, CreditNotesAnswer } from '@shop/domain/after-sale/credit-answers';
import { CreditNotePath, CustomerCreditNotesPath } from '@shop/domain/after-sale/credit-schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { toAmount } from '@shop/domain/core/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { sellerOf } from '../invoices';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { CreditNoteNeeds } from './needs';
import { renderCreditNotePdf } from './pdf';
import { companyCreditCents, creditNoteDetail, listCreditNotes } from './queries';

const doc = routeDocs(['Statement'], SECURITY.session);
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const NO_CREDIT_NOTE = 'afterSale.creditNoteMissing';

export function creditNoteRoutes(app: FastifyInstance, needs: CreditNoteNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = needs.database.db;
  const timeZone = needs.config.SHOP_TIME_ZONE;

  api.get(
    '/api/user/:customerid/credit-notes',
    {
      schema: doc("The company's credit notes, newest first, and the credit left on them", {
        params: CustomerCreditNotesPath,
        response: { 200: CreditNotesAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      return reply.header('cache-control', 'no-store').send({
        scode: 200,
        credit_notes: await listCreditNotes(db, user.customerId, timeZone),
        credit_left: toAmount(await companyCreditCents(db, user.customerId)),
      });
    },
  );

  api.get(
    '/api/user/:customerid/credit-notes/:creditNoteId',
    {
      schema: doc(
        'A credit note: its lines, deductions, each tax component reversed, and where the credit went',
        {
          params: CreditNotePath,
          response: { 200: CreditNoteAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const found = await creditNoteDetail(db, request.params.creditNoteId, user.customerId, timeZone);
      if (!found) throw new HttpError(404, NO_CREDIT_NOTE);
      const { customer_id: _, ...note } = found;
      return reply
        .header('cache-control', 'no-store')
        .send({ scode: 200, credit_note: { ...note, customer_id: user.customerId } });
    },
  );

  api.get(
    '/api/user/:customerid/credit-notes/:creditNoteId/pdf',
    {
      schema: doc('A credit note as a PDF (in the buyer’s language)', {
        params: CreditNotePath,
        response: {
          200: {
            description: 'The credit note as PDF, as an attachment named after its number',
            content: { 'application/pdf': { schema: FileBytes } },
          },
          ...REFUSALS,
        },
      }),
    },
    async (request, reply) => {
      assertOwnCustomer(request, request.params.customerid);
      const user = requireUser(request);
      const found = await creditNoteDetail(db, request.params.creditNoteId, user.customerId, timeZone);
      if (!found) throw new HttpError(404, NO_CREDIT_NOTE);
      const pdf = await renderCreditNotePdf(db, found, sellerOf(needs.config), requestLang(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${found.credit_note_number}.pdf"`)
        .send(pdf);
    },
  );
}
