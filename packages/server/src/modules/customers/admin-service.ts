/**
 * Customers (companies), their buyers (contacts) and account applications. A new customer or buyer never
 * gets a password from someone else: they are mailed a one-time link to set it.
 */
import {
  type AdminApplication,
  type AdminContact,
  type AdminCustomerDetail,
  type AdminCustomerRow,
  applicationRejectSchema,
  BUYER_INVITES_PER_DAY,
  BUYER_INVITES_PER_HOUR,
  type ContactRole,
  type CustomerListQuery,
  type contactCreateSchema,
  type contactUpdateSchema,
  customerCreateSchema,
  customerUpdateSchema,
  RESET_LINK_HOURS,
  WELCOME_LINK_DAYS,
} from '@shop/domain/admin';
import { isLang, type Lang } from '@shop/domain/i18n';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import { accountApplications, contacts, customers, orders } from '../../db/schema';
import { dayEnds, dayStarts, isUniqueViolation } from '../../db/sql';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { likePattern } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { mailText } from '../../mail/templates';
import { oneLineValues } from '../../mail/text';
import { auditOf, recordAudit } from '../audit';
import { listAdminOrders } from '../orders';
import { issueLink, linkUrl } from '../staff';
import { type ApplicationFlags, flagsOf, NO_FLAGS } from './application-flags';
import { listMessages } from './queries';

type CustomerRow = typeof customers.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;
/** A new buyer, and a change of one, as the routes' schemas read them. */
export type ContactCreate = z.output<typeof contactCreateSchema>;
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

const NO_CUSTOMER = (id: string) => `There is no customer ${id}.`;
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

function customerSnapshot(c: CustomerRow) {
  return {
    company: c.company,
    percentage: c.percentage,
    max_buyers: c.maxBuyers,
    disabled: c.disabledAt !== null,
  };
}

function contactSnapshot(c: ContactRow) {
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

// ---- Reading

/** The company's latest order (an index probe per company: orders_customer_idx). */
const lastOrderAt = sql<Date | null>`(select max(${orders.createdAt}) from ${orders} where ${orders.customerId} = ${customers.customerId})`;

export async function listCustomers(
  db: Queryable,
  timeZone: string,
  query: Omit<CustomerListQuery, 'sort'> & { sort?: CustomerListQuery['sort'] },
): Promise<{ rows: AdminCustomerRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.status === 'active') where.push(isNull(customers.disabledAt));
  if (query.status === 'disabled') where.push(isNotNull(customers.disabledAt));
  if (query.percentage !== undefined) where.push(eq(customers.percentage, query.percentage));
  if (query.never_ordered)
    where.push(
      sql`not exists (select 1 from ${orders} where ${orders.customerId} = ${customers.customerId})`,
    );
  if (query.last_order_from) where.push(sql`${lastOrderAt} >= ${dayStarts(query.last_order_from, timeZone)}`);
  if (query.last_order_to) where.push(sql`${lastOrderAt} < ${dayEnds(query.last_order_to, timeZone)}`);
  if (query.q) {
    const like = likePattern(query.q);
    where.push(
      or(
        ilike(customers.customerId, like),
        ilike(customers.company, like),
        sql`exists (select 1 from ${contacts} where ${contacts.customerId} = ${customers.customerId}
          and (${contacts.email} ilike ${like} or ${contacts.contactName} ilike ${like}
          or (${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${like}))`,
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const primary = and(eq(contacts.customerId, customers.customerId), eq(contacts.isPrimary, true));
  const order =
    query.sort === 'company'
      ? [asc(sql`lower(${customers.company})`), asc(customers.customerId)]
      : query.sort === 'last_order'
        ? [sql`${lastOrderAt} desc nulls last`, asc(customers.customerId)]
        : [asc(customers.customerId)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ customer: customers, contact: contacts, lastOrderAt })
      .from(customers)
      .leftJoin(contacts, primary)
      .where(condition)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(customers).where(condition),
  ]);
  return {
    rows: rows.map((r) => presentCustomer(r.customer, r.contact, r.lastOrderAt)),
    total: counted?.n ?? 0,
  };
}

