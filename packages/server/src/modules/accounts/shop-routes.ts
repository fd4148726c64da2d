/**
 * The buyer's statement of account: JSON for the account page, and the same as a PDF and a CSV in the
 * request's language. Any buyer of the company may read it; only of their own company.
 */

import { CustomerPath } from '@shop/domain/account/requests';
import { StatementAnswer } from '@shop/domain/accounts/answers';
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { sellerOf } from '../invoices';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { AccountNeeds } from './needs';
import { statementOf } from './queries';
import { renderStatementPdf, statementCsv, statementFileName } from './statement-files';

const doc = routeDocs(['Statement'], SECURITY.session);
/** A file's bytes, sent as they are (a Buffer); binary in the document. */
const FileBytes = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const NO_ACCOUNT = 'There is no such account.';

/** A visitor, or a path naming another customer, is refused before anything sent is looked at. */
async function ownCustomer(request: FastifyRequest<{ Params: { customerid: string } }>) {
  assertOwnCustomer(request, request.params.customerid);
}

export function statementRoutes(app: FastifyInstance, needs: AccountNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = needs.database.db;

  const statement = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const found = await statementOf(
      db,
      user.customerId,
      todayIn(needs.config.SHOP_TIME_ZONE),
      needs.config.SHOP_TIME_ZONE,
    );
    if (!found) throw new HttpError(404, NO_ACCOUNT);
    return found;
  };

  api.get(
    '/api/user/:customerid/statement',
    {
      schema: doc(
        "The company's statement: its invoices (open, overdue, paid) with balances, what is overdue and the aging",
        { params: CustomerPath, response: { 200: StatementAnswer, ...REFUSALS } },
      ),
      preValidation: ownCustomer,
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ scode: 200, statement: await statement(request) }),
  );

  api.get(
    '/api/user/:customerid/statement.pdf',
    {
      schema: doc('The statement as a PDF (in the buyer’s language)', {
        params: CustomerPath,
        response: {
          200: {
            description: 'The statement as PDF, as an attachment',
            content: { 'application/pdf': { schema: FileBytes } },
          },
          ...REFUSALS,
        },
      }),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const lang = requestLang(request);
      const found = await statement(request);
      const pdf = await renderStatementPdf(found, sellerOf(needs.config), lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${statementFileName(found, lang)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  api.get(
    '/api/user/:customerid/statement.csv',
    {
      schema: doc('The statement’s invoices as a CSV file (headers in the buyer’s language)', {
        params: CustomerPath,
        response: {
          200: {
            description: 'One row per invoice, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...REFUSALS,
        },
      }),
      preValidation: ownCustomer,
    },
    async (request, reply) => {
      const lang = requestLang(request);
      const found = await statement(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(found, lang)}.csv"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(found, lang));
    },
  );
}
