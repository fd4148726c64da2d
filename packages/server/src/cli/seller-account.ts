/** The seller's customer commands: messages to a customer, account applications and customers. */
import { customerMessageSchema } from '@shop/domain/back-office/schemas';
import { asc, sql } from 'drizzle-orm';
import { accountApplications, customers } from '../db/schema';
import { CLI_ACTOR } from '../lib/back-office';
import { parseOr400 } from '../lib/http';
import { presentApplication, rejectApplication } from '../modules/applications';
import { createCustomer, updateCustomer } from '../modules/customers';
import { sendCustomerMessage } from '../modules/messages';
import { printable, printableLines } from './printable';
import type { SellerCommand } from './seller-types';

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

export const accountCommands: Record<string, SellerCommand> = {
  message: {
    usage: '<customerId> "text"',
    summary: 'Sends a message to a customer: it shows under Messages in their account and is mailed to them.',
    async run({ deps }, args) {
      const [customerId, ...words] = args;
      if (!customerId) throw new Error('Usage: message <customerId> "text"');
      const { body } = parseOr400(customerMessageSchema, { body: words.join(' ') });
      const sent = await sendCustomerMessage(deps, CLI_ACTOR, customerId, body);
      console.log(
        `Message ${sent.messageId} sent to ${customerId}.${sent.mailedTo ? ` It is mailed to ${sent.mailedTo}.` : ''}`,
      );
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
      for (const row of rows) {
        const a = presentApplication(row);
        const status = a.status === 'Approved' && a.customer_id ? `Approved as ${a.customer_id}` : a.status;
        // Everything but the id and date was typed by a visitor: printed escaped.
        console.log(
          [
            `#${a.application_id}`,
            day(row.createdAt),
            ...[a.company, a.contact_name, a.email, a.phone_number, a.province, status].map(printable),
          ].join('  |  '),
        );
        if (a.message) console.log(`      ${printableLines(a.message, '      ')}`);
        if (a.decision_reason) console.log(`      Rejected: ${printableLines(a.decision_reason, '      ')}`);
      }
    },
  },

  approve: {
    usage: '<applicationId> [--customer-id C20001] [--percentage N] [--last-name Name]',
    summary:
      'Creates the customer from an application (percentage 0-100, default 15; the next C number unless given) and mails the contact a link to set their password.',
    async run({ db, deps }, args) {
      const { value: percentage, rest: afterPercentage } = takeOption(args, 'percentage');
      const { value: customerId, rest: afterId } = takeOption(afterPercentage, 'customer-id');
      const { value: lastName, rest } = takeOption(afterId, 'last-name');
      const [applicationRaw, ...extra] = rest;
      if (!applicationRaw || extra.length > 0)
        throw new Error(
          'Usage: approve <applicationId> [--customer-id C20001] [--percentage N] [--last-name Name]',
        );
      if (!/^\d{1,9}$/.test(applicationRaw)) throw new Error('The application id is a number, e.g. 12.');
      const [row] = await db
        .select()
        .from(accountApplications)
        .where(sql`${accountApplications.applicationId} = ${Number(applicationRaw)}`);
      if (!row) throw new Error(`There is no application #${applicationRaw}.`);
      const form = presentApplication(row).customer_form;
      const made = await createCustomer(deps, CLI_ACTOR, {
        ...form,
        ...(customerId === undefined ? {} : { customer_id: customerId }),
        ...(percentage === undefined ? {} : { percentage }),
        ...(lastName === undefined ? {} : { last_name: lastName }),
      });
      const c = made.customer;
      console.log(
        `Approved application #${applicationRaw}: customer ${c.customer_id} (percentage ${c.percentage}). ${c.primary_contact?.email} is mailed the Customer ID and this link to set the password:\n${made.link}`,
      );
    },
  },

  reject: {
    usage: '<applicationId> "reason"',
    summary: 'Rejects an application; the reason is mailed to the applicant.',
    async run({ deps }, args) {
      const [applicationRaw, ...words] = args;
      if (!applicationRaw || !/^\d{1,9}$/.test(applicationRaw))
        throw new Error('Usage: reject <applicationId> "reason"');
      const application = await rejectApplication(deps, CLI_ACTOR, Number(applicationRaw), {
        reason: words.join(' '),
      });
      console.log(`Rejected application #${applicationRaw}; the reason is mailed to ${application.email}.`);
    },
  },

  percentage: {
    usage: '<customerId> <N>',
    summary: "Changes a customer's percentage (0-100); their next request shows the new prices.",
    async run({ deps }, [customerId, value, ...extra]) {
      if (!customerId || value === undefined || extra.length > 0)
        throw new Error('Usage: percentage <customerId> <N>');
      const customer = await updateCustomer(deps, CLI_ACTOR, customerId, { percentage: value });
      console.log(`Customer ${customer.customer_id} now has percentage ${customer.percentage}.`);
    },
  },

  customers: {
    usage: '',
    summary: 'Lists customers with their percentage.',
    async run({ db }) {
      const rows = await db.select().from(customers).orderBy(asc(customers.customerId));
      if (rows.length === 0) {
        console.log('No customers.');
        return;
      }
      for (const c of rows) {
        console.log(
          `${c.customerId}  |  ${c.percentage}%  |  ${printable(c.company)}  |  since ${day(c.createdAt)}${c.disabledAt ? '  |  disabled' : ''}`,
        );
      }
    },
  },
};
