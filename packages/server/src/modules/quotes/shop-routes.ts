/** The buyer's quotes: ask for one, the company's list, one quote, accepting it (its checkout) or withdrawing it. */

import { CustomerPath } from '@shop/domain/account/requests';
import { REFUSALS } from '@shop/domain/core/contract';
import { todayIn } from '@shop/domain/core/days';
import {
  QUOTE_MSG,
  QuoteDetailAnswer,
  QuoteListAnswer,
  QuotePlacedAnswer,
  QuoteRequestedAnswer,
  QuoteWithdrawnAnswer,
  quotePlaceSchema,
  quoteRequestSchema,
} from '@shop/domain/quotes/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../i18n/lang';
import { deliverQueued } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { assertOwnCustomer, requireUser } from '../sessions';
import type { QuoteNeeds } from './needs';
import { listCompanyQuotes, placeQuote, quoteDetail, requestQuote, withdrawQuote } from './service';

const doc = routeDocs(['Quotes'], SECURITY.session);
const QuotePath = CustomerPath.extend({ quoteid: z.string().describe('The quote id (quote_id).') });

export function quoteShopRoutes(app: FastifyInstance, needs: QuoteNeeds) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = needs.database.db;

  api.post(
    '/api/user/:customerid/quotes',
    {
      schema: doc(
        'Asks the seller for a quote: lines (up to 50, quantities up to 9999 even beyond the stock), optional target unit prices, a note',
        {
          params: CustomerPath,
          body: quoteRequestSchema,
          response: { 200: QuoteRequestedAnswer, ...REFUSALS },
        },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const made = await requestQuote(needs.backOffice, user, request.body, requestLang(request));
      await deliverQueued(needs.backOffice, made.mailIds);
      return reply.send({
        scode: 200,
        smessage: request.say(QUOTE_MSG.requested(made.quoteNumber)),
        quote_id: made.quoteId,
        quote_number: made.quoteNumber,
      });
    },
  );

  api.get(
    '/api/user/:customerid/quotes',
    {
      schema: doc(
        "The company's quotes, newest first, each with its state (expired: answered and past its date)",
        {
          params: CustomerPath,
          response: { 200: QuoteListAnswer, ...REFUSALS },
        },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return reply.send({
        scode: 200,
        quotes: await listCompanyQuotes(db, user.customerId, todayIn(needs.config.SHOP_TIME_ZONE)),
      });
    },
  );

  api.get(
    '/api/user/:customerid/quotes/:quoteid',
    {
      schema: doc(
        "One of the company's quotes: its lines, target and quoted prices, message, validity and what changed",
        {
          params: QuotePath,
          response: { 200: QuoteDetailAnswer, ...REFUSALS },
        },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const quote = await quoteDetail(
        db,
        numericId(request.params.quoteid, QUOTE_MSG.noQuote),
        user.customerId,
        todayIn(needs.config.SHOP_TIME_ZONE),
      );
      if (!quote) throw new HttpError(404, QUOTE_MSG.noQuote);
      reply.header('cache-control', 'private, no-store');
      return reply.send({ scode: 200, quote });
    },
  );

  api.post(
    '/api/user/:customerid/quotes/:quoteid/withdraw',
    {
      schema: doc(
        "Withdraws one of the company's quotes while it is requested, answered or expired: the seller can no longer answer it and it can no longer be accepted; the shop is told",
        { params: QuotePath, response: { 200: QuoteWithdrawnAnswer, ...REFUSALS } },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const quoteId = numericId(request.params.quoteid, QUOTE_MSG.noQuote);
      const done = await withdrawQuote(needs.backOffice, user, quoteId);
      await deliverQueued(needs.backOffice, done.mailIds);
      const quote = await quoteDetail(db, quoteId, user.customerId, todayIn(needs.config.SHOP_TIME_ZONE));
      if (!quote) throw new HttpError(404, QUOTE_MSG.noQuote);
      return reply.send({
        scode: 200,
        smessage: request.say(QUOTE_MSG.withdrawnNow(done.quoteNumber)),
        quote,
      });
    },
  );

  api.post(
    '/api/user/:customerid/quotes/:quoteid/place',
    {
      schema: doc(
        'Accepts an answered, unexpired quote and places its order at the quoted prices (stock checked now); again, it gives back the same order',
        { params: QuotePath, body: quotePlaceSchema, response: { 200: QuotePlacedAnswer, ...REFUSALS } },
      ),
      preValidation: async (request) => {
        assertOwnCustomer(request, request.params.customerid);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const placed = await placeQuote(
        needs,
        user,
        numericId(request.params.quoteid, QUOTE_MSG.noQuote),
        request.body,
        requestLang(request),
      );
      return reply.send({
        scode: 200,
        smessage: request.say(
          placed.repeated
            ? QUOTE_MSG.placedAlready(placed.orderNumber, placed.quoteNumber)
            : QUOTE_MSG.placed(placed.orderNumber, placed.quoteNumber),
        ),
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        status: placed.status,
        repeated: placed.repeated,
      });
    },
  );
}
