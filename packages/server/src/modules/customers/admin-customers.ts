/**
 * Customers (companies) for the seller: the list, one customer, creating one (also approving an
 * application), changing, disabling, and mailing a password link. A new customer never gets a password
 * from someone else: they are mailed a one-time link to set it. Their buyers are contacts.ts's.
 */
import {
  type AdminCustomerDetail,
  type AdminCustomerRow,
  type CustomerListQuery,
  customerCreateSchema,
  customerUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { isLang, type Lang } from '@shop/domain/core/i18n';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import { accountApplications, contacts, customers, orders } from '../../db/schema';
import { dayEnds, dayStarts, isUniqueViolation } from '../../db/sql';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { likePattern } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { auditOf, recordAudit } from '../audit';
import { listAdminOrders } from '../orders';
import { recordWebhookEvent } from '../webhooks';
import {
  assertUsernameFree,
  type ContactRow,
  contactSnapshot,
  findContact,
  presentContact,
} from './contact-rows';
import { queueReset, queueWelcome } from './link-mails';
import { listMessages } from './queries';

type CustomerRow = typeof customers.$inferSelect;
const NO_CUSTOMER = (id: string) => `There is no customer ${id}.`;

function customerSnapshot(c: CustomerRow) {
  return {
    company: c.company,
    percentage: c.percentage,
    max_buyers: c.maxBuyers,
    disabled: c.disabledAt !== null,
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
      await recordWebhookEvent(tx, {
        type: 'customer.created',
        subject: `customer:${customerId}`,
        data: { customer_id: customerId },
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

export async function lockCustomer(tx: Tx, customerId: string): Promise<CustomerRow> {
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
    await recordWebhookEvent(tx, {
      type: 'customer.updated',
      subject: `customer:${customerId}`,
      data: { customer_id: customerId },
    });
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
