/**
 * A company's buyers, as its administrators manage them from the account area: the same functions the
 * back office uses (so the same rules, mails and audit), acting as the administrator.
 */
import type { buyerChangeSchema } from '@shop/domain/account/schemas';
import type { AdminContact } from '@shop/domain/back-office/schemas';
import type { Lang } from '@shop/domain/core/i18n';
import { MSG } from '@shop/domain/core/messages';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { contacts } from '../../db/schema';
import type { Actor, AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import type { SessionUser } from '../sessions';
import { presentContact } from './contact-rows';
import { addContact, type ContactCreate, updateContact } from './contacts';

/** The audit names the company's administrator who acted. */
function actorOf(user: SessionUser): Actor {
  return { staffId: null, label: `${user.email || user.username} (${user.customerId})` };
}

/**
 * The company's sign-ins as its administrators see them: without user names, since a buyer whose e-mail
 * signs in to another company's account has a user name of their own, and that must not tell them so.
 */
export async function listBuyers(
  db: Queryable,
  customerId: string,
): Promise<Omit<AdminContact, 'username'>[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.customerId, customerId))
    .orderBy(asc(contacts.createdAt), asc(contacts.contactPersonId));
  // Primary contact first, then the buyers as they were added.
  return rows
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    .map((row) => {
      const { username: _hidden, ...shown } = presentContact(row);
      return shown;
    });
}

/** Adds a buyer, mailed in `lang` (the administrator's page) until they choose a language of their own. */
export async function addBuyer(deps: AdminDeps, user: SessionUser, buyer: ContactCreate, lang?: Lang) {
  await addContact(deps, actorOf(user), user.customerId, buyer, 'company', lang);
  return listBuyers(deps.db, user.customerId);
}

/** A buyer's role, or turned off or on, as the route's schema read it. */
export type BuyerChange = z.output<typeof buyerChangeSchema>;

/** Turns a buyer off or on, or changes their role; an administrator cannot turn themself off. */
export async function changeBuyer(
  deps: AdminDeps,
  user: SessionUser,
  contactPersonId: string,
  change: BuyerChange,
) {
  const [target] = await deps.db
    .select({ customerId: contacts.customerId })
    .from(contacts)
    .where(eq(contacts.contactPersonId, contactPersonId));
  if (!target || target.customerId !== user.customerId) throw new HttpError(404, MSG.buyerNotFound);
  if (contactPersonId === user.contactPersonId && (change.active === false || change.role === 'buyer')) {
    throw new HttpError(400, MSG.buyerNotYourself);
  }
  await updateContact(deps, actorOf(user), user.customerId, contactPersonId, change);
  return listBuyers(deps.db, user.customerId);
}
