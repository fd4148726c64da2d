/** Customers, buyers and applications in the back office, and what their people see as a result. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  clientAddress,
  makeCustomer,
  OWNER,
  staffSignIn,
  tokenIn,
  uniqueEmail,
  waitForMail,
} from '../../test/admin';
import { cookieHeader, useTestApp } from '../../test/harness';
import { eventually, startMailSink } from '../../test/mail-sink';

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

/** A product with a price, as the customer's listing shows it. */
function anyProduct() {
  return [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew',
  )!;
}

describe('a new customer', () => {
  it('is mailed the Customer ID and a 7-day set-password link that leads to a sign-in', async () => {
    const email = uniqueEmail('welcome');
    const made = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
      company: 'Harbour Freight Systems',
      first_name: 'Maya',
      last_name: 'Singh',
      email,
      phone_number: '6045550123',
      percentage: 12,
    });
    expect(made.status).toBe(200);
    const customer = made.body.customer;
    expect(customer).toMatchObject({
      company: 'Harbour Freight Systems',
      percentage: 12,
      disabled: false,
      contacts: [
        { email, is_primary: true, role: 'admin', username: customer.customer_id, has_password: false },
      ],
    });
    expect(customer.customer_id).toMatch(/^C\d+$/);
    const text = await waitForMail(sink, email, 'Your Customer ID is');
    expect(text).toContain(`Your Customer ID is ${customer.customer_id}`);
    expect(text).toContain('within 7 days');
    expect(text).toContain('http://localhost:3000/acer/set-password?token=');
    const token = tokenIn(text);

    const check = await call(ctx.app, 'POST', '/api/password-link/check', '', { token });
    expect(check.body.link).toMatchObject({
      kind: 'customer',
      purpose: 'welcome',
      sign_in_with: customer.customer_id,
      name: 'Maya Singh',
    });
    const days = (Date.parse(check.body.link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    expect((await login(customer.customer_id, 'anything')).status).toBe(401);
    const weak = await call(ctx.app, 'POST', '/api/password-link/set', '', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.smessage).toBe(
      'New password does not meet the requirement, please check your new password.',
    );
    const mismatch = await call(ctx.app, 'POST', '/api/password-link/set', '', {
      token,
      password: 'Harbour@2024',
      confirmPassword: 'Harbour@2025',
    });
    expect(mismatch.body.smessage).toBe('New password and confirm password is not the same, please check.');
    const set = await call(ctx.app, 'POST', '/api/password-link/set', '', {
      token,
      password: 'Harbour@2024',
    });
    expect(set.status).toBe(200);
    expect(set.body.smessage).toBe('Your password has been set. You can sign in now.');
    const signedIn = await login(customer.customer_id, 'Harbour@2024');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.customerInfo).toMatchObject({ customer_id: customer.customer_id, percentage: 12 });
    const again = await call(ctx.app, 'POST', '/api/password-link/check', '', { token });
    expect(again.status).toBe(400);
    expect(again.body.smessage).toMatch(/does not work any more/);
  });

  it('refuses bad input with messages, and a taken customer id', async () => {
    const bad = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
      company: '',
      first_name: 'A',
      last_name: '',
      email: 'not-mail',
      phone_number: '12',
      percentage: 101,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'company',
      'email',
      'last_name',
      'percentage',
      'phone_number',
    ]);
    const taken = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
      customer_id: 'C10001',
      company: 'Dup',
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.smessage).toMatch(/Customer C10001 already exists/);
  });
});