function presentCustomer(
  c: CustomerRow,
  primary: ContactRow | null,
  lastOrder: Date | string | null,
): AdminCustomerRow {
  return {
    customer_id: c.customerId,
    company: c.company,
    percentage: c.percentage,
    max_buyers: c.maxBuyers,
    disabled: c.disabledAt !== null,
    created_at: c.createdAt.toISOString(),
    primary_contact: primary
      ? {
          name: `${primary.firstName} ${primary.lastName}`.trim() || primary.contactName,
          email: primary.email,
          phone_number: primary.phoneNumber,
        }
      : null,
    // A computed column arrives as text from one driver and as a Date from the other.
    last_order_at: lastOrder === null ? null : new Date(lastOrder).toISOString(),
  };
}

export async function customerDetail(
  db: Queryable,
  timeZone: string,
  customerId: string,
): Promise<AdminCustomerDetail | null> {
  const [customer] = await db.select().from(customers).where(eq(customers.customerId, customerId));
  if (!customer) return null;
  const [people, recent, messages, audit] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(eq(contacts.customerId, customerId))
      .orderBy(desc(contacts.isPrimary), asc(contacts.createdAt), asc(contacts.contactPersonId)),
    listAdminOrders(db, timeZone, { customer: customerId, page: 1, page_size: 20 }),
    listMessages(db, customerId),
    auditOf(db, 'customer', customerId),
  ]);
  return {
    ...presentCustomer(customer, people.find((p) => p.isPrimary) ?? null, recent.rows[0]?.created_at ?? null),
    contacts: people.map(presentContact),
    orders: recent.rows,
    messages,
    audit,
  };
}

// ---- Links and their mails

/**
 * The welcome (or a buyer's first link), in the contact's language; `addedIn`, the language of the page a
 * company's administrator added them from, when they have not chosen one yet.
 */
async function queueWelcome(
  deps: AdminDeps,
  tx: Queryable,
  customer: { customerId: string; company: string },
  contact: ContactRow,
  addedIn?: Lang,
) {
  const primary = contact.isPrimary;
  const token = await issueLink(
    tx,
    { contactPersonId: contact.contactPersonId },
    primary ? 'welcome' : 'buyer',
    WELCOME_LINK_DAYS * 86_400_000,
  );
  const link = linkUrl(deps.config.PUBLIC_URL, token, 'customer');
  const lang =
    !isLang(contact.language) && addedIn ? addedIn : await mailLanguageOf(tx, contact.contactPersonId);
  // Names and the company (as typed by the people they belong to) stay on one line.
  const t = (key: string, values?: Record<string, string | number>) =>
    mailText(lang, key, oneLineValues(values));
  const mailId = await deps.mailer.enqueue(
    {
      to: contact.email,
      // The link sets the password: readable in the outbox only until it is delivered.
      sensitive: true,
      subject: primary
        ? t('mail.welcome.subject', { customerId: customer.customerId })
        : t('mail.buyer.subject', { company: customer.company }),
      body: [
        t('mail.hello', { name: contact.firstName }),
        '',
        primary
          ? t('mail.welcome.open', { company: customer.company, customerId: customer.customerId })
          : contact.username.toLowerCase() === contact.email.toLowerCase()
            ? t('mail.buyer.open', {
                company: customer.company,
                customerId: customer.customerId,
                email: contact.email,
              })
            : t('mail.buyer.openOwnUsername', {
                company: customer.company,
                customerId: customer.customerId,
                email: contact.email,
                username: contact.username,
              }),
        '',
        t('mail.welcome.choose', { days: WELCOME_LINK_DAYS }),
        link,
        '',
        t('mail.welcome.signIn', {
          url: `${deps.config.PUBLIC_URL}/acer/signin`,
          username: contact.username,
        }),
      ].join('\n'),
    },
    tx,
  );
  return { link, mailId };
}

async function queueReset(deps: AdminDeps, tx: Queryable, contact: ContactRow) {
  const token = await issueLink(
    tx,
    { contactPersonId: contact.contactPersonId },
    'reset',
    RESET_LINK_HOURS * 3_600_000,
  );
  const link = linkUrl(deps.config.PUBLIC_URL, token, 'customer');
  const lang = await mailLanguageOf(tx, contact.contactPersonId);
  // The name (as typed by the person it belongs to) stays on one line.
  const t = (key: string, values?: Record<string, string | number>) =>
    mailText(lang, key, oneLineValues(values));
  const mailId = await deps.mailer.enqueue(
    {
      to: contact.email,
      // The link sets the password: readable in the outbox only until it is delivered.
      sensitive: true,
      subject: t('mail.reset.subject'),
      body: [
        t('mail.hello', { name: contact.firstName }),
        '',
        t('mail.reset.link', { hours: RESET_LINK_HOURS }),
        link,
        '',
        t('mail.reset.username', { username: contact.username }),
        t('mail.reset.ignore'),
      ].join('\n'),
    },
    tx,
  );
  return { link, mailId };
}

