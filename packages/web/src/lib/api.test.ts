/** The client's paths: a route's parameters put in (encoded), and its query with the blanks left out. */
import { describe, expect, it } from 'vitest';
import { pathOf, queryOf } from './api';

describe('pathOf', () => {
  it("puts each path parameter in its place, encoded, after the route's /api", () => {
    expect(
      pathOf('DELETE /api/user/:customerid/cart/:itemid/:condition/remove', {
        params: { customerid: 'C10001', itemid: 'NX/1 a', condition: 'BrandNew' },
      }),
    ).toBe('/user/C10001/cart/NX%2F1%20a/BrandNew/remove');
  });

  it('keeps an empty parameter as the page asked it (the server then picks the condition)', () => {
    expect(pathOf('GET /api/product/:itemid/:condition', { params: { itemid: 'NX.1', condition: '' } })).toBe(
      '/product/NX.1/',
    );
  });

  it('adds the query, a list as its name repeated', () => {
    expect(
      pathOf('GET /api/category/:category', {
        params: { category: 'Laptops' },
        query: { brand: ['Acer', 'Predator'], page: '2', q: '' },
      }),
    ).toBe('/category/Laptops?brand=Acer&brand=Predator&page=2');
  });
});

describe('queryOf', () => {
  it('leaves out blanks, nulls and undefined, and is empty without values', () => {
    expect(queryOf({ status: null, q: undefined, page: '' })).toBe('');
    expect(queryOf({ status: 'new', page: 3, all: true })).toBe('?status=new&page=3&all=true');
  });
});
