/**
 * /api/admin/customers and /api/admin/applications. Any staff member reads them (orders and messages
 * need the customer); changing a customer, its buyers, its percentage or an application is the owner's.
 */
import {
  AdminApplicationAnswer,
  AdminApplicationRejectedAnswer,
  AdminApplicationsAnswer,
  AdminCustomerAnswer,
  AdminCustomerChangedAnswer,
  AdminCustomersAnswer,
  AdminMessageAnswer,
  applicationListQuerySchema,
  applicationRejectSchema,
  contactCreateSchema,
  contactUpdateSchema,
  customerCreateSchema,
  customerListQuerySchema,
  customerMessageSchema,
  customerUpdateSchema,
} from '@shop/domain/admin';
import { REFUSALS } from '@shop/domain/contract';
import {
  AdminContactPath,
  AdminCustomerPath,
  ApplicationPath,
  PasswordLinkBody,
} from '@shop/domain/requests/admin-customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import { sendCustomerMessage } from '../messages';
import { actorOf } from '../sessions';
import {
  addContact,
  createCustomer,
  customerDetail,
  findApplication,
  listApplications,
  listCustomers,
  rejectApplication,
  sendResetLink,
  setCustomerDisabled,
  updateContact,
  updateCustomer,
} from './admin-service';

const CUSTOMER_ID = /^[A-Za-z0-9]{1,50}$/;
const CONTACT_ID = /^[A-Za-z0-9-]{1,100}$/;
const NO_APPLICATION = 'There is no such application.';
const customersDoc = routeDocs(['Back office: customers'], SECURITY.staff);
const applicationsDoc = routeDocs(['Back office: applications'], SECURITY.staff);
const owner = { staffRole: 'owner' as const };
const Customer = { 200: AdminCustomerAnswer, ...REFUSALS };
const CustomerChanged = { 200: AdminCustomerChangedAnswer, ...REFUSALS };

function customerIdOf(value: string): string {
  if (!CUSTOMER_ID.test(value)) throw new HttpError(404, `There is no customer ${value.slice(0, 50)}.`);
  return value;
}

function contactIdOf(value: string): string {
  if (!CONTACT_ID.test(value)) throw new HttpError(404, 'There is no such buyer of this customer.');
  return value;
}

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
    '/api/admin/customers/:customerId/contacts',
    {
      config: owner,
      schema: customersDoc(
        'Adds a buyer, mailed a link to set a password; they sign in with their e-mail (owners only)',
        {
          params: AdminCustomerPath,
          body: contactCreateSchema,
          response: CustomerChanged,
        },
      ),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const added = await addContact(deps, actorOf(request), id, request.body);
      return reply.send({
        scode: 200,
        smessage: `${added.contact.email} has been mailed a link to set their password; they sign in with their e-mail.`,
        customer: (await customerDetail(db, deps.config.SHOP_TIME_ZONE, id))!,
      });
    },
  );

  api.patch(
    '/api/admin/customers/:customerId/contacts/:contactId',
    {
      config: owner,
      schema: customersDoc("Changes a buyer's details, role, or turns them off or on (owners only)", {
        params: AdminContactPath,
        body: contactUpdateSchema,
        response: Customer,
      }),
    },
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const contact = contactIdOf(request.params.contactId);
      return reply.send({
        scode: 200,
        customer: await updateContact(deps, actorOf(request), id, contact, request.body),
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

  // ---- Applications

  api.get(
    '/api/admin/applications',
    {
      schema: applicationsDoc('Account applications by status (New when not given)', {
        querystring: applicationListQuerySchema,
        response: { 200: AdminApplicationsAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const { rows, total } = await listApplications(db, request.query);
      return reply.send({ scode: 200, applications: pageOf(rows, total, request.query) });
    },
  );

  api.get(
    '/api/admin/applications/:applicationId',
    {
      schema: applicationsDoc('An application, with the new-customer form filled in from it', {
        params: ApplicationPath,
        response: { 200: AdminApplicationAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const application = await findApplication(db, numericId(request.params.applicationId, NO_APPLICATION));
      if (!application) throw new HttpError(404, NO_APPLICATION);
      return reply.send({ scode: 200, application });
    },
  );

  api.post(
    '/api/admin/applications/:applicationId/reject',
    {
      config: owner,
      schema: applicationsDoc('Rejects an application; the reason is mailed to the applicant (owners only)', {
        params: ApplicationPath,
        body: applicationRejectSchema,
        response: { 200: AdminApplicationRejectedAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const id = numericId(request.params.applicationId, NO_APPLICATION);
      const application = await rejectApplication(deps, actorOf(request), id, request.body);
      return reply.send({
        scode: 200,
        smessage: `Application #${id} has been rejected; ${application.email} has been mailed the reason.`,
        application,
      });
    },
  );
}
