/**
 * Adding and changing a customer's buyers (contacts): by the seller in the back office, and by the
 * company's administrators in the account (buyers.ts). A new buyer is mailed a link to set a password.
 */
import {
  type AdminContact,
  BUYER_INVITES_PER_DAY,
  BUYER_INVITES_PER_HOUR,
  type contactCreateSchema,
  type contactUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { type Lang, message } from '@shop/domain/core/i18n';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import { contacts, type customers } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { customerDetail, lockCustomer } from './admin-customers';
import { assertUsernameFree, contactSnapshot, findContact, presentContact } from './contact-rows';
import { queueWelcome } from './link-mails';

type CustomerRow = typeof customers.$inferSelect;

/** A new buyer, and a change of one, as the routes' schemas read them. */
export type ContactCreate = z.output<typeof contactCreateSchema>;

export type ContactUpdate = z.output<typeof contactUpdateSchema>;

/**
 * Who adds a buyer. The seller may add any number and is told plainly when an e-mail already signs in
 * elsewhere. A company's administrator is held to the company's number of sign-ins and to a number of
 * invitations an hour and a day (each mails an address they chose), and is never told whether an e-mail
 * signs in to another company: such a buyer is added with a user name of their own, which their mail gives.
 */
export type AddedBy = 'seller' | 'company';

/** Buyers added to the company within the interval (each was mailed an invitation). */
async function addedWithin(tx: Tx, customerId: string, interval: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(
      and(
        eq(contacts.customerId, customerId),
        eq(contacts.isPrimary, false),
        sql`${contacts.createdAt} > now() - ${interval}::interval`,
      ),
    );
  return row?.n ?? 0;
}

/** The company's limits on its administrators' additions; throws the message to show when one is reached. */
async function assertCompanyMayInvite(tx: Tx, customer: CustomerRow, people: number): Promise<void> {
  if (people >= customer.maxBuyers) throw new HttpError(409, message('api.buyerLimit', { n: people }));
  const hour = await addedWithin(tx, customer.customerId, '1 hour');
  if (hour >= BUYER_INVITES_PER_HOUR) throw new HttpError(429, message('api.buyerInvitesHour', { n: hour }));
  const day = await addedWithin(tx, customer.customerId, '24 hours');
  if (day >= BUYER_INVITES_PER_DAY) throw new HttpError(429, message('api.buyerInvitesDay', { n: day }));
}

/** The contact, if any, that signs in with this name (case-insensitive). */
async function signsInAs(tx: Queryable, username: string) {
  const [row] = await tx
    .select({ id: contacts.contactPersonId, customerId: contacts.customerId })
    .from(contacts)
    .where(sql`lower(${contacts.username}) = ${username.toLowerCase()}`);
  return row ?? null;
}

/** A further buyer of the company, who signs in with their e-mail (or, see AddedBy, a user name of their own). */
export async function addContact(
  deps: AdminDeps,
  actor: Actor,
  customerId: string,
  input: ContactCreate,
  addedBy: AddedBy = 'seller',
  /** The language of the page a company's administrator added the buyer from: their welcome's. */
  addedIn?: Lang,
) {
  let sent: { link: string; mailId: number; contact: AdminContact };
  try {
    sent = await deps.db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, customerId);
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(contacts)
        .where(eq(contacts.customerId, customerId));
      const people = counted?.n ?? 0;
      const clash = await signsInAs(tx, input.email);
      if (addedBy === 'company') {
        if (clash?.customerId === customerId)
          throw new HttpError(409, message('api.buyerInCompany', { email: input.email }));
        await assertCompanyMayInvite(tx, customer, people);
      } else if (clash) {
        throw new HttpError(409, message('api.emailTaken', { email: input.email }));
      }
      let n = people + 1;
      let contactPersonId = `${customerId}-B${n}`;
      // The contact id doubles as the user name of a buyer whose e-mail signs in elsewhere, so it must be
      // free as both.
      while (
        (
          await tx
            .select({ id: contacts.contactPersonId })
            .from(contacts)
            .where(
              or(
                eq(contacts.contactPersonId, contactPersonId),
                sql`lower(${contacts.username}) = ${contactPersonId.toLowerCase()}`,
              ),
            )
        ).length > 0
      )
        contactPersonId = `${customerId}-B${++n}`;
      const [contact] = await tx
        .insert(contacts)
        .values({
          contactPersonId,
          customerId,
          contactName: `${input.first_name} ${input.last_name}`,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phoneNumber: input.phone_number,
          username: clash ? contactPersonId : input.email,
          passwordHash: '',
          role: input.role,
          isPrimary: false,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'customer.add_contact',
        entityType: 'customer',
        entityId: customerId,
        after: contactSnapshot(contact!),
      });
      const queued = await queueWelcome(deps, tx, customer, contact!, addedIn);
      return { ...queued, contact: presentContact(contact!) };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        addedBy === 'company' ? 'api.buyerNotAdded' : message('api.emailTaken', { email: input.email }),
      );
    throw error;
  }
  await deliverQueued(deps, [sent.mailId]);
  return sent;
}

/** A contact's details, role and active flag. The primary contact stays an active admin. */
export async function updateContact(
  deps: AdminDeps,
  actor: Actor,
  customerId: string,
  contactPersonId: string,
  input: ContactUpdate,
) {
  try {
    await deps.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const before = await findContact(tx, customerId, contactPersonId);
      if (before.isPrimary && input.role === 'buyer')
        throw new HttpError(400, 'The primary contact is always an admin of the company.');
      if (before.isPrimary && input.active === false)
        throw new HttpError(400, 'The primary contact cannot be turned off; disable the customer instead.');
      const email = input.email ?? before.email;
      // Buyers sign in with their e-mail, so it moves with it; the primary contact keeps the Customer ID.
      const username = before.isPrimary ? before.username : email;
      if (username.toLowerCase() !== before.username.toLowerCase())
        await assertUsernameFree(tx, username, contactPersonId);
      const firstName = input.first_name ?? before.firstName;
      const lastName = input.last_name ?? before.lastName;
      const [after] = await tx
        .update(contacts)
        .set({
          firstName,
          lastName,
          contactName: `${firstName} ${lastName}`,
          email,
          username,
          phoneNumber: input.phone_number ?? before.phoneNumber,
          role: input.role ?? before.role,
          active: input.active ?? before.active,
        })
        .where(eq(contacts.contactPersonId, contactPersonId))
        .returning();
      if (!after!.active) await deps.sessions.endContactSessions(tx, contactPersonId);
      await recordAudit(tx, actor, {
        action: 'customer.update_contact',
        entityType: 'customer',
        entityId: customerId,
        before: contactSnapshot(before),
        after: contactSnapshot(after!),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'api.emailTakenThat');
    throw error;
  }
  await deps.sessions.refreshCustomer(customerId);
  return (await customerDetail(deps.db, deps.config.SHOP_TIME_ZONE, customerId))!;
}
