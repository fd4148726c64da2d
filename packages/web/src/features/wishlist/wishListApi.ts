/** Adding items to and removing them from a customer's wish lists. */
import { api } from '../../lib/api';
import type { HeaderData } from '../../lib/types';
import type { WishList, WishListEntry } from '../account/types';

export interface WishListChange {
  scode: number;
  smessage?: string;
  wishLists?: WishList[];
  wishListsItems?: WishListEntry[];
}

export function addToWishList(
  listId: string,
  item: { item_id: string; sku: string; item_condition: string },
): Promise<WishListChange> {
  return api<WishListChange>('/user/wishList/item/add', {
    method: 'POST',
    body: { listId, itemId: item.item_id, sku: item.sku, item_condition: item.item_condition },
  });
}

export function removeFromWishList(
  listId: string,
  item: { item_id: string; item_condition: string },
): Promise<WishListChange> {
  return api<WishListChange>(
    `/user/wishList/${encodeURIComponent(listId)}/item/${encodeURIComponent(item.item_id)}/${encodeURIComponent(
      item.item_condition,
    )}/remove`,
    { method: 'DELETE' },
  );
}

/** The customer's lists and their entries as the header data carries them. */
export function headerWishLists(header: HeaderData | null): { lists: WishList[]; entries: WishListEntry[] } {
  return {
    lists: (header?.wishLists ?? []) as WishList[],
    entries: (header?.wishListsItems ?? []) as WishListEntry[],
  };
}
