/**
 * The back office's taxes, fees and credit: /api/admin/tax-rates (any staff member reads them, owners add
 * one), /api/admin/fees (owners), and a customer's exemptions (staff; one from all tax is recorded by an
 * owner only, the tax being the seller's to answer for) and payment terms and credit limit (staff read them,
 * owners set them).
 */

import { AdminCustomerPath } from '@shop/domain/account/admin-requests';
import { REFUSALS } from '@shop/domain/core/contract';
import {
  AdminCreditAnswer,
  AdminExemptionChangedAnswer,
  AdminExemptionsAnswer,
  AdminFeeSavedAnswer,
  AdminFeesAnswer,
  AdminTaxRateAddedAnswer,
  AdminTaxRatesAnswer,
  creditUpdateSchema,
  ExemptionPath,
  exemptionCreateSchema,
  FeePath,
  feeCreateSchema,
  feeUpdateSchema,
  TAX_MSG,
  TaxRatePath,
  taxRateCreateSchema,
  taxRateUpdateSchema,
} from '@shop/domain/tax/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { numericId } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { actorOf, staffOf } from '../sessions';
import {
  addExemption,
  addFee,
  addTaxRate,
  changeFee,
  changeTaxRate,
  creditOf,
  listExemptions,
  listFees,
  listTaxRates,
  revokeExemption,
  setCredit,
} from './service';

const CUSTOMER_ID = /^[A-Za-z0-9]{1,50}$/;
const NO_FEE = 'There is no such fee.';
const NO_RATE = 'There is no such tax rate.';
const NO_EXEMPTION = 'There is no such exemption of this customer.';
const taxDoc = routeDocs(['Back office: taxes and fees'], SECURITY.staff);
const customerDoc = routeDocs(['Back office: customers'], SECURITY.staff);
const owner = { staffRole: 'owner' as const };

function customerIdOf(value: string): string {
  if (!CUSTOMER_ID.test(value)) throw new HttpError(404, `There is no customer ${value.slice(0, 50)}.`);
  return value;
}

export function taxAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // ---- Tax rates

  api.get(
    '/api/admin/tax-rates',
    {
      schema: taxDoc(
        'Every tax rate by province and component with its first day, marked in force (today in the province), scheduled or replaced',
        { response: { 200: AdminTaxRatesAnswer, ...REFUSALS } },
      ),
    },
    async (_request, reply) => reply.send({ scode: 200, ...(await listTaxRates(db)) }),
  );

  api.post(
    '/api/admin/tax-rates',
    {
      config: owner,
      schema: taxDoc(
        "Adds a component's rate in a province from a day on (today or later in that province); orders placed before keep their rates (owners only)",
        { body: taxRateCreateSchema, response: { 200: AdminTaxRateAddedAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) =>
      reply.send({ scode: 200, ...(await addTaxRate(db, actorOf(request), request.body)) }),
  );

  api.put(
    '/api/admin/tax-rates/:rateId',
    {
      config: owner,
      schema: taxDoc(
        'Corrects a rate that has not started yet in its province; one that has is never rewritten (owners only)',
        {
          params: TaxRatePath,
          body: taxRateUpdateSchema,
          response: { 200: AdminTaxRateAddedAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const rateId = numericId(request.params.rateId, NO_RATE);
      return reply.send({ scode: 200, ...(await changeTaxRate(db, actorOf(request), rateId, request.body)) });
    },
  );

  // ---- Recycling fees

  api.get(
    '/api/admin/fees',
    {
      config: owner,
      schema: taxDoc(
        'Every recycling fee per unit by province and category with its first day; demo values marked (owners only)',
        { response: { 200: AdminFeesAnswer, ...REFUSALS } },
      ),
    },
    async (_request, reply) => reply.send({ scode: 200, ...(await listFees(db)) }),
  );

  api.post(
    '/api/admin/fees',
    {
      config: owner,
      schema: taxDoc(
        "Sets a category's fee per unit in a province from a day on (today or later there), as a new row (owners only)",
        { body: feeCreateSchema, response: { 200: AdminFeeSavedAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) =>
      reply.send({ scode: 200, ...(await addFee(db, actorOf(request), request.body)) }),
  );

  api.put(
    '/api/admin/fees/:feeId',
    {
      config: owner,
      schema: taxDoc(
        'Changes a fee row that has not started yet; one in force is never rewritten (owners only)',
        { params: FeePath, body: feeUpdateSchema, response: { 200: AdminFeeSavedAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const feeId = numericId(request.params.feeId, NO_FEE);
      return reply.send({ scode: 200, ...(await changeFee(db, actorOf(request), feeId, request.body)) });
    },
  );

  // ---- A customer's exemptions

  api.get(
    '/api/admin/customers/:customerId/exemptions',
    {
      schema: customerDoc("The customer's tax exemptions, newest first, expired and revoked ones marked", {
        params: AdminCustomerPath,
        response: { 200: AdminExemptionsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      return reply.send({ scode: 200, exemptions: await listExemptions(db, timeZone, id) });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/exemptions',
    {
      schema: customerDoc(
        "Records an exemption: from one province's own sales tax (the PST, RST or QST number, until an expiry date) or from all tax (the document's reference; owners only)",
        {
          params: AdminCustomerPath,
          body: exemptionCreateSchema,
          response: { 200: AdminExemptionChangedAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      // The tax not charged is the seller's liability: a clerk records a province's own sales tax only.
      if (request.body.scope === 'all' && staffOf(request).role !== 'owner')
        throw new HttpError(403, TAX_MSG.allTaxOwnerOnly);
      return reply.send({
        scode: 200,
        ...(await addExemption(db, timeZone, actorOf(request), id, request.body)),
      });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/exemptions/:exemptionId/revoke',
    {
      schema: customerDoc('Revokes an exemption: orders placed from now on are charged the tax', {
        params: ExemptionPath,
        response: { 200: AdminExemptionChangedAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const exemptionId = numericId(request.params.exemptionId, NO_EXEMPTION);
      return reply.send({
        scode: 200,
        ...(await revokeExemption(db, timeZone, actorOf(request), id, exemptionId)),
      });
    },
  );

  // ---- Payment terms and credit limit

  api.get(
    '/api/admin/customers/:customerId/credit',
    {
      schema: customerDoc(
        "The customer's payment terms, credit limit, open balance and orders held for a credit review",
        { params: AdminCustomerPath, response: { 200: AdminCreditAnswer, ...REFUSALS } },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      return reply.send({ scode: 200, credit: await creditOf(db, id) });
    },
  );

  api.put(
    '/api/admin/customers/:customerId/credit',
    {
      config: owner,
      schema: customerDoc(
        "Sets the customer's payment terms (invoices made from now on) and credit limit (null for none); an order that would take the open balance past it is held for review (owners only)",
        {
          params: AdminCustomerPath,
          body: creditUpdateSchema,
          response: { 200: AdminCreditAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      return reply.send({ scode: 200, ...(await setCredit(db, actorOf(request), id, request.body)) });
    },
  );
}
