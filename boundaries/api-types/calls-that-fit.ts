/** Calls the route table allows: each must type-check (api-types.test.ts). */
import type { CartAnswer } from '@shop/domain/core/api';
import { api } from '../../packages/web/src/lib/api';
import { read } from '../../packages/web/src/lib/reads';

export async function fitting(): Promise<CartAnswer> {
  await api('GET /api/header');
  await api('POST /api/user/logout');
  await api('GET /api/search', { query: { string: 'swift', column: 'all' } });
  read('GET /api/product/:itemid/:condition', { params: { itemid: 'NX.1', condition: '' } });
  await api('DELETE /api/user/:customerid/cart/:itemid/:condition/remove', {
    params: { customerid: 'C10001', itemid: 'NX.1', condition: 'BrandNew' },
  });
  await api('POST /api/admin/media', { form: new FormData() });
  return api('POST /api/user/cart/add', {
    body: {
      itemData: {
        customer_id: 'C10001',
        item_id: 'NX.1',
        sku: 'NX.1',
        quantity: 2,
        item_condition: 'BrandNew',
      },
      is_replaced: false,
    },
  });
}
