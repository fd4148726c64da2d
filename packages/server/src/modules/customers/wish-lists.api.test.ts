import { ACCOUNT_MSG, MAX_WISH_LIST_ITEMS, MAX_WISH_LISTS } from '@shop/domain/account/schemas';
import { MSG } from '@shop/domain/core/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { wishListItems, wishLists } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import type { CatalogRow } from '../catalog/store';

const ctx = useTestApp();

let c1 = '';
let c2 = '';
let rows: CatalogRow[] = [];
beforeAll(async () => {
  c1 = await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  c2 = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
  rows = ctx.app.services.catalog.allRows().filter((r) => r.item_condition !== 'ScratchDent');
});

function createList(cookie: string, wishList: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/wishList/create',
    headers: { cookie },
    payload: { wishList },
  });
}

function addItem(cookie: string | undefined, listId: string, row: CatalogRow) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/wishList/item/add',
    headers: cookie ? { cookie } : {},
    payload: { listId, itemId: row.item_id, sku: row.sku, item_condition: row.item_condition },
  });
}

async function listsOf(customerId: string) {
  return ctx.database.db.select().from(wishLists).where(eq(wishLists.customerId, customerId));
}

describe('wish lists', () => {
  let listId = '';

  it('creates a list with an id of the customer id and a timestamp', async () => {
    const before = Date.now();
    const response = await createList(c1, {
      list_name: '  Office refresh ',
      is_public: true,
      customer_id: 'C10001',
      list_id: 'anything',
    });
    expect(response.statusCode).toBe(200);
    const [list] = response.json().wishLists;
    expect(list).toMatchObject({
      list_name: 'Office refresh',
      is_public: false,
      customer_id: 'C10001',
      item_number: 0,
    });
    expect(list.list_id).toMatch(/^C10001\d{13}$/);
    expect(Number(list.list_id.slice(6))).toBeGreaterThanOrEqual(before);
    listId = list.list_id;
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/wishLists',
      headers: { cookie: c1 },
    });
    expect(all.json()).toEqual({ scode: 200, wishLists: [list] });
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/wishListCreate/${listId}`,
      headers: { cookie: c1 },
    });
    expect(one.json()).toEqual({ scode: 200, wishListCreate: [list] });
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/wishListCreate',
      headers: { cookie: c1 },
    });
    expect(none.json()).toEqual({ scode: 200, wishListCreate: [] });
  });

  it.each([
    ['', 400],
    ['   ', 400],
    ['x'.repeat(51), 400],
  ])('refuses the list name %j with the wish list name message', async (name, status) => {
    const response = await createList(c1, { list_name: name, is_public: false });
    expect(response.statusCode).toBe(status);
    expect(response.json().smessage).toBe(en(ACCOUNT_MSG.wishListName));
    const rename = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/C10001/wishLists/${listId}/edit`,
      headers: { cookie: c1 },
      payload: { wishList: { list_name: name, is_public: false } },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().smessage).toBe(en(ACCOUNT_MSG.wishListName));
  });

  it('renames a list', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/C10001/wishLists/${listId}/edit`,
      headers: { cookie: c1 },
      payload: { wishList: { list_name: 'Boardroom', is_public: true } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().wishLists[0]).toMatchObject({
      list_id: listId,
      list_name: 'Boardroom',
      is_public: false,
    });
  });

  it('adds an item once, with a message naming item and list, and shows it with personal prices', async () => {
    const row = rows[0]!;
    const first = await addItem(c1, listId, row);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.smessage).toBe(`${row.item_name} has been added to wish list Boardroom.`);
    expect(body.wishListsItems).toEqual([
      { list_id: listId, item_id: row.item_id, sku: row.sku, item_condition: row.item_condition },
    ]);
    expect(body.wishLists[0].item_number).toBe(1);
    const again = await addItem(c1, listId, row);
    expect(again.statusCode).toBe(200);
    expect(again.json().wishListsItems).toHaveLength(1);

    const items = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/wishListItems/${listId}`,
      headers: { cookie: c1 },
    });
    expect(items.statusCode).toBe(200);
    const [item] = items.json().wishListItems;
    expect(item).toMatchObject({ item_id: row.item_id, sku: row.sku, list_id: listId });
    expect(typeof item.added_at).toBe('string');
    const product = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/${row.item_id}/${row.item_condition}`,
      headers: { cookie: c1 },
    });
    expect(item.personal_price).toBe(product.json().itemInfo.itemDetail[0].personal_price);

    const header = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie: c1 } });
    expect(header.json().wishListsItems).toEqual(body.wishListsItems);
    expect(header.json().wishLists[0]).toMatchObject({ list_id: listId, item_number: 1 });
  });

  it('refuses a visitor, an unknown item and a list of another customer', async () => {
    const row = rows[1]!;
    const visitor = await addItem(undefined, listId, row);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().smessage).toBe(en(ACCOUNT_MSG.pleaseLogin));
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/wishList/item/add',
      headers: { cookie: c1 },
      payload: { listId, itemId: 'no-such-item', sku: 'X', item_condition: 'BrandNew' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().smessage).toBe(en(MSG.itemMissing));
    const noList = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/wishList/item/add',
      headers: { cookie: c1 },
      payload: { itemId: row.item_id, sku: row.sku, item_condition: row.item_condition },
    });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().smessage).toBe(en(ACCOUNT_MSG.createListFirst));
    const badCondition = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/wishList/item/add',
      headers: { cookie: c1 },
      payload: { listId, itemId: row.item_id, item_condition: 'Used' },
    });
    expect(badCondition.statusCode).toBe(400);
    const theirs = await addItem(c2, listId, row);
    expect(theirs.statusCode).toBe(404);
    const [stored] = await ctx.database.db
      .select()
      .from(wishListItems)
      .where(eq(wishListItems.listId, listId));
    expect(stored?.itemId).toBe(rows[0]!.item_id);
    expect(
      (await ctx.database.db.select().from(wishListItems).where(eq(wishListItems.listId, listId))).length,
    ).toBe(1);
  });

  it("keeps another customer's lists out of reach: 403 by their id, 404 by yours", async () => {
    const calls = [
      ['GET', '/api/user/C10001/wishLists', 403],
      ['GET', `/api/user/C10001/wishListItems/${listId}`, 403],
      ['POST', `/api/user/C10001/wishLists/${listId}/edit`, 403],
      ['DELETE', `/api/user/C10001/wishLists/${listId}/delete`, 403],
      ['GET', `/api/user/C10002/wishListItems/${listId}`, 404],
      ['GET', `/api/user/C10002/wishListCreate/${listId}`, 404],
      ['POST', `/api/user/C10002/wishLists/${listId}/edit`, 404],
      ['DELETE', `/api/user/C10002/wishLists/${listId}/delete`, 404],
      [
        'DELETE',
        `/api/user/wishList/${listId}/item/${rows[0]!.item_id}/${rows[0]!.item_condition}/remove`,
        404,
      ],
    ] as const;
    for (const [method, url, status] of calls) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { cookie: c2 },
        ...(method === 'POST' ? { payload: { wishList: { list_name: 'Stolen', is_public: false } } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }
    const create = await createList(c2, { list_name: 'Mine', customer_id: 'C10001' });
    expect(create.statusCode).toBe(403);
    const [list] = await listsOf('C10001');
    expect(list).toMatchObject({ listId, listName: 'Boardroom' });
    expect(await listsOf('C10002')).toHaveLength(0);
    const items = await ctx.database.db.select().from(wishListItems).where(eq(wishListItems.listId, listId));
    expect(items).toHaveLength(1);
  });

  it('removes an item with a message and answers the lists and items', async () => {
    const row = rows[0]!;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/wishList/${listId}/item/${row.item_id}/${row.item_condition}/remove`,
      headers: { cookie: c1 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.smessage).toBe(`${row.item_name} has been removed from wish list Boardroom.`);
    expect(body.wishListItems).toEqual([]);
    expect(body.wishListsItems).toEqual([]);
    expect(body.wishLists[0].item_number).toBe(0);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/wishList/${listId}/item/${row.item_id}/Used/remove`,
      headers: { cookie: c1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it(`refuses item ${MAX_WISH_LIST_ITEMS + 1} of a list, even when added in parallel`, async () => {
    expect(rows.length).toBeGreaterThan(MAX_WISH_LIST_ITEMS + 3);
    const candidates = rows.slice(0, MAX_WISH_LIST_ITEMS + 3);
    const results = await Promise.all(candidates.map((row) => addItem(c1, listId, row)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_WISH_LIST_ITEMS);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.wishListItemLimit));
    const stored = await ctx.database.db.select().from(wishListItems).where(eq(wishListItems.listId, listId));
    expect(stored).toHaveLength(MAX_WISH_LIST_ITEMS);
    const items = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/wishListItems/${listId}`,
      headers: { cookie: c1 },
    });
    expect(items.json().wishListItems).toHaveLength(MAX_WISH_LIST_ITEMS);
    // One already in the list is not a new item: it is still accepted.
    const inList = stored[0]!;
    const again = await addItem(c1, listId, rows.find((r) => r.item_id === inList.itemId)!);
    expect(again.statusCode).toBe(200);
  });

  it(`refuses list ${MAX_WISH_LISTS + 1}, even when created in parallel`, async () => {
    const before = (await listsOf('C10001')).length;
    const results = await Promise.all(
      Array.from({ length: MAX_WISH_LISTS + 2 - before }, (_, i) =>
        createList(c1, { list_name: `List ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_WISH_LISTS - before);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.json().smessage).toBe(en(ACCOUNT_MSG.wishListLimit));
    const lists = await listsOf('C10001');
    expect(lists).toHaveLength(MAX_WISH_LISTS);
    expect(new Set(lists.map((l) => l.listId)).size).toBe(MAX_WISH_LISTS);
  });

  it('deletes a list with its items', async () => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/C10001/wishLists/${listId}/delete`,
      headers: { cookie: c1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().wishLists.map((l: { list_id: string }) => l.list_id)).not.toContain(listId);
    expect(
      await ctx.database.db.select().from(wishListItems).where(eq(wishListItems.listId, listId)),
    ).toEqual([]);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/wishListItems/${listId}`,
      headers: { cookie: c1 },
    });
    expect(gone.statusCode).toBe(404);
  });
});
