/**
 * What a company's administrator can do with the buyers form: never learn whether an e-mail signs in to
 * another company (that buyer is added all the same, with a user name of their own that their mail gives),
 * and never make the shop mail addresses in bulk (a number of sign-ins per company, which the seller
 * raises, and invitations per hour and per day).
 */
import { BUYER_INVITES_PER_DAY, BUYER_INVITES_PER_HOUR } from '@shop/domain/back-office/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, outbox } from '../../db/schema';
import { call, clientAddress, OWNER, staffSignIn, tokenIn, uniqueEmail, waitForMail } from '../../test/admin';
import { cookieHeader, useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

let owner = '';
beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
});

async function login(username: string, password: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: clientAddress(),
    payload: { username, password },
  });
  return { status: response.statusCode, body: response.json(), cookie: cookieHeader(response) };
}

async function setPassword(to: string, password: string, match = 'set-password?token=') {
  const mail = await waitForMail(sink, to, match);
  const set = await call(ctx.app, 'POST', '/api/password-link/set', '', {
    token: tokenIn(mail),
    password,
    confirm: password,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return mail;
}

/** A new company made by the seller; its primary contact has set a password and signed in. */
async function newCompany() {
  const email = uniqueEmail('primary');
  const made = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
    company: `Company ${email.split('@')[0]}`,
    first_name: 'Dana',
    last_name: 'Admin',
    email,
    phone_number: '4165550199',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const customerId = made.body.customer.customer_id as string;
  await setPassword(email, 'Welcome@2024');
  const signedIn = await login(customerId, 'Welcome@2024');
  expect(signedIn.status).toBe(200);
  return { customerId, cookie: signedIn.cookie };
}

function addBuyer(cookie: string, email: string) {
  return call(ctx.app, 'POST', '/api/user/buyers/create', cookie, {
    buyerInfo: { first_name: 'Priya', last_name: 'Natarajan', email, role: 'buyer' },
  });
}

const outboxCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;

describe("a company's administrator adding buyers", () => {
  it("is answered the same whether or not the e-mail signs in to another company's account", async () => {
    const theirs = await newCompany();
    const ours = await newCompany();
    // A buyer of the other company, with a password.
    const taken = uniqueEmail('taken');
    expect((await addBuyer(theirs.cookie, taken)).status).toBe(200);
    await setPassword(taken, 'Theirs@2026x');

    const fresh = await addBuyer(ours.cookie, uniqueEmail('fresh'));
    const clash = await addBuyer(ours.cookie, taken);
    expect(clash.status, JSON.stringify(clash.body)).toBe(fresh.status);
    expect(clash.body.smessage).toBe(fresh.body.smessage);
    expect(clash.body.smessage).toBe('The buyer has been added and mailed a link to set a password.');
    // The list shows the buyer like any other, with no user name that would tell them apart.
    const listed = clash.body.buyers.find((b: { email: string }) => b.email === taken);
    expect(listed).toMatchObject({ role: 'buyer', active: true, has_password: false });
    expect(Object.keys(listed).sort()).toEqual(Object.keys(clash.body.buyers.at(-2)).sort());
    for (const buyer of clash.body.buyers) expect(buyer).not.toHaveProperty('username');
    const list = await call(ctx.app, 'GET', `/api/user/${ours.customerId}/buyers`, ours.cookie);
    expect(JSON.stringify(list.body)).not.toContain(theirs.customerId);

    // The person is told by mail which user name signs in to this company, and it works.
    const [row] = await ctx.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.customerId, ours.customerId), eq(contacts.email, taken)));
    expect(row!.username).toBe(row!.contactPersonId);
    const mail = await setPassword(taken, 'Ours@2026xy', 'you sign in with the user name');
    expect(mail).toContain('already signs in to another account');
    expect(mail).toContain(`you sign in with the user name ${row!.username}.`);
    const signedIn = await login(row!.username, 'Ours@2026xy');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.customerInfo.customer_id).toBe(ours.customerId);
    // Their first sign-in is untouched.
    const first = await login(taken, 'Theirs@2026x');
    expect(first.status).toBe(200);
    expect(first.body.customerInfo.customer_id).toBe(theirs.customerId);
  });

  it("is told plainly when the e-mail is already one of the company's own buyers", async () => {
    const ours = await newCompany();
    const email = uniqueEmail('twice');
    expect((await addBuyer(ours.cookie, email)).status).toBe(200);
    const again = await addBuyer(ours.cookie, email);
    expect([again.status, again.body.smessage]).toEqual([
      409,
      `${email} is already a buyer of your company.`,
    ]);
  });

  it('may invite a limited number of buyers an hour and a day, and no mail goes out past it', async () => {
    const ours = await newCompany();
    for (let i = 0; i < BUYER_INVITES_PER_HOUR; i++) {
      expect((await addBuyer(ours.cookie, uniqueEmail('hour'))).status).toBe(200);
    }
    const before = await outboxCount();
    const refused = await addBuyer(ours.cookie, uniqueEmail('hour'));
    expect([refused.status, refused.body.smessage]).toEqual([
      429,
      `Your company has added ${BUYER_INVITES_PER_HOUR} buyers in the last hour, the most allowed. Please try again later, or contact us.`,
    ]);
    expect(await outboxCount()).toBe(before);
    // In French for a French page.
    const fr = await call(ctx.app, 'POST', '/api/user/buyers/create', `${ours.cookie}; lang=fr`, {
      buyerInfo: { first_name: 'Priya', last_name: 'Natarajan', email: uniqueEmail('hour') },
    });
    expect(fr.body.smessage).toBe(
      `Votre entreprise a ajouté ${BUYER_INVITES_PER_HOUR} acheteurs dans la dernière heure, le maximum permis. Veuillez réessayer plus tard ou nous contacter.`,
    );

    // An hour later the hourly count is free again, but the day's still counts them.
    const earlier = async () =>
      ctx.database.db
        .update(contacts)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(and(eq(contacts.customerId, ours.customerId), eq(contacts.isPrimary, false)));
    await earlier();
    for (let i = BUYER_INVITES_PER_HOUR; i < BUYER_INVITES_PER_DAY; i++) {
      const added = await addBuyer(ours.cookie, uniqueEmail('day'));
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      await earlier();
    }
    const day = await addBuyer(ours.cookie, uniqueEmail('day'));
    expect([day.status, day.body.smessage]).toEqual([
      429,
      `Your company has added ${BUYER_INVITES_PER_DAY} buyers in the last 24 hours, the most allowed. Please try again tomorrow, or contact us.`,
    ]);
    // The seller is not held by it.
    const bySeller = await call(ctx.app, 'POST', `/api/admin/customers/${ours.customerId}/contacts`, owner, {
      first_name: 'Sam',
      last_name: 'Seller',
      email: uniqueEmail('seller'),
    });
    expect(bySeller.status, JSON.stringify(bySeller.body)).toBe(200);
  });

  it('cannot pass the number of sign-ins the seller allows the company; the seller raises it', async () => {
    const ours = await newCompany();
    const detail = await call(ctx.app, 'GET', `/api/admin/customers/${ours.customerId}`, owner);
    expect(detail.body.customer.max_buyers).toBe(50);
    const bad = await call(ctx.app, 'PATCH', `/api/admin/customers/${ours.customerId}`, owner, {
      max_buyers: 0,
    });
    expect([bad.status, bad.body.smessage]).toEqual([
      400,
      'The number of sign-ins is a whole number from 1 to 1000.',
    ]);
    const lowered = await call(ctx.app, 'PATCH', `/api/admin/customers/${ours.customerId}`, owner, {
      max_buyers: 3,
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.customer.max_buyers).toBe(3);

    expect((await addBuyer(ours.cookie, uniqueEmail('seat'))).status).toBe(200);
    expect((await addBuyer(ours.cookie, uniqueEmail('seat'))).status).toBe(200);
    const before = await outboxCount();
    const full = await addBuyer(ours.cookie, uniqueEmail('seat'));
    expect([full.status, full.body.smessage]).toEqual([
      409,
      'Your company already has 3 sign-ins, the most its account allows. Please contact us to allow more.',
    ]);
    expect(await outboxCount()).toBe(before);

    const raised = await call(ctx.app, 'PATCH', `/api/admin/customers/${ours.customerId}`, owner, {
      max_buyers: '4',
    });
    expect(raised.status).toBe(200);
    expect((await addBuyer(ours.cookie, uniqueEmail('seat'))).status).toBe(200);
  });
});
