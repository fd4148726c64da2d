/**
 * /api/admin/customers. Any staff member reads them (orders and messages need the customer); changing a
 * customer or its percentage is the owner's. Its buyers' routes are admin-contact-routes.ts's.
 */

import { AdminCustomerPath, PasswordLinkBody } from '@shop/domain/account/admin-requests';
import {
  AdminCustomersAnswer,
  AdminMessageAnswer,
  customerCreateSchema,
  customerListQuerySchema,
  customerMessageSchema,
  customerUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { pageOf } from '../../lib/back-office-http';
import { HttpError } from '../../lib/http';
import { sendCustomerMessage } from '../messages';
import { actorOf } from '../sessions';
import {
  createCustomer,
  customerDetail,
  listCustomers,
  sendResetLink,
  setCustomerDisabled,
  updateCustomer,
} from './admin-customers';
import { Customer, CustomerChanged, contactIdOf, customerIdOf, customersDoc, owner } from './admin-paths';
/**
 * The back office's customers. `onEnabled` is told of a customer enabled again (the stock alerts check
 * theirs: while disabled, none fired).
 */
export function customerRoutes(
  app: FastifyInstance,
  deps: AdminDeps,
  onEnabled: (customerId: string) => void = () => {},
) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/customers',
    {
      schema: customersDoc('Customers, by text (id, company, contact) or state', {
        querystring: customerListQuerySchema,
        response: { 200: AdminCustomersAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { rows, total } = await listCustomers(db, deps.config.SHOP_TIME_ZONE, request.query);
      return reply.send({ scode: 200, customers: pageOf(rows, total, request.query) });
    },
  );

  api.get(
    '/api/admin/customers/:customerId',
    {
      schema: customersDoc('A customer with its buyers, latest orders, messages and history', {
        params: AdminCustomerPath,
        response: Customer,
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const customer = await customerDetail(db, deps.config.SHOP_TIME_ZONE, id);
      if (!customer) throw new HttpError(404, `There is no customer ${id}.`);
      return reply.send({ scode: 200, customer });
    },
  );

  api.post(
    '/api/admin/customers',
    {
      config: owner,
      schema: customersDoc(
        'Opens a customer (from an application or not); the primary contact is mailed a link to set the password (owners only)',
        { body: customerCreateSchema, response: CustomerChanged },
      ),
    },
    async (request, reply) => {
      const { customer } = await createCustomer(deps, actorOf(request), request.body);
      return reply.send({
        scode: 200,
        smessage: `Customer ${customer.customer_id} has been created; ${customer.primary_contact?.email} has been mailed the Customer ID and a link to set the password.`,
        customer,
      });
    },
  );

  api.patch(
    '/api/admin/customers/:customerId',
    {
      config: owner,
      schema: customersDoc(
        "Changes a customer's company name, percentage or number of sign-ins (owners only)",
        {
          params: AdminCustomerPath,
          body: customerUpdateSchema,
          response: Customer,
        },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      return reply.send({
        scode: 200,
        customer: await updateCustomer(deps, actorOf(request), id, request.body),
      });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/disable',
    {
      config: owner,
      schema: customersDoc('Disables a customer: nobody of it signs in, its sessions end (owners only)', {
        params: AdminCustomerPath,
        response: CustomerChanged,
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const customer = await setCustomerDisabled(deps, actorOf(request), id, true);
      return reply.send({
        scode: 200,
        smessage: `Customer ${id} is disabled; their sessions have ended.`,
        customer,
      });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/enable',
    {
      config: owner,
      schema: customersDoc('Enables a disabled customer again (owners only)', {
        params: AdminCustomerPath,
        response: CustomerChanged,
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const customer = await setCustomerDisabled(deps, actorOf(request), id, false);
      onEnabled(id);
      return reply.send({ scode: 200, smessage: `Customer ${id} can sign in again.`, customer });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/password-link',
    {
      config: owner,
      schema: customersDoc(
        'Mails a buyer (or the primary contact) a link to set a new password (owners only)',
        {
          params: AdminCustomerPath,
          body: PasswordLinkBody,
          response: { 200: AdminMessageAnswer, ...REFUSALS },
        },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const { contact_person_id } = request.body;
      const contact = contact_person_id === undefined ? undefined : contactIdOf(contact_person_id);
      const sent = await sendResetLink(deps, actorOf(request), id, contact);
      return reply.send({
        scode: 200,
        smessage: `A link to choose a password has been mailed to ${sent.email}.`,
      });
    },
  );

  api.post(
    '/api/admin/customers/:customerId/messages',
    {
      schema: customersDoc('Sends the customer a message (shown in the account, and mailed)', {
        params: AdminCustomerPath,
        body: customerMessageSchema,
        response: CustomerChanged,
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const sent = await sendCustomerMessage(deps, actorOf(request), id, request.body.body);
      return reply.send({
        scode: 200,
        smessage: `Message ${sent.messageId} sent to ${id}${sent.mailedTo ? ` and mailed to ${sent.mailedTo}` : ''}.`,
        customer: (await customerDetail(db, deps.config.SHOP_TIME_ZONE, id))!,
      });
    },
  );
}
