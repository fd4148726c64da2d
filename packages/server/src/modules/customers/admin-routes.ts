/**
 * /api/admin/customers and /api/admin/applications. Any staff member reads them (orders and messages
 * need the customer); changing a customer, its buyers, its percentage or an application is the owner's.
 */
import {
  applicationListQuerySchema,
  customerListQuerySchema,
  customerMessageSchema,
} from '@shop/domain/admin';
import type { FastifyInstance } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import { numericId, pageOf } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
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

type CustomerParams = { Params: { customerId: string } };
type ContactParams = { Params: { customerId: string; contactId: string } };

const CUSTOMER_ID = /^[A-Za-z0-9]{1,50}$/;
const CONTACT_ID = /^[A-Za-z0-9-]{1,100}$/;

function customerIdOf(value: string): string {
  if (!CUSTOMER_ID.test(value)) throw new HttpError(404, `There is no customer ${value.slice(0, 50)}.`);
  return value;
}

function contactIdOf(value: string): string {
  if (!CONTACT_ID.test(value)) throw new HttpError(404, 'There is no such buyer of this customer.');
  return value;
}

export function customerRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const owner = { config: { staffRole: 'owner' as const } };

  app.get('/api/admin/customers', async (request, reply) => {
    const query = parseOr400(customerListQuerySchema, request.query);
    const { rows, total } = await listCustomers(db, query);
    return reply.send({ scode: 200, customers: pageOf(rows, total, query) });
  });

  app.get<CustomerParams>('/api/admin/customers/:customerId', async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    const customer = await customerDetail(db, id);
    if (!customer) throw new HttpError(404, `There is no customer ${id}.`);
    return reply.send({ scode: 200, customer });
  });

  app.post('/api/admin/customers', owner, async (request, reply) => {
    const { customer } = await createCustomer(deps, actorOf(request), request.body);
    return reply.send({
      scode: 200,
      smessage: `Customer ${customer.customer_id} has been created; ${customer.primary_contact?.email} has been mailed the Customer ID and a link to set the password.`,
      customer,
    });
  });

  app.patch<CustomerParams>('/api/admin/customers/:customerId', owner, async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    return reply.send({
      scode: 200,
      customer: await updateCustomer(deps, actorOf(request), id, request.body),
    });
  });

  app.post<CustomerParams>('/api/admin/customers/:customerId/disable', owner, async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    const customer = await setCustomerDisabled(deps, actorOf(request), id, true);
    return reply.send({
      scode: 200,
      smessage: `Customer ${id} is disabled; their sessions have ended.`,
      customer,
    });
  });

  app.post<CustomerParams>('/api/admin/customers/:customerId/enable', owner, async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    const customer = await setCustomerDisabled(deps, actorOf(request), id, false);
    return reply.send({ scode: 200, smessage: `Customer ${id} can sign in again.`, customer });
  });

  app.post<CustomerParams>(
    '/api/admin/customers/:customerId/password-link',
    owner,
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const body = (request.body ?? {}) as { contact_person_id?: unknown };
      const contact =
        typeof body.contact_person_id === 'string' ? contactIdOf(body.contact_person_id) : undefined;
      const sent = await sendResetLink(deps, actorOf(request), id, contact);
      return reply.send({
        scode: 200,
        smessage: `A link to choose a password has been mailed to ${sent.email}.`,
      });
    },
  );

  app.post<CustomerParams>('/api/admin/customers/:customerId/contacts', owner, async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    const added = await addContact(deps, actorOf(request), id, request.body);
    return reply.send({
      scode: 200,
      smessage: `${added.contact.email} has been mailed a link to set their password; they sign in with their e-mail.`,
      customer: await customerDetail(db, id),
    });
  });

  app.patch<ContactParams>(
    '/api/admin/customers/:customerId/contacts/:contactId',
    owner,
    async (request, reply) => {
      const id = customerIdOf(request.params.customerId);
      const contact = contactIdOf(request.params.contactId);
      return reply.send({
        scode: 200,
        customer: await updateContact(deps, actorOf(request), id, contact, request.body),
      });
    },
  );

  app.post<CustomerParams>('/api/admin/customers/:customerId/messages', async (request, reply) => {
    const id = customerIdOf(request.params.customerId);
    const { body } = parseOr400(customerMessageSchema, request.body);
    const sent = await sendCustomerMessage(deps, actorOf(request), id, body);
    return reply.send({
      scode: 200,
      smessage: `Message ${sent.messageId} sent to ${id}${sent.mailedTo ? ` and mailed to ${sent.mailedTo}` : ''}.`,
      customer: await customerDetail(db, id),
    });
  });

  // ---- Applications

  app.get('/api/admin/applications', async (request, reply) => {
    const query = parseOr400(applicationListQuerySchema, request.query);
    const { rows, total } = await listApplications(db, query);
    return reply.send({ scode: 200, applications: pageOf(rows, total, query) });
  });

  const NO_APPLICATION = 'There is no such application.';
  app.get<{ Params: { applicationId: string } }>(
    '/api/admin/applications/:applicationId',
    async (request, reply) => {
      const application = await findApplication(db, numericId(request.params.applicationId, NO_APPLICATION));
      if (!application) throw new HttpError(404, NO_APPLICATION);
      return reply.send({ scode: 200, application });
    },
  );

  app.post<{ Params: { applicationId: string } }>(
    '/api/admin/applications/:applicationId/reject',
    owner,
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
