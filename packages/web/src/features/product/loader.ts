/** A product page's data; a condition that is not one of the four lets the server choose. */
import type { ProductInfoAnswer } from '@shop/domain/api';
import { isCondition } from '@shop/domain/catalog';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Read, read } from '../../lib/reads';

export function productLoader({ params }: LoaderFunctionArgs) {
  const condition = params.condition && isCondition(params.condition) ? params.condition : '';
  return {
    product: read<ProductInfoAnswer>(`/product/${encodeURIComponent(params.itemid ?? '')}/${condition}`),
  };
}

export function useProductReads(): { product: Read<ProductInfoAnswer> } {
  return useLoaderData() as ReturnType<typeof productLoader>;
}
