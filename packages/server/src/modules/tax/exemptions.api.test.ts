/**
 * A company's tax exemptions: the seller records one from a province's own sales tax (a reseller's QST
 * number, until an expiry day) or from all tax (a document's reference); the checkout, the order and its
 * invoice leave the component out and name the exemption; it stops applying on its expiry day, touches no
 * other province or company, and a revoked one no longer applies (orders placed before keep theirs).
 */
import { TAX_MSG } from '@shop/domain/tax/admin';
import { componentTax, type Province, provinceDay } from '@shop/domain/tax/rules';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxExemptions } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, createBuyers } from '../../test/buyers';
import { useTestApp } from '../../test/harness';
import type { ProductRecord } from '../catalog';
import { addressIn, checkoutTaxesOf, clerkCookie, orderOf, placeTo, stockedItem } from './test-support';

const ctx = useTestApp();
let owner = '';
let clerk = '';
let item: ProductRecord;
/** reseller: exempt from QST; status: exempt from all tax; plain: none; lapsing: exempt until today. */
let reseller: Buyer;
let status: Buyer;
let plain: Buyer;
let lapsing: Buyer;
const addresses = new Map<string, number>();

const RESELLER = {
  scope: 'provincial',
  province: 'Quebec',
  reference: 'QST 1234567890 TQ0001',
  reason: 'Reseller',
  expires_on: '2099-12-31',
};

beforeAll(async () => {
  const db = ctx.database.db;
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  clerk = await clerkCookie(ctx.app, db);
  [reseller, status, plain, lapsing] = (await createBuyers(db, 4, 'EX')) as [Buyer, Buyer, Buyer, Buyer];
  item = await stockedItem(ctx.app, db);
  for (const buyer of [reseller, status, plain, lapsing])
    for (const province of ['Quebec', 'British Columbia', 'Ontario'] as const)
      addresses.set(`${buyer.customerId}|${province}`, await addressIn(db, buyer.customerId, province));
});