// ---- Creating a customer (also approving an application)

async function nextCustomerId(tx: Tx): Promise<string> {
  // One number at a time: two customers created at once never get the same id.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer ids'))`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${customers.customerId} from 2)::bigint), 10000)::int` })
    .from(customers)
    .where(sql`${customers.customerId} ~ '^C[0-9]{1,9}$'`);
  return `C${(row?.n ?? 10000) + 1}`;
}

async function assertUsernameFree(tx: Queryable, username: string, exceptContact?: string) {
  const [taken] = await tx
    .select({ id: contacts.contactPersonId })
    .from(contacts)
    .where(
      and(
        sql`lower(${contacts.username}) = ${username.toLowerCase()}`,
        exceptContact ? sql`${contacts.contactPersonId} <> ${exceptContact}` : undefined,
      ),
    );
  if (taken)
    throw new HttpError(409, `${username} already signs in to another account; use another e-mail address.`);
}

/**
 * A new customer and its primary contact, mailed a link to set the password. The form is checked here (the
 * route's schema has checked it already; the seller's commands send what was typed).
 */
export async function createCustomer(
  deps: AdminDeps,
  actor: Actor,
  form: z.input<typeof customerCreateSchema>,
): Promise<{ customer: AdminCustomerDetail; link: string }> {
  const input = parseOr400(customerCreateSchema, form);
  let made: { customerId: string; link: string; mailIds: number[] };
  try {
    made = await deps.db.transaction(async (tx) => {
      // A customer opened from an application speaks the language the applicant applied in.
      let language: Lang | null = null;
      if (input.application_id !== undefined) {
        const [application] = await tx
          .select()
          .from(accountApplications)
          .where(eq(accountApplications.applicationId, input.application_id))
          .for('update');
        if (!application) throw new HttpError(404, `There is no application #${input.application_id}.`);
        if (application.status !== 'New')
          throw new HttpError(
            409,
            application.status === 'Approved'
              ? `Application #${input.application_id} is already approved as customer ${application.customerId ?? '(unknown)'}.`
              : `Application #${input.application_id} was rejected.`,
          );
        if (isLang(application.language)) language = application.language;
      }
      const customerId = input.customer_id ?? (await nextCustomerId(tx));
      const [existing] = await tx
        .select({ id: customers.customerId })
        .from(customers)
        .where(sql`lower(${customers.customerId}) = ${customerId.toLowerCase()}`);
      if (existing)
        throw new HttpError(409, `Customer ${existing.id} already exists; choose another customer id.`);
      await assertUsernameFree(tx, customerId);
      const digits = customerId.replace(/\D/g, '');
      let contactPersonId = `CP${digits || customerId}`;
      const [cpTaken] = await tx
        .select({ id: contacts.contactPersonId })
        .from(contacts)
        .where(eq(contacts.contactPersonId, contactPersonId));
      if (cpTaken) contactPersonId = `CP-${customerId}`;
      const [customer] = await tx
        .insert(customers)
        .values({ customerId, company: input.company, percentage: input.percentage })
        .returning();
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
          username: customerId,
          passwordHash: '',
          role: 'admin',
          isPrimary: true,
          language,
        })
        .returning();
      if (input.application_id !== undefined) {
        await tx
          .update(accountApplications)
          .set({ status: 'Approved', customerId, decidedAt: new Date(), decidedBy: actor.label })
          .where(eq(accountApplications.applicationId, input.application_id));
        await recordAudit(tx, actor, {
          action: 'application.approve',
          entityType: 'application',
          entityId: String(input.application_id),
          before: { status: 'New' },
          after: { status: 'Approved', customer_id: customerId },
        });
      }
      await recordAudit(tx, actor, {
        action: 'customer.create',
        entityType: 'customer',
        entityId: customerId,
        after: {
          ...customerSnapshot(customer!),
          contact: contactSnapshot(contact!),
          application_id: input.application_id ?? null,
        },
      });
      const welcome = await queueWelcome(deps, tx, customer!, contact!);
      return { customerId, link: welcome.link, mailIds: [welcome.mailId] };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'That customer id or sign-in was taken at the same moment; please try again.');
    throw error;
  }
  await deliverQueued(deps, made.mailIds);
  return {
    customer: (await customerDetail(deps.db, deps.config.SHOP_TIME_ZONE, made.customerId))!,
    link: made.link,
  };
}

