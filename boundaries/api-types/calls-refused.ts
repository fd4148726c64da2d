/**
 * Calls the route table refuses: each line after an `error:` comment must fail to type-check there, and
 * nothing else in this file may (api-types.test.ts).
 */
import { api } from '../../packages/web/src/lib/api';
import { read } from '../../packages/web/src/lib/reads';

export async function refused(): Promise<void> {
  // error: a path the server does not route
  await api('POST /api/user/cart/nothing');
  // error: a route the server has, with another method
  await api('GET /api/user/cart/add');
  // error: a read of a route that writes
  read('POST /api/user/logout');
  await api('DELETE /api/user/:customerid/cart/:itemid/:condition/remove', {
    // error: a path parameter left out (the condition)
    params: { customerid: 'C1', itemid: 'NX.1' },
  });
  await api('POST /api/user/cart/add', {
    body: {
      // error: a field of the wrong type (the item's id as a number)
      itemData: { customer_id: 'C10001', item_id: 42, sku: 'NX.1', quantity: 2, item_condition: 'BrandNew' },
    },
  });
  await api('POST /api/user/cart/add', {
    body: {
      // error: a required field left out (the item's id)
      itemData: { customer_id: 'C10001', sku: 'NX.1', quantity: 2, item_condition: 'BrandNew' },
    },
  });
  // error: a body the route does not take
  await api('POST /api/user/logout', { body: { everywhere: true } });
  // error: a route that takes a body, called without one
  await api('POST /api/user/login');
  // error: a query name the route does not read
  await api('GET /api/admin/orders', { query: { colour: 'red' } });
}
