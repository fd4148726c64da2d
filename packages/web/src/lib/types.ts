/** Answer shapes of the API as the page uses them. */
import type {
  Address,
  CartItem,
  CompareOffer,
  CustomerInfo,
  ItemBrief,
  WishList,
  WishListItemKey,
} from '@shop/domain/api';

export type { CustomerInfo, ItemBrief };

export interface HeaderData {
  scode: number;
  cartItems: CartItem[];
  addresses: Address[];
  wishLists: WishList[];
  wishListsItems: WishListItemKey[];
  unreadMessages?: number;
  customer: CustomerInfo[];
}

export interface FilterGroup {
  field: string;
  label: string;
  values: { value: string; count: number }[];
}

export interface CategoryItems {
  heading: string;
  category: string;
  subcategory: string;
  itemsBrief: ItemBrief[];
  filters: FilterGroup[];
  filterValues: Record<string, unknown>;
  priceRange?: { max_price: number; min_price: number }[];
  total: number;
  inStockCount: number;
  page: number;
  pages: number;
  pageSize: number;
  sort: string;
}

export interface ProductInfo {
  itemDetail: (ItemBrief & {
    description: string;
    details: string;
    breadcrumbs: { name: string; pathname: string }[];
  } & Record<string, unknown>)[];
  itemImages: { image_id: number; image_url: string }[];
  itemReviews: unknown[];
  product: ItemBrief[];
  /** Every condition of the item's model, side by side (empty with nothing to compare). */
  compare?: CompareOffer[];
}
