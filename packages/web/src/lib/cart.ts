/** Cart calls shared by cards, the product page and the cart page; the header data holds the cart. */

import { CART_MSG } from '@shop/domain/cart/rules';
import type { CartItem } from '@shop/domain/core/api';
import { toCents } from '@shop/domain/core/money';
import { useCallback } from 'react';
import { ApiError, api } from './api';
import { tm } from './i18n';
import { useSession } from './session';

export type CartLine = CartItem;

/**
 * What a line costs per unit, in cents: the server's answer, which is the spec's unit price (SPEC §4) then
 * the volume price the line's quantity reaches (domain/catalog/volume-prices.ts).
 */
export function lineUnitCents(line: CartLine): number {
  return toCents(line.unit_price);
}

export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineUnitCents(line) * line.quantity, 0);
}

/** The stock a line can take; Warranty lines are never short. */
export function lineStock(line: CartLine): number {
  if (line.item_condition === 'Warranty') return Number.POSITIVE_INFINITY;
  return line.item_condition === 'ScratchDent' ? line.scratch_dent_stock : line.stock;
}

export function useCart() {
  const { customerId, header, updateHeader, reloadHeader } = useSession();
  const lines = header?.cartItems ?? [];

  const store = useCallback(
    (cartItems: CartLine[]) => updateHeader((old) => ({ ...old, cartItems })),
    [updateHeader],
  );

  const send = useCallback(
    async (
      item: { item_id: string; item_condition: string; sku: string },
      quantity: number,
      replace: boolean,
    ) => {
      try {
        const answer = await api('POST /api/user/cart/add', {
          body: {
            itemData: {
              customer_id: customerId,
              item_id: item.item_id,
              sku: item.sku,
              quantity,
              item_condition: item.item_condition,
            },
            is_replaced: replace,
          },
        });
        store(answer.cartItems);
        return { ok: true as const, cartItems: answer.cartItems, message: answer.smessage };
      } catch (error) {
        const message = error instanceof ApiError ? error.message : tm(CART_MSG.addFailed);
        return { ok: false as const, cartItems: lines, message };
      }
    },
    [customerId, store, lines],
  );

  const remove = useCallback(
    async (line: { item_id: string; item_condition: string }) => {
      try {
        const answer = await api('DELETE /api/user/:customerid/cart/:itemid/:condition/remove', {
          params: { customerid: customerId, itemid: line.item_id, condition: line.item_condition },
        });
        store(answer.cartItems);
        return { ok: true as const, status: answer.scode };
      } catch (error) {
        return { ok: false as const, status: 0, message: error instanceof Error ? error.message : '' };
      }
    },
    [customerId, store],
  );

  return {
    lines,
    add: (item: Parameters<typeof send>[0], quantity = 1) => send(item, quantity, false),
    set: (item: Parameters<typeof send>[0], quantity: number) => send(item, quantity, true),
    remove,
    refresh: reloadHeader,
  };
}
