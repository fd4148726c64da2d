/** The seller's customer commands: messages to a customer, account applications and customers. */
import { PASSWORD_PATTERN } from '@shop/domain/account';
import { asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Db, Tx } from '../db/client';
import { accountApplications, contacts, customerMessages, customers } from '../db/schema';
import { printable, printableLines } from './printable';
import type { SellerCommand } from './seller-types';

const MESSAGE_MAX = 5000;
const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9]{2,50}$/;

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Reads `--name value` out of the arguments; returns the value and the arguments without it. */
function takeOption(args: string[], name: string): { value: string | undefined; rest: string[] } {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return { value: undefined, rest: args };
  const value = args[at + 1];
  if (value === undefined) throw new Error(`--${name} needs a value.`);
  return { value, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}

/** Runs the approval; a customer created at the same moment by another approval still gets a clear message. */
async function inTransaction(db: Db, customerId: string, work: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(work);
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505')
      throw new Error(`Customer ${customerId} already exists; choose another customer id.`);
    throw error;
  }
}

function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

export const accountCommands: Record<string, SellerCommand> = {
  message: {
    usage: '<customerId> "text"',
    summary: 'Sends a message to a customer; it shows under Messages in their account.',
    async run({ db }, args) {
      const [customerId, ...words] = args;
      if (!customerId) throw new Error('Usage: message <customerId> "text"');
      const body = words.join(' ').trim();
      if (body === '') throw new Error('The message text is empty.');
      if (body.length > MESSAGE_MAX) {
        throw new Error(`The message is ${body.length} characters long; at most ${MESSAGE_MAX} are allowed.`);
      }
      const [customer] = await db
        .select({ id: customers.customerId })
        .from(customers)
        .where(eq(customers.customerId, customerId));
      if (!customer) throw new Error(`There is no customer ${customerId}.`);
      const [saved] = await db
        .insert(customerMessages)
        .values({ customerId, body })
        .returning({ id: customerMessages.messageId });
      console.log(`Message ${saved!.id} sent to ${customerId}.`);
    },
  },

  applications: {
    usage: '',
    summary: 'Lists account applications, newest first.',
    async run({ db }) {
      const rows = await db
        .select()
        .from(accountApplications)
        .orderBy(sql`${accountApplications.createdAt} desc`, sql`${accountApplications.applicationId} desc`);
      if (rows.length === 0) {
        console.log('No account applications.');
        return;
      }
      for (const a of rows) {
        const status = a.status === 'Approved' && a.customerId ? `Approved as ${a.customerId}` : a.status;
        // Everything but the id and date was typed by a visitor: printed escaped.
        console.log(
          [
            `#${a.applicationId}`,
            day(a.createdAt),
            ...[a.company, a.contactName, a.email, a.phoneNumber, a.province, status].map(printable),
          ].join('  |  '),
        );
        if (a.message) console.log(`      ${printableLines(a.message, '      ')}`);
      }
    },
  },

  approve: {
    usage: '<applicationId> <customerId> <password> [--percentage N]',
    summary: 'Creates the customer and its contact from an application (percentage 0-100, default 15).',
    async run({ db }, args) {
      const { value: percentageRaw, rest } = takeOption(args, 'percentage');
      const [applicationRaw, customerId, password, ...extra] = rest;
      if (!applicationRaw || !customerId || !password || extra.length > 0) {
        throw new Error('Usage: approve <applicationId> <customerId> <password> [--percentage N]');
      }
      if (!/^\d{1,9}$/.test(applicationRaw)) throw new Error('The application id is a number, e.g. 12.');
      const applicationId = Number(applicationRaw);
      if (!CUSTOMER_ID_PATTERN.test(customerId)) {
        throw new Error('A customer id has 2 to 50 letters and digits, e.g. C10003.');
      }
      const percentage = percentageRaw === undefined ? 15 : Number(percentageRaw);
      if (!/^\d{1,3}$/.test(percentageRaw ?? '15') || percentage > 100) {
        throw new Error('The percentage is a whole number from 0 to 100.');
      }
      if (!PASSWORD_PATTERN.test(password)) {
        throw new Error(
          'The password needs 8 to 50 characters with a lowercase letter, an uppercase letter and a digit; the only special characters allowed are @$!%*?&.',
        );
      }
      const digits = customerId.replace(/\D/g, '');
      const contactPersonId = `CP${digits || customerId}`;
      const passwordHash = await hashPassword(password);

      await inTransaction(db, customerId, async (tx) => {
        const [application] = await tx
          .select()
          .from(accountApplications)
          .where(eq(accountApplications.applicationId, applicationId))
          .for('update');
        if (!application) throw new Error(`There is no application #${applicationId}.`);
        if (application.status === 'Approved') {
          throw new Error(
            `Application #${applicationId} is already approved as customer ${application.customerId ?? '(unknown)'}.`,
          );
        }
        const [existing] = await tx
          .select({ id: customers.customerId })
          .from(customers)
          .where(sql`lower(${customers.customerId}) = ${customerId.toLowerCase()}`);
        if (existing) throw new Error(`Customer ${existing.id} already exists; choose another customer id.`);
        const [taken] = await tx
          .select({ id: contacts.contactPersonId })
          .from(contacts)
          .where(
            sql`${contacts.contactPersonId} = ${contactPersonId} or lower(${contacts.username}) = ${customerId.toLowerCase()}`,
          );
        if (taken) throw new Error(`Contact ${taken.id} already exists; choose another customer id.`);
        const { firstName, lastName } = splitName(application.contactName);
        await tx.insert(customers).values({ customerId, company: application.company, percentage });
        await tx.insert(contacts).values({
          contactPersonId,
          customerId,
          contactName: application.contactName,
          firstName,
          lastName,
          email: application.email,
          phoneNumber: application.phoneNumber,
          username: customerId,
          passwordHash,
        });
        await tx
          .update(accountApplications)
          .set({ status: 'Approved', customerId })
          .where(eq(accountApplications.applicationId, applicationId));
      });
      console.log(
        `Approved application #${applicationId}: customer ${customerId} (contact ${contactPersonId}, percentage ${percentage}). They sign in with Customer ID ${customerId}.`,
      );
    },
  },

  customers: {
    usage: '',
    summary: 'Lists customers with their percentage.',
    async run({ db }) {
      const rows = await db
        .select({
          customerId: customers.customerId,
          company: customers.company,
          percentage: customers.percentage,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .orderBy(asc(customers.customerId));
      if (rows.length === 0) {
        console.log('No customers.');
        return;
      }
      for (const c of rows) {
        console.log(
          `${c.customerId}  |  ${c.percentage}%  |  ${printable(c.company)}  |  since ${day(c.createdAt)}`,
        );
      }
    },
  },
};
