/** Answer shapes of the API as the page uses them. */
export interface ItemBrief {
  item_id: string;
  item_name: string;
  sku: string;
  category: string;
  sub_category: string;
  item_condition: 'BrandNew' | 'Recertified' | 'ScratchDent' | 'Warranty';
  is_active: boolean;
  is_sale: boolean;
  is_brand_new: boolean;
  is_recertified: boolean;
  is_scratch_dent: boolean;
  stock: number;
  scratch_dent_stock: number;
  main_image: string;
  product_series: string;
  personal_price?: number;
  personal_sale_price?: number;
  personal_scratch_dent_price?: number;
}

export interface CustomerInfo {
  customer_id: string;
  contact_person_id: string;
  contact_name: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  phone_number: string;
  username: string;
  percentage: number;
}

export interface HeaderData {
  scode: number;
  cartItems: { quantity: number }[];
  addresses: unknown[];
  wishLists: unknown[];
  wishListsItems: unknown[];
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
}
