import { ACCOUNT_MSG, MAX_ADDRESSES } from '@shop/domain/account/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();

let c1 = '';
let c2 = '';
beforeAll(async () => {
  c1 = await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  c2 = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
});

const valid = {
  first_name: 'Olivia',
  last_name: 'Martin',
  company_name: 'Northwind Traders',
  phone_number: '9055550123',
  address_line_1: '10 East Beaver Creek Rd',
  address_line_2: 'Unit 4',
  city: 'Richmond Hill',
  country: 'Canada',
  province: 'Ontario',
  zip: 'L4B1H3',
};

function create(cookie: string, addressInfo: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/address/create',
    headers: { cookie },
    payload: { addressInfo },
  });
}

async function rowsOf(customerId: string) {
  return ctx.database.db.select().from(addresses).where(eq(addresses.customerId, customerId));
}

describe('addresses', () => {
  it('creates, lists (with company), edits and deletes an address', async () => {
    const created = await create(c1, { ...valid, customer_id: 'C10001' });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.scode).toBe(200);
    expect(body.addresses).toHaveLength(1);
    const address = body.addresses[0];
    expect(address).toMatchObject({
      first_name: 'Olivia',
      company: 'Northwind Traders',
      zip: 'L4B1H3',
      province: 'Ontario',
      country: 'Canada',
      customer_id: 'C10001',
    });
    expect(address).not.toHaveProperty('company_name');
    expect(typeof address.address_id).toBe('number');

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/addresses',
      headers: { cookie: c1 },
    });
    expect(list.json()).toEqual({ scode: 200, addresses: [address] });

    const form = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/addressForm/${address.address_id}`,
      headers: { cookie: c1 },
    });
    expect(form.json()).toEqual({ scode: 200, addressForm: [address] });
    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/addressForm',
      headers: { cookie: c1 },
    });
    expect(empty.json()).toEqual({ scode: 200, addressForm: [] });

    const edited = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/C10001/address/${address.address_id}/edit`,
      headers: { cookie: c1 },
      payload: { addressInfo: { ...valid, city: 'Markham', zip: 'l3r5k2' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().addresses[0]).toMatchObject({
      address_id: address.address_id,
      city: 'Markham',
      zip: 'L3R5K2',
    });

    const header = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie: c1 } });
    expect(header.json().addresses.map((a: { city: string }) => a.city)).toEqual(['Markham']);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/C10001/address/${address.address_id}/delete`,
      headers: { cookie: c1 },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ scode: 200, addresses: [], smessage: 'Address has been deleted.' });
    expect(await rowsOf('C10001')).toHaveLength(0);
  });

  it.each([
    ['first_name', '', en(ACCOUNT_MSG.firstName)],
    ['last_name', 'x'.repeat(51), en(ACCOUNT_MSG.lastName)],
    ['company_name', 'x'.repeat(51), en(ACCOUNT_MSG.company)],
    ['address_line_1', '', en(ACCOUNT_MSG.addressLine1)],
    ['address_line_2', 'x'.repeat(501), en(ACCOUNT_MSG.addressLine2)],
    ['city', '', en(ACCOUNT_MSG.city)],
    ['city', 'x'.repeat(101), en(ACCOUNT_MSG.city)],
    ['province', '', en(ACCOUNT_MSG.province)],
    ['province', undefined, en(ACCOUNT_MSG.province)],
    ['province', 'Ohio', en(ACCOUNT_MSG.province)],
    ['zip', 'L4B 1H', en(ACCOUNT_MSG.zip)],
    ['zip', 'L4B_1H3', en(ACCOUNT_MSG.zip)],
    ['zip', '90210', en(ACCOUNT_MSG.zip)],
    ['phone_number', '905555012', en(ACCOUNT_MSG.addressPhone)],
    ['phone_number', '905-555-012', en(ACCOUNT_MSG.addressPhone)],
    ['country', 'USA', en(ACCOUNT_MSG.country)],
  ])('refuses %s = %j with 400: %s', async (field, value, message) => {
    const response = await create(c1, { ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.scode).toBe(400);
    expect(body.smessage).toBe(en(ACCOUNT_MSG.addressInvalid));
    expect(body.errors[field]).toBe(message);
    expect(await rowsOf('C10001')).toHaveLength(0);
  });

  it('refuses a missing form with every required field named', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/address/create',
      headers: { cookie: c1 },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining([
        'first_name',
        'last_name',
        'address_line_1',
        'city',
        'province',
        'zip',
        'phone_number',
      ]),
    );
  });

  it('answers a visitor with 401', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/address/create',
      payload: { addressInfo: valid },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses with 403 a create naming another customer, and saves nothing', async () => {
    const response = await create(c1, { ...valid, customer_id: 'C10002' });
    expect(response.statusCode).toBe(403);
    expect(await rowsOf('C10002')).toHaveLength(0);
    expect(await rowsOf('C10001')).toHaveLength(0);
  });

  it("keeps another customer's address out of reach: 403 by their id, 404 by yours", async () => {
    const theirs = (await create(c2, { ...valid, first_name: 'Theirs' })).json().addresses[0];
    const id = theirs.address_id;
    const calls = [
      ['GET', `/api/user/C10002/addresses`, 403],
      ['GET', `/api/user/C10002/addressForm/${id}`, 403],
      ['POST', `/api/user/C10002/address/${id}/edit`, 403],
      ['DELETE', `/api/user/C10002/address/${id}/delete`, 403],
      ['GET', `/api/user/C10001/addressForm/${id}`, 404],
      ['POST', `/api/user/C10001/address/${id}/edit`, 404],
      ['DELETE', `/api/user/C10001/address/${id}/delete`, 404],
    ] as const;
    for (const [method, url, status] of calls) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { cookie: c1 },
        ...(method === 'POST' ? { payload: { addressInfo: { ...valid, first_name: 'Stolen' } } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json().scode).toBe(status);
    }
    const [after] = await rowsOf('C10002');
    expect(after).toMatchObject({ addressId: id, firstName: 'Theirs' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses the address id %s with 400', async (id) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/C10001/address/${id}/delete`,
      headers: { cookie: c1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe('Address id must be a whole number of 1 or more.');
  });

  it('answers 404 for an address id that does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/C10001/address/2147483647/edit',
      headers: { cookie: c1 },
      payload: { addressInfo: valid },
    });
    expect(response.statusCode).toBe(404);
  });

  it(`refuses the address after ${MAX_ADDRESSES}, even when created in parallel`, async () => {
    const before = (await rowsOf('C10001')).length;
    const results = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 3 - before }, (_, i) =>
        create(c1, { ...valid, address_line_2: `Unit ${i}` }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(MAX_ADDRESSES - before);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.addressLimit));
    expect(await rowsOf('C10001')).toHaveLength(MAX_ADDRESSES);
    const eleventh = await create(c1, valid);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().smessage).toBe(en(ACCOUNT_MSG.addressLimit));
  });
});
