/** A product page's data; a condition that is not one of the four lets the server choose. */
import { isCondition } from '@shop/domain/catalog/rules';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { read } from '../../lib/reads';

export function productLoader({ params }: LoaderFunctionArgs) {
  const condition = params.condition && isCondition(params.condition) ? params.condition : '';
  return {
    product: read('GET /api/product/:itemid/:condition', {
      params: { itemid: params.itemid ?? '', condition },
    }),
  };
}

export function useProductReads(): ReturnType<typeof productLoader> {
  return useLoaderData() as ReturnType<typeof productLoader>;
}