describe('changing a customer', () => {
  it('a new percentage shows in the customer’s prices on their next request, and is audited', async () => {
    const buyer = await makeCustomer(ctx.app, owner, { percentage: 15 });
    const product = anyProduct();
    const price = async () =>
      (await call(ctx.app, 'GET', `/api/product/${product.itemId}`, buyer.cookie)).body.itemInfo.itemDetail[0]
        .personal_price as number;
    const listing = async () =>
      (await call(ctx.app, 'GET', `/api/search?column=sku&string=${product.sku}`, buyer.cookie)).body
        .categoryItems.itemsBrief[0].personal_price as number;
    const base = Number(product.priceCents);
    expect(await price()).toBeCloseTo(Math.round(base * 1.15) / 100, 2);
    expect(await listing()).toBeCloseTo(Math.round(base * 1.15) / 100, 2);

    const clerk = await call(ctx.app, 'PATCH', `/api/admin/customers/${buyer.customerId}`, '', {
      percentage: 5,
    });
    expect(clerk.status).toBe(401);
    const changed = await call(ctx.app, 'PATCH', `/api/admin/customers/${buyer.customerId}`, owner, {
      percentage: 5,
    });
    expect(changed.body.customer.percentage).toBe(5);
    expect(await price()).toBeCloseTo(Math.round(base * 1.05) / 100, 2);
    expect(await listing()).toBeCloseTo(Math.round(base * 1.05) / 100, 2);
    const header = await call(ctx.app, 'GET', '/api/header', buyer.cookie);
    expect(header.body.customer[0].percentage).toBe(5);
    expect(changed.body.customer.audit[0]).toMatchObject({
      actor: OWNER.email,
      action: 'customer.update',
      before: { percentage: 15 },
      after: { percentage: 5 },
    });
    const bad = await call(ctx.app, 'PATCH', `/api/admin/customers/${buyer.customerId}`, owner, {
      percentage: 'lots',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.smessage).toBe('The percentage is a whole number from 0 to 100.');
  });

  it('disable ends the sessions and refuses sign-in with a message; enable lets them back', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).status).toBe(200);
    const off = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/disable`, owner, {});
    expect(off.body.customer.disabled).toBe(true);
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).status).toBe(401);
    const refused = await login(buyer.customerId, buyer.password);
    expect(refused.status).toBe(403);
    expect(refused.body.smessage).toMatch(/This account has been disabled/);
    const wrong = await login(buyer.customerId, 'Wrong@2024');
    expect(wrong.status).toBe(401);
    await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/enable`, owner, {});
    expect((await login(buyer.customerId, buyer.password)).status).toBe(200);
    const list = await call(ctx.app, 'GET', `/api/admin/customers?q=${buyer.customerId}`, owner);
    expect(list.body.customers.items).toEqual([
      expect.objectContaining({ customer_id: buyer.customerId, disabled: false }),
    ]);
  });

  it('a seller-sent reset link sets a new password; the old one stops working', async () => {
    const buyer = await makeCustomer(ctx.app, owner);
    const sent = await call(
      ctx.app,
      'POST',
      `/api/admin/customers/${buyer.customerId}/password-link`,
      owner,
      {},
    );
    expect(sent.body.smessage).toContain(buyer.email);
    // A contact id that is not text names nobody: refused, rather than mailing the primary contact.
    const odd = await call(ctx.app, 'POST', `/api/admin/customers/${buyer.customerId}/password-link`, owner, {
      contact_person_id: 12,
    });
    expect(odd.status).toBe(400);
    expect(odd.body.smessage).toContain('The buyer must be named by their contact id');
    const text = await waitForMail(sink, buyer.email, 'Choose a new password');
    const set = await call(ctx.app, 'POST', '/api/password-link/set', '', {
      token: tokenIn(text),
      password: 'Renewed@2024',
    });
    expect(set.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).status).toBe(401);
    expect((await login(buyer.customerId, buyer.password)).status).toBe(401);
    expect((await login(buyer.customerId, 'Renewed@2024')).status).toBe(200);
  });

  it('further buyers sign in with their e-mail, see the company prices, and can be turned off', async () => {
    const company = await makeCustomer(ctx.app, owner, { percentage: 8 });
    const email = uniqueEmail('second.buyer');
    const added = await call(ctx.app, 'POST', `/api/admin/customers/${company.customerId}/contacts`, owner, {
      first_name: 'Sam',
      last_name: 'Lee',
      email,
      role: 'buyer',
    });
    expect(added.status).toBe(200);
    const contact = added.body.customer.contacts.find((c: { email: string }) => c.email === email);
    expect(contact).toMatchObject({ role: 'buyer', is_primary: false, active: true, username: email });
    const text = await waitForMail(sink, email, 'You sign in with your e-mail address');
    await call(ctx.app, 'POST', '/api/password-link/set', '', {
      token: tokenIn(text),
      password: 'Second@2024',
    });
    const signedIn = await login(email.toUpperCase(), 'Second@2024');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.customerInfo).toMatchObject({ customer_id: company.customerId, percentage: 8 });
    // The primary contact still signs in with the Customer ID.
    expect((await login(company.email, company.password)).status).toBe(401);
    expect((await login(company.customerId, company.password)).status).toBe(200);

    const dup = await call(ctx.app, 'POST', `/api/admin/customers/${company.customerId}/contacts`, owner, {
      first_name: 'Sam',
      last_name: 'Again',
      email,
    });
    expect(dup.status).toBe(409);
    const primary = added.body.customer.contacts.find((c: { is_primary: boolean }) => c.is_primary);
    const demote = await call(
      ctx.app,
      'PATCH',
      `/api/admin/customers/${company.customerId}/contacts/${primary.contact_person_id}`,
      owner,
      { role: 'buyer' },
    );
    expect(demote.status).toBe(400);

    const off = await call(
      ctx.app,
      'PATCH',
      `/api/admin/customers/${company.customerId}/contacts/${contact.contact_person_id}`,
      owner,
      { active: false, phone_number: '9055550000' },
    );
    expect(off.body.customer.contacts.find((c: { email: string }) => c.email === email)).toMatchObject({
      active: false,
      phone_number: '9055550000',
    });
    expect((await call(ctx.app, 'GET', '/api/header', signedIn.cookie)).status).toBe(401);
    const refused = await login(email, 'Second@2024');
    expect(refused.status).toBe(403);
    expect(refused.body.smessage).toMatch(/turned off/);
    expect(off.body.customer.audit[0]).toMatchObject({
      action: 'customer.update_contact',
      before: { active: true, phone_number: '' },
      after: { active: false, phone_number: '9055550000' },
    });
  });
});

