/**
 * The back office's accounting (owners; a token with the `accounting` scope may call what
 * STAFF_ROUTE_SCOPES lists): the tax codes per system and component, the export files, and the
 * accounting system's ids of our records.
 */
import {
  ACCOUNTING_MSG,
  AccountingExportQuery,
  AccountingIdsAnswer,
  AccountingIdsListAnswer,
  AccountingIdsQuery,
  AccountingIdsRefusedAnswer,
  AccountingIdsRequest,
  TaxCodesAnswer,
  TaxCodesRequest,
} from '@shop/domain/accounting/accounting';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { actorOf } from '../sessions';
import { accountingCsv } from './export';
import { listAccountingIds, listTaxCodes, saveTaxCodes, setAccountingIds } from './store';

const TAGS = ['Back office: accounting'];
const STAFF: { [scheme: string]: string[] }[] = [{ staff: [] }];

export function accountingRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const owner = { staffRole: 'owner' as const };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/accounting/tax-codes',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'The tax codes named per accounting system and tax component (owners only)',
        response: { 200: TaxCodesAnswer, ...REFUSALS },
      },
    },
    async () => ({ scode: 200 as const, codes: await listTaxCodes(db) }),
  );

  api.put(
    '/api/admin/accounting/tax-codes',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'Name the tax codes of accounting systems (owners only)',
        description:
          'Each row names the code a system knows a tax component by (an empty code removes it); the export files write it for each line, components of one line joined ("GST + PST").',
        body: TaxCodesRequest,
        response: { 200: TaxCodesAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      await saveTaxCodes(deps, actorOf(request), request.body.codes);
      return {
        scode: 200 as const,
        smessage: request.say(ACCOUNTING_MSG.codesSaved),
        codes: await listTaxCodes(db),
      };
    },
  );

  api.get(
    '/api/admin/accounting/export',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary:
          'An import file of Zoho Books or QuickBooks Online for a period (owners; scope `accounting`)',
        description: [
          'The invoices (one row per line, each line with its tax code and tax), credit notes, payments or',
          'customers made from one day to another (the shop’s days, both included), with the system’s',
          'documented columns and amounts as plain decimals. `new_only=true` leaves out the records that',
          'already carry an id of that system (PUT /api/admin/accounting/ids).',
        ].join('\n'),
        querystring: AccountingExportQuery,
        response: {
          200: {
            description: 'The file as CSV (an attachment)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { system, file, from, to, new_only } = request.query;
      const csv = await accountingCsv(db, timeZone, { system, file, from, to, newOnly: new_only });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${system}-${file}-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/admin/accounting/ids',
    {
      config: owner,
      schema: {
        tags: TAGS,
        security: STAFF,
        summary: 'The accounting systems’ ids of our records (owners; scope `accounting`)',
        description: 'Newest first, at most 500; `kind` and `id` narrow it to one kind or one record.',
        querystring: AccountingIdsQuery,
        response: { 200: AccountingIdsListAnswer, ...REFUSALS },
      },
    },
    async (request) => ({ scode: 200 as const, ids: await listAccountingIds(db, request.query) }),
  );

  api.put(
    '/api/admin/accounting/ids',
    {
      config: owner,
      schema: {
        tags: TAGS,
        // The document adds the staff token and its scope (lib/api-docs.ts).
        security: STAFF,
        summary:
          'Set the accounting system’s ids of invoices, credit notes, payments, customers (scope `accounting`)',
        description: [
          'Up to 1,000 rows: the system, the kind of record, our id (an invoice’s or credit note’s number,',
          'a payment’s id, a customer’s id) and the system’s id (empty removes it). All or nothing: when any',
          'row is refused, nothing changes and the 400 names every refused row with its index (from 0).',
        ].join('\n'),
        body: AccountingIdsRequest,
        response: { 200: AccountingIdsAnswer, 400: AccountingIdsRefusedAnswer, ...REFUSALS },
      },
    },
    async (request) => {
      const result = await setAccountingIds(deps, request.body.rows);
      if (!result.ok)
        throw new HttpError(400, ACCOUNTING_MSG.rowsRefused(result.refused.length), {
          refused: result.refused.map((row) => ({ ...row, reason: request.say(row.reason) })),
        });
      return {
        scode: 200 as const,
        smessage: request.say(ACCOUNTING_MSG.idsSaved(result.updated)),
        updated: result.updated,
      };
    },
  );
}
