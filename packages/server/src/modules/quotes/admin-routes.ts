/** /api/admin/quotes: the list (by state), the count of new requests, one quote, answer or revise, decline. */
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import {
  AdminQuoteCountAnswer,
  AdminQuoteListAnswer,
  adminQuoteListQuerySchema,
  QuoteDetailAnswer,
  quoteAnswerSchema,
  quoteDeclineSchema,
} from '@shop/domain/quotes/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminDeps, deliverQueued } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import {
  ADMIN_NO_QUOTE,
  ADMIN_PAGE_SIZE,
  answerQuote,
  declineQuote,
  listAdminQuotes,
  quoteDetail,
  requestedQuoteCount,
} from './service';

const doc = routeDocs(['Back office: quotes'], SECURITY.staff);
const QuotePath = z.object({ quoteId: z.string().describe('The quote id (quote_id).') });

export function quoteAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/quotes',
    {
      schema: doc(
        'A page of quotes, newest first, by state (requested, answered, expired, accepted, declined, withdrawn)',
        {
          querystring: adminQuoteListQuerySchema,
          response: { 200: AdminQuoteListAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const { quotes, total } = await listAdminQuotes(db, request.query, todayIn(deps.config.SHOP_TIME_ZONE));
      return reply.send({ scode: 200, quotes, total, page: request.query.page, page_size: ADMIN_PAGE_SIZE });
    },
  );

  api.get(
    '/api/admin/quotes/requested-count',
    {
      schema: doc('How many quote requests wait for an answer', {
        response: { 200: AdminQuoteCountAnswer, ...REFUSALS },
      }),
    },
    async (_request, reply) => reply.send({ scode: 200, requested: await requestedQuoteCount(db) }),
  );

  const detail = async (quoteId: number) => {
    const quote = await quoteDetail(db, quoteId, null, todayIn(deps.config.SHOP_TIME_ZONE), true);
    if (!quote) throw new HttpError(404, ADMIN_NO_QUOTE);
    return quote;
  };

  api.get(
    '/api/admin/quotes/:quoteId',
    {
      schema: doc('A quote with its lines, the stock of each, and its answer', {
        params: QuotePath,
        response: { 200: QuoteDetailAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) =>
      reply.send({ scode: 200, quote: await detail(numericId(request.params.quoteId, ADMIN_NO_QUOTE)) }),
  );

  api.post(
    '/api/admin/quotes/:quoteId/answer',
    {
      schema: doc(
        'Answers a requested quote, or revises an answered one until it is accepted or withdrawn: a unit price per line, a validity date (today to 90 days), a message; the buyer is mailed',
        { params: QuotePath, body: quoteAnswerSchema, response: { 200: QuoteDetailAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const quoteId = numericId(request.params.quoteId, ADMIN_NO_QUOTE);
      const { revised, mailIds } = await answerQuote(deps, quoteId, request.body, actorOf(request));
      await deliverQueued(deps, mailIds);
      const quote = await detail(quoteId);
      return reply.send({
        scode: 200,
        smessage: `Quote ${quote.quote_number} ${revised ? 'revised' : 'answered'}; the buyer has been mailed.`,
        quote,
      });
    },
  );

  api.post(
    '/api/admin/quotes/:quoteId/decline',
    {
      schema: doc('Declines a quote with a reason (until it is accepted or withdrawn); the buyer is mailed', {
        params: QuotePath,
        body: quoteDeclineSchema,
        response: { 200: QuoteDetailAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const quoteId = numericId(request.params.quoteId, ADMIN_NO_QUOTE);
      const { mailIds } = await declineQuote(deps, quoteId, request.body.reason, actorOf(request));
      await deliverQueued(deps, mailIds);
      const quote = await detail(quoteId);
      return reply.send({
        scode: 200,
        smessage: `Quote ${quote.quote_number} declined; the buyer has been mailed.`,
        quote,
      });
    },
  );
}
