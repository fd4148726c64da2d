/** Adding items to and removing them from a customer's wish lists (the product page's heart, the account). */
import type { WishListItemInput } from '@shop/domain/account/schemas';
import type {
  HeaderAnswer,
  WishList,
  WishListItemAddedAnswer,
  WishListItemKey,
  WishListItemRemovedAnswer,
} from '@shop/domain/core/api';
import { api } from './api';

/** What adding or removing an item answers: every list and every item key, and a message. */
export type WishListChange = WishListItemAddedAnswer | WishListItemRemovedAnswer;

export function addToWishList(
  listId: string,
  item: { item_id: string; sku: string; item_condition: string },
): Promise<WishListItemAddedAnswer> {
  return api('POST /api/user/wishList/item/add', {
    body: {
      listId,
      itemId: item.item_id,
      sku: item.sku,
      // The server names an unknown condition; the item's own is one of the four.
      item_condition: item.item_condition as WishListItemInput['item_condition'],
    },
  });
}

export function removeFromWishList(
  listId: string,
  item: { item_id: string; item_condition: string },
): Promise<WishListItemRemovedAnswer> {
  return api('DELETE /api/user/wishList/:listId/item/:itemId/:condition/remove', {
    params: { listId, itemId: item.item_id, condition: item.item_condition },
  });
}

/** The customer's lists and their entries as the header data carries them. */
export function headerWishLists(header: HeaderAnswer | null): {
  lists: WishList[];
  entries: WishListItemKey[];
} {
  return { lists: header?.wishLists ?? [], entries: header?.wishListsItems ?? [] };
}