// ---- Changing a customer

async function lockCustomer(tx: Tx, customerId: string): Promise<CustomerRow> {
  const [row] = await tx.select().from(customers).where(eq(customers.customerId, customerId)).for('update');
  if (!row) throw new HttpError(404, NO_CUSTOMER(customerId));
  return row;
}

/**
 * The company name, the percentage and the number of sign-ins; the customer's next request shows the new
 * prices. The change is checked here, as in createCustomer.
 */
export async function updateCustomer(
  deps: AdminDeps,
  actor: Actor,
  customerId: string,
  change: z.input<typeof customerUpdateSchema>,
) {
  const input = parseOr400(customerUpdateSchema, change);
  await deps.db.transaction(async (tx) => {
    const before = await lockCustomer(tx, customerId);
    const [after] = await tx
      .update(customers)
      .set({
        company: input.company ?? before.company,
        percentage: input.percentage ?? before.percentage,
        maxBuyers: input.max_buyers ?? before.maxBuyers,
      })
      .where(eq(customers.customerId, customerId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'customer.update',
      entityType: 'customer',
      entityId: customerId,
      before: customerSnapshot(before),
      after: customerSnapshot(after!),
    });
  });
  await deps.sessions.refreshCustomer(customerId);
  return (await customerDetail(deps.db, deps.config.SHOP_TIME_ZONE, customerId))!;
}

/** Disabled: nobody of the company can sign in, and their sessions end at once. */
export async function setCustomerDisabled(
  deps: AdminDeps,
  actor: Actor,
  customerId: string,
  disabled: boolean,
) {
  await deps.db.transaction(async (tx) => {
    const before = await lockCustomer(tx, customerId);
    const [after] = await tx
      .update(customers)
      .set({ disabledAt: disabled ? (before.disabledAt ?? new Date()) : null })
      .where(eq(customers.customerId, customerId))
      .returning();
    await recordAudit(tx, actor, {
      action: disabled ? 'customer.disable' : 'customer.enable',
      entityType: 'customer',
      entityId: customerId,
      before: customerSnapshot(before),
      after: customerSnapshot(after!),
    });
  });
  if (disabled) await deps.sessions.revokeCustomer(customerId);
  else await deps.sessions.refreshCustomer(customerId);
  return (await customerDetail(deps.db, deps.config.SHOP_TIME_ZONE, customerId))!;
}

async function findContact(tx: Queryable, customerId: string, contactPersonId?: string): Promise<ContactRow> {
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

/** Mails a contact (the primary one unless named) a link to choose a new password. */
export async function sendResetLink(
  deps: AdminDeps,
  actor: Actor,
  customerId: string,
  contactPersonId?: string,
) {
  const sent = await deps.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (customer.disabledAt) throw new HttpError(409, `Customer ${customerId} is disabled; enable it first.`);
    const contact = await findContact(tx, customerId, contactPersonId);
    if (!contact.active) throw new HttpError(409, 'This buyer is turned off; turn them on first.');
    if (!contact.email) throw new HttpError(409, 'This buyer has no e-mail address.');
    // A buyer who never set a password gets the welcome again rather than a reset.
    const queued =
      contact.passwordHash === ''
        ? await queueWelcome(deps, tx, customer, contact)
        : await queueReset(deps, tx, contact);
    await recordAudit(tx, actor, {
      action: 'customer.send_password_link',
      entityType: 'customer',
      entityId: customerId,
      after: { contact_person_id: contact.contactPersonId, email: contact.email },
    });
    return { ...queued, email: contact.email };
  });
  await deliverQueued(deps, [sent.mailId]);
  return sent;
}

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
  if (people >= customer.maxBuyers)
    throw new HttpError(
      409,
      `Your company already has ${people} sign-ins, the most its account allows. Please contact us to allow more.`,
    );
  const hour = await addedWithin(tx, customer.customerId, '1 hour');
  if (hour >= BUYER_INVITES_PER_HOUR)
    throw new HttpError(
      429,
      `Your company has added ${hour} buyers in the last hour, the most allowed. Please try again later, or contact us.`,
    );
  const day = await addedWithin(tx, customer.customerId, '24 hours');
  if (day >= BUYER_INVITES_PER_DAY)
    throw new HttpError(
      429,
      `Your company has added ${day} buyers in the last 24 hours, the most allowed. Please try again tomorrow, or contact us.`,
    );
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
          throw new HttpError(409, `${input.email} is already a buyer of your company.`);
        await assertCompanyMayInvite(tx, customer, people);
      } else if (clash) {
        throw new HttpError(
          409,
          `${input.email} already signs in to another account; use another e-mail address.`,
        );
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
        addedBy === 'company'
          ? 'The buyer could not be added just now; please try again.'
          : `${input.email} already signs in to another account; use another e-mail address.`,
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
    if (isUniqueViolation(error))
      throw new HttpError(409, 'That e-mail address already signs in to another account.');
    throw error;
  }
  await deps.sessions.refreshCustomer(customerId);
  return (await customerDetail(deps.db, deps.config.SHOP_TIME_ZONE, customerId))!;
}

