/** /api/admin/customers/{customerId}/contacts: adding and changing a customer's buyers (the owner's). */

import { AdminContactPath, AdminCustomerPath } from '@shop/domain/account/admin-requests';
import { contactCreateSchema, contactUpdateSchema } from '@shop/domain/back-office/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../../lib/back-office';
import { actorOf } from '../sessions';
import { customerDetail } from './admin-customers';
import { Customer, CustomerChanged, contactIdOf, customerIdOf, customersDoc, owner } from './admin-paths';
import { addContact, updateContact } from './contacts';

export function contactAdminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

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
}