async function place(buyer: Buyer, province: Province, quantity = 1) {
  const placed = await placeTo(ctx.app, ctx.database.db, buyer, {
    addressId: addresses.get(`${buyer.customerId}|${province}`)!,
    province,
    item,
    quantity,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return orderOf(ctx.app, buyer, placed.body.orderId);
}

const exemptionsUrl = (buyer: Buyer) => `/api/admin/customers/${buyer.customerId}/exemptions`;

/** The taxes an order answer should carry: each component on the subtotal, 0 where `exempt` names it. */
function taxesOf(
  order: Record<string, unknown>,
  components: [string, number][],
  exempt: Record<string, unknown> | null,
  lifted: (component: string) => boolean,
) {
  const base = order.subtotal as number;
  return components.map(([component, rateMilli]) => ({
    component,
    rate: rateMilli / 1000,
    base,
    amount: lifted(component) ? 0 : componentTax(Math.round(base * 100), rateMilli) / 100,
    exemption: lifted(component) ? exempt : null,
  }));
}

describe('an exemption from Quebec’s QST', () => {
  it('is recorded by the seller, audited, and listed active', async () => {
    const added = await call(ctx.app, 'POST', exemptionsUrl(reseller), clerk, RESELLER);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.exemption).toMatchObject({ ...RESELLER, state: 'active', revoked_at: null });
    expect(added.body.smessage).toContain('exempt from QST in Quebec until 2099-12-31');
    const list = await call(ctx.app, 'GET', exemptionsUrl(reseller), owner);
    expect(list.body.exemptions).toHaveLength(1);
    const audit = await call(
      ctx.app,
      'GET',
      `/api/admin/audit?entity_type=customer&entity_id=${reseller.customerId}`,
      owner,
    );
    expect(audit.body.audit.items[0]).toMatchObject({
      action: 'customer.add_exemption',
      after: { scope: 'provincial', province: 'Quebec', reference: RESELLER.reference, reason: 'Reseller' },
    });
  });

  it('shows at checkout: QST exempt with its reason and number, GST charged', async () => {
    const taxes = await checkoutTaxesOf(ctx.app, reseller);
    const named = {
      scope: 'provincial',
      province: 'Quebec',
      reference: RESELLER.reference,
      reason: 'Reseller',
      expires_on: '2099-12-31',
    };
    expect(taxes.Quebec).toEqual([
      { component: 'GST', rate_milli: 5000, exemption: null },
      { component: 'QST', rate_milli: 9975, exemption: named },
    ]);
    // Another province's provincial tax is still charged.
    expect(taxes['British Columbia']).toEqual([
      { component: 'GST', rate_milli: 5000, exemption: null },
      { component: 'PST', rate_milli: 7000, exemption: null },
    ]);
  });

  it('a Quebec order charges no QST and names the exemption, on the order and its invoice', async () => {
    const order = await place(reseller, 'Quebec', 2);
    const named = {
      scope: 'provincial',
      province: 'Quebec',
      reference: RESELLER.reference,
      reason: 'Reseller',
      expires_on: '2099-12-31',
    };
    const expected = taxesOf(
      order,
      [
        ['GST', 5000],
        ['QST', 9975],
      ],
      named,
      (c) => c === 'QST',
    );
    expect(order.taxes).toEqual(expected);
    expect(order.items_tax).toBe(expected[0]!.amount);
    expect(order.tax_rate).toBe(5);

    const invoiced = await call(ctx.app, 'POST', `/api/admin/orders/${order.order_id}/invoice`, owner, {
      shipping: 20,
    });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
    const invoiceId = invoiced.body.order.invoices[0].invoice_id;
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${reseller.customerId}/invoices/${invoiceId}`,
      headers: { cookie: reseller.cookie },
    });
    const taxes = invoice.json().orderInfo.order.taxes;
    expect(taxes[1]).toMatchObject({ component: 'QST', amount: 0, exemption: named });
    expect(taxes[0]).toMatchObject({ component: 'GST', exemption: null });
    expect(taxes[0].amount).toBeGreaterThan(expected[0]!.amount);
  });

  it('leaves the company’s orders elsewhere and other companies alone', async () => {
    const bc = await place(reseller, 'British Columbia');
    expect(bc.taxes.map((t: { amount: number }) => t.amount > 0)).toEqual([true, true]);
    const other = await place(plain, 'Quebec');
    expect(other.taxes).toEqual(
      taxesOf(
        other,
        [
          ['GST', 5000],
          ['QST', 9975],
        ],
        null,
        () => false,
      ),
    );
    const taxes = await checkoutTaxesOf(ctx.app, plain);
    expect(taxes.Quebec.every((c) => c.exemption === null)).toBe(true);
  });

  it('once revoked, no longer applies; the order placed with it keeps it', async () => {
    const before = await place(reseller, 'Quebec');
    const [row] = await ctx.database.db
      .select()
      .from(taxExemptions)
      .where(eq(taxExemptions.customerId, reseller.customerId));
    const revoked = await call(
      ctx.app,
      'POST',
      `${exemptionsUrl(reseller)}/${row!.exemptionId}/revoke`,
      clerk,
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.exemption).toMatchObject({ state: 'revoked' });
    expect(revoked.body.exemption.revoked_by).toMatch(/^clerk\./);
    const twice = await call(ctx.app, 'POST', `${exemptionsUrl(reseller)}/${row!.exemptionId}/revoke`, clerk);
    expect(twice.status).toBe(409);
    const taxes = await checkoutTaxesOf(ctx.app, reseller);
    expect(taxes.Quebec.every((c) => c.exemption === null)).toBe(true);
    const after = await place(reseller, 'Quebec');
    expect(after.taxes[1]).toMatchObject({ component: 'QST', exemption: null });
    expect(after.taxes[1].amount).toBeGreaterThan(0);
    expect(await orderOf(ctx.app, reseller, before.order_id)).toEqual(before);
  });
});

describe('an exemption that expires', () => {
  it('stops applying on its expiry day', async () => {
    const tomorrow = new Date(`${provinceDay(new Date(), 'Quebec')}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const added = await call(ctx.app, 'POST', exemptionsUrl(lapsing), owner, {
      ...RESELLER,
      expires_on: tomorrow.toISOString().slice(0, 10),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await place(lapsing, 'Quebec')).taxes[1]).toMatchObject({ component: 'QST', amount: 0 });
    // The expiry day comes: today is the day it no longer applies.
    const today = provinceDay(new Date(), 'Quebec');
    await ctx.database.db
      .update(taxExemptions)
      .set({ expiresOn: today })
      .where(and(eq(taxExemptions.customerId, lapsing.customerId)));
    const taxes = await checkoutTaxesOf(ctx.app, lapsing);
    expect(taxes.Quebec.every((c) => c.exemption === null)).toBe(true);
    const order = await place(lapsing, 'Quebec');
    expect(order.taxes[1]).toMatchObject({ component: 'QST', exemption: null });
    expect(order.taxes[1].amount).toBeGreaterThan(0);
    const list = await call(ctx.app, 'GET', exemptionsUrl(lapsing), clerk);
    expect(list.body.exemptions[0]).toMatchObject({ state: 'expired', expires_on: today });
  });
});

describe('an exemption from all tax', () => {
  it('leaves every component out, in every province', async () => {
    const added = await call(ctx.app, 'POST', exemptionsUrl(status), owner, {
      scope: 'all',
      reference: 'Certificate of Indian Status 0123456789',
      reason: 'Status-exempt buyer',
      expires_on: '',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.exemption).toMatchObject({ scope: 'all', province: null, expires_on: null });
    const named = {
      scope: 'all',
      province: null,
      reference: 'Certificate of Indian Status 0123456789',
      reason: 'Status-exempt buyer',
      expires_on: null,
    };
    const quebec = await place(status, 'Quebec');
    expect(quebec.taxes).toEqual(
      taxesOf(
        quebec,
        [
          ['GST', 5000],
          ['QST', 9975],
        ],
        named,
        () => true,
      ),
    );
    expect(quebec.items_tax).toBe(0);
    expect(quebec.total).toBe(quebec.subtotal);
    const ontario = await place(status, 'Ontario');
    expect(ontario.taxes).toEqual(taxesOf(ontario, [['HST', 13000]], named, () => true));
  });
});

describe('recording an exemption', () => {
  it('refuses what cannot be an exemption with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'some' }, 'scope'],
      [{ province: undefined }, 'province'],
      [{ province: 'Ontario' }, 'province'],
      [{ expires_on: undefined }, 'expires_on'],
      [{ expires_on: '2020-01-01' }, 'expires_on'],
      [{ expires_on: '2099-02-30' }, 'expires_on'],
      [{ reference: '' }, 'reference'],
      [{ reason: ' ' }, 'reason'],
      [{ scope: 'all', province: 'Quebec' }, 'province'],
    ];
    for (const [change, field] of cases) {
      const answer = await call(ctx.app, 'POST', exemptionsUrl(plain), owner, { ...RESELLER, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(change)).toEqual([field]);
    }
    expect((await call(ctx.app, 'GET', exemptionsUrl(plain), owner)).body.exemptions).toEqual([]);
  });

  it('from all tax is an owner’s to record: a clerk gets 403 and a message, and still records a provincial one', async () => {
    const buyer = (await createBuyers(ctx.database.db, 1, 'EXC'))[0]!;
    const all = {
      scope: 'all',
      reference: 'Certificate of Indian Status 9876543210',
      reason: 'Status-exempt buyer',
    };
    const refused = await call(ctx.app, 'POST', exemptionsUrl(buyer), clerk, all);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ scode: 403, smessage: TAX_MSG.allTaxOwnerOnly });
    expect((await call(ctx.app, 'GET', exemptionsUrl(buyer), clerk)).body.exemptions).toEqual([]);
    const provincial = await call(ctx.app, 'POST', exemptionsUrl(buyer), clerk, RESELLER);
    expect(provincial.status, JSON.stringify(provincial.body)).toBe(200);
    const owned = await call(ctx.app, 'POST', exemptionsUrl(buyer), owner, all);
    expect(owned.status, JSON.stringify(owned.body)).toBe(200);
    // A clerk may still revoke one (which only charges the tax again).
    const revoked = await call(
      ctx.app,
      'POST',
      `${exemptionsUrl(buyer)}/${owned.body.exemption.exemption_id}/revoke`,
      clerk,
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const scopes = (await call(ctx.app, 'GET', exemptionsUrl(buyer), clerk)).body.exemptions.map(
      (e: { scope: string; state: string }) => `${e.scope} ${e.state}`,
    );
    expect(scopes.sort()).toEqual(['all revoked', 'provincial active']);
  });

  it('is for staff only, of a customer that exists', async () => {
    expect((await call(ctx.app, 'POST', exemptionsUrl(plain), '', RESELLER)).status).toBe(401);
    expect((await call(ctx.app, 'POST', exemptionsUrl(plain), plain.cookie, RESELLER)).status).toBe(401);
    const none = await call(ctx.app, 'POST', '/api/admin/customers/NOBODY1/exemptions', owner, RESELLER);
    expect(none.status).toBe(404);
    const revoke = await call(ctx.app, 'POST', `${exemptionsUrl(plain)}/999999/revoke`, owner);
    expect(revoke.status).toBe(404);
  });
});