// ---- Applications

function splitName(full: string): { first_name: string; last_name: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

export function presentApplication(
  a: typeof accountApplications.$inferSelect,
  flags: ApplicationFlags = NO_FLAGS,
): AdminApplication {
  return {
    application_id: a.applicationId,
    company: a.company,
    contact_name: a.contactName,
    email: a.email,
    phone_number: a.phoneNumber,
    province: a.province,
    message: a.message,
    status: a.status as AdminApplication['status'],
    customer_id: a.customerId,
    decision_reason: a.decisionReason,
    decided_at: a.decidedAt?.toISOString() ?? null,
    decided_by: a.decidedBy,
    created_at: a.createdAt.toISOString(),
    customer_form: {
      company: a.company,
      ...splitName(a.contactName),
      email: a.email,
      phone_number: a.phoneNumber,
      percentage: 15,
      application_id: a.applicationId,
    },
    duplicates: flags.duplicates,
    email_customer_id: flags.email_customer_id,
  };
}

/** Applications as the back office shows them, each with what looks like it (see application-flags.ts). */
async function presentFlagged(db: Queryable, rows: (typeof accountApplications.$inferSelect)[]) {
  const flags = await flagsOf(db, rows);
  return rows.map((row) => presentApplication(row, flags.get(row.applicationId)));
}

export async function listApplications(
  db: Queryable,
  query: { status: string; page: number; page_size: number },
) {
  const condition = eq(accountApplications.status, query.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accountApplications)
      .where(condition)
      .orderBy(desc(accountApplications.createdAt), desc(accountApplications.applicationId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(accountApplications).where(condition),
  ]);
  return { rows: await presentFlagged(db, rows), total: counted?.n ?? 0 };
}

export async function findApplication(db: Queryable, applicationId: number) {
  const [row] = await db
    .select()
    .from(accountApplications)
    .where(eq(accountApplications.applicationId, applicationId));
  return row ? (await presentFlagged(db, [row]))[0]! : null;
}

/** Rejects an application with a reason mailed to the applicant (checked here, as in createCustomer). */
export async function rejectApplication(
  deps: AdminDeps,
  actor: Actor,
  applicationId: number,
  form: z.input<typeof applicationRejectSchema>,
) {
  const { reason } = parseOr400(applicationRejectSchema, form);
  const done = await deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, applicationId))
      .for('update');
    if (!application) throw new HttpError(404, `There is no application #${applicationId}.`);
    if (application.status !== 'New')
      throw new HttpError(
        409,
        `Application #${applicationId} is already ${application.status.toLowerCase()}.`,
      );
    const [after] = await tx
      .update(accountApplications)
      .set({ status: 'Rejected', decisionReason: reason, decidedAt: new Date(), decidedBy: actor.label })
      .where(eq(accountApplications.applicationId, applicationId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'application.reject',
      entityType: 'application',
      entityId: String(applicationId),
      before: { status: application.status },
      after: { status: 'Rejected', reason },
    });
    // The applicant reads it in the language of the page they applied from.
    const lang: Lang = isLang(application.language) ? application.language : 'en';
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    const mailId = await deps.mailer.enqueue(
      {
        to: application.email,
        subject: t('mail.rejected.subject'),
        body: [
          // What the applicant typed stays on one line of the mail.
          t('mail.hello', oneLineValues({ name: application.contactName })),
          '',
          t('mail.rejected.thanks', oneLineValues({ company: application.company })),
          '',
          t('mail.rejected.reason', { reason }),
          '',
          t('mail.rejected.questions'),
        ].join('\n'),
      },
      tx,
    );
    return { application: (await presentFlagged(tx, [after!]))[0]!, mailId };
  });
  await deliverQueued(deps, [done.mailId]);
  return done.application;
}
