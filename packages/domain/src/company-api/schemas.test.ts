import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, API_MSG, ApiKeyCreateRequest, ApiOrderRequest, PriceListQuery } from './schemas';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('company API requests', () => {
  it('a key needs a name on one line and at least one known permission, each once', () => {
    expect(ApiKeyCreateRequest.parse({ name: '  ERP  ', scopes: ['orders:write'] })).toEqual({
      name: 'ERP',
      scopes: ['orders:write'],
    });
    expect(issues(ApiKeyCreateRequest.safeParse({ name: 'a\nb', scopes: ['prices:read'] }))).toEqual([
      API_MSG.keyName,
    ]);
    expect(issues(ApiKeyCreateRequest.safeParse({ name: 'x'.repeat(61), scopes: ['prices:read'] }))).toEqual([
      API_MSG.keyName,
    ]);
    expect(
      issues(ApiKeyCreateRequest.safeParse({ name: 'a', scopes: ['prices:read', 'prices:read'] })),
    ).toEqual([API_MSG.keyScopes]);
  });

  it('an order line names its item by sku or item_id, not both; the same item and condition once', () => {
    const order = (lines: unknown[]) => ({ purchase_order_number: 'PO-1', shipping_address_id: 3, lines });
    const parsed = ApiOrderRequest.parse(order([{ sku: 'A.1', condition: 'BrandNew', quantity: 2 }]));
    expect(parsed.shipping_method).toBe('Standard');
    expect(
      issues(
        ApiOrderRequest.safeParse(order([{ sku: 'A', item_id: '1', condition: 'BrandNew', quantity: 1 }])),
      ),
    ).toEqual([API_MSG.lineItem]);
    const twice = order([
      { sku: 'A', condition: 'BrandNew', quantity: 1 },
      { sku: 'A', condition: 'BrandNew', quantity: 2 },
    ]);
    expect(issues(ApiOrderRequest.safeParse(twice))).toEqual([API_MSG.duplicateLine]);
    expect(issues(ApiOrderRequest.safeParse({ ...order([]), purchase_order_number: 'PO\r\n1' }))).toContain(
      API_MSG.poNumber,
    );
  });

  it('changed_since is a time with its zone; page_size is 1 to 500', () => {
    expect(
      PriceListQuery.parse({ changed_since: '2026-11-22T09:05:00-05:00' }).changed_since?.toISOString(),
    ).toBe('2026-11-22T14:05:00.000Z');
    expect(issues(PriceListQuery.safeParse({ changed_since: '2026-11-22' }))).toEqual([API_MSG.changedSince]);
    expect(issues(PriceListQuery.safeParse({ page_size: '0' }))).toEqual([API_MSG.pageSize]);
    expect(PriceListQuery.parse({})).toMatchObject({ page: 1, page_size: 100 });
  });

  it("a key's secret has the form ak_live_<8 characters>_<43 base64url characters>", () => {
    expect(API_KEY_PATTERN.test(`ak_live_abcd2345_${'a-_Z'.repeat(10)}xyz`)).toBe(true);
    expect(API_KEY_PATTERN.test(`ak_live_ABCD2345_${'a'.repeat(43)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`ak_test_abcd2345_${'a'.repeat(43)}`)).toBe(false);
  });
});