describe('applications', () => {
  async function apply(company: string, name: string) {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: clientAddress(),
      payload: {
        company,
        contactName: name,
        email,
        phoneNumber: '4035550100',
        province: 'Alberta',
        message: 'Hello',
      },
    });
    expect(response.statusCode).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/admin/applications', owner);
    const found = list.body.applications.items.find((a: { email: string }) => a.email === email);
    expect(found).toMatchObject({ status: 'New', company });
    return found;
  }

  it('approve: the form comes filled in from the application; saving creates the customer and mails the welcome', async () => {
    const application = await apply('Foothills Clinics', 'Grace Hopper Lee');
    expect(application.customer_form).toEqual({
      company: 'Foothills Clinics',
      first_name: 'Grace',
      last_name: 'Hopper Lee',
      email: application.email,
      phone_number: '4035550100',
      percentage: 15,
      application_id: application.application_id,
    });
    const made = await call(ctx.app, 'POST', '/api/admin/customers', owner, {
      ...application.customer_form,
      percentage: 11,
    });
    expect(made.status).toBe(200);
    const customerId = made.body.customer.customer_id;
    await waitForMail(sink, application.email, `Your Customer ID is ${customerId}`);
    const seen = await call(ctx.app, 'GET', `/api/admin/applications/${application.application_id}`, owner);
    expect(seen.body.application).toMatchObject({
      status: 'Approved',
      customer_id: customerId,
      decided_by: OWNER.email,
    });
    const pending = await call(ctx.app, 'GET', '/api/admin/applications', owner);
    expect(
      pending.body.applications.items.some(
        (a: { application_id: number }) => a.application_id === application.application_id,
      ),
    ).toBe(false);
    const twice = await call(ctx.app, 'POST', '/api/admin/customers', owner, application.customer_form);
    expect(twice.status).toBe(409);
  });

  it('reject: mails the reason to the applicant', async () => {
    const application = await apply('Pop-up Resale', 'Ivan Petrov');
    const noReason = await call(
      ctx.app,
      'POST',
      `/api/admin/applications/${application.application_id}/reject`,
      owner,
      {},
    );
    expect(noReason.status).toBe(400);
    const rejected = await call(
      ctx.app,
      'POST',
      `/api/admin/applications/${application.application_id}/reject`,
      owner,
      {
        reason: 'We sell to registered businesses only.',
      },
    );
    expect(rejected.body.application).toMatchObject({
      status: 'Rejected',
      decision_reason: 'We sell to registered businesses only.',
    });
    expect(await waitForMail(sink, application.email, 'cannot open an account')).toContain(
      'Reason: We sell to registered businesses only.',
    );
    const listed = await call(ctx.app, 'GET', '/api/admin/applications?status=Rejected', owner);
    expect(listed.body.applications.items[0].application_id).toBe(application.application_id);
  });

  /** A mail's subject as read, MIME encoded-words undone. */
  function subjectOf(raw: string) {
    return raw
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8'),
      );
  }

  async function register(payload: Record<string, string>, language?: 'en' | 'fr') {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: clientAddress(),
      headers: language ? { cookie: `lang=${language}` } : {},
      payload: { phoneNumber: '4035550100', province: 'Quebec', message: '', ...payload },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function mailTo(email: string) {
    const mail = await eventually(`a mail to ${email}`, () =>
      sink.received.find((m) => m.to.includes(email)),
    );
    return { subject: subjectOf(mail.subject), text: mail.text };
  }

  it('the applicant is mailed that the application arrived, in the language of the page, their words kept in place', async () => {
    const english = uniqueEmail('received');
    await register(
      {
        company: 'Bow Valley Clinics',
        contactName: 'Ada Byron',
        email: english,
        message: 'We need notebooks.\nBcc: someone@example.com',
      },
      'en',
    );
    const en = await mailTo(english);
    expect(en.subject).toBe('We received your application for an Acer Store business account');
    expect(en.text).toContain('Hello Ada Byron,');
    expect(en.text).toMatch(
      /Thank you for applying for a business account for Bow Valley Clinics\. Your application \(number \d+\) has arrived\./,
    );
    expect(en.text).toContain('will write back to you at this address');
    expect(en.text).toContain('Province: Quebec');
    expect(en.text).toContain('Message:\n> We need notebooks.\n> Bcc: someone@example.com');
    expect(en.text).not.toMatch(/^Bcc:/m);

    const french = uniqueEmail('recu');
    await register(
      { company: 'Cliniques du Fleuve', contactName: 'Jeanne Mance', email: french, message: 'Bonjour' },
      'fr',
    );
    const fr = await mailTo(french);
    expect(fr.subject).toBe("Nous avons reçu votre demande de compte d'entreprise à la Boutique Acer");
    expect(fr.text).toContain('Bonjour Jeanne Mance,');
    expect(fr.text).toMatch(
      /Merci d'avoir demandé un compte d'entreprise pour Cliniques du Fleuve\. Votre demande \(numéro \d+\) nous est bien parvenue\./,
    );
    expect(fr.text).toContain('vous écrirons à cette adresse');
    expect(fr.text).toContain('Province\u00a0: Québec');
  });

  it('flags another application of the same company (e-mail or name) and an e-mail that already signs in', async () => {
    const tag = uniqueEmail('x').split('@')[0]!.replace(/\W/g, '');
    const first = uniqueEmail('first');
    const customer = await makeCustomer(ctx.app, owner);
    await register({ company: `Prairie Tools ${tag} Inc.`, contactName: 'Pat One', email: first });
    await register({
      company: `prairie-tools  ${tag}, Ltée`,
      contactName: 'Pat Two',
      email: uniqueEmail('second'),
    });
    await register({ company: `Elsewhere ${tag}`, contactName: 'Pat Three', email: first.toUpperCase() });
    await register({ company: `Loner ${tag}`, contactName: 'Pat Four', email: uniqueEmail('loner') });
    await register({ company: `Known ${tag}`, contactName: 'Pat Five', email: customer.email.toUpperCase() });
    const list = await call(ctx.app, 'GET', '/api/admin/applications?page_size=100', owner);
    expect(list.status).toBe(200);
    type Row = {
      application_id: number;
      company: string;
      duplicates: number[];
      email_customer_id: string | null;
    };
    const mine = (list.body.applications.items as Row[])
      .filter((a) => a.company.includes(tag))
      .sort((a, b) => a.application_id - b.application_id);
    expect(mine).toHaveLength(5);
    const [one, two, three, four, five] = mine.map((a) => a.application_id);
    expect(mine.map((a) => [a.duplicates, a.email_customer_id])).toEqual([
      [[two, three], null],
      [[one], null],
      [[one], null],
      [[], null],
      [[], customer.customerId],
    ]);
    expect(four).toBeDefined();
    const single = await call(ctx.app, 'GET', `/api/admin/applications/${five}`, owner);
    expect(single.body.application).toMatchObject({ duplicates: [], email_customer_id: customer.customerId });
  });
});
