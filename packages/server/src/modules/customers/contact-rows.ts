/**
 * A buyer (contact) of a customer as the back office shows them and as the audit keeps them, found and
 * locked for a change, and whether a user name is free.
 */
import type { AdminContact, ContactRole } from '@shop/domain/back-office/schemas';
import { message } from '@shop/domain/core/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts } from '../../db/schema';
import { HttpError } from '../../lib/http';

export type ContactRow = typeof contacts.$inferSelect;
const NO_CONTACT = 'There is no such buyer of this customer.';

export function presentContact(c: ContactRow): AdminContact {
  return {
    contact_person_id: c.contactPersonId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone_number: c.phoneNumber,
    username: c.username,
    role: c.role as ContactRole,
    active: c.active,
    is_primary: c.isPrimary,
    has_password: c.passwordHash !== '',
  };
}

export function contactSnapshot(c: ContactRow) {
  return {
    contact_person_id: c.contactPersonId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone_number: c.phoneNumber,
    username: c.username,
    role: c.role,
    active: c.active,
  };
}

export async function assertUsernameFree(tx: Queryable, username: string, exceptContact?: string) {
  const [taken] = await tx
    .select({ id: contacts.contactPersonId })
    .from(contacts)
    .where(
      and(
        sql`lower(${contacts.username}) = ${username.toLowerCase()}`,
        exceptContact ? sql`${contacts.contactPersonId} <> ${exceptContact}` : undefined,
      ),
    );
  if (taken) throw new HttpError(409, message('api.emailTaken', { email: username }));
}

export async function findContact(
  tx: Queryable,
  customerId: string,
  contactPersonId?: string,
): Promise<ContactRow> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.customerId, customerId),
        contactPersonId === undefined
          ? eq(contacts.isPrimary, true)
          : eq(contacts.contactPersonId, contactPersonId),
      ),
    )
    .for('update');
  if (!row) throw new HttpError(404, NO_CONTACT);
  return row;
}
