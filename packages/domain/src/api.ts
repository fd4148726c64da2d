/** Shapes of the API's answers, shared by the server that makes them and the page that reads them. */
import type { Condition } from './catalog';

/** What a product card shows. Prices only for a signed-in customer, in dollars with 2 decimals. */
export interface ItemBrief {
  item_id: string;
  item_name: string;
  sku: string;
  category: string;
  sub_category: string;
  item_condition: Condition;
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

/** One condition of a model, as the product page compares them. */
export interface CompareOffer {
  item_id: string;
  sku: string;
  item_name: string;
  item_condition: Condition;
  /** Units available in this condition. */
  stock: number;
  warranty: string;
  /** The product page of this offer, under /acer. */
  path: string;
  /** The offer of the page being looked at. */
  current: boolean;
  /** What the customer pays a unit (customers only). */
  price?: number;
  /** Against the model's lowest brand new price (customers only; absent without a brand new offer). */
  saving?: { amount: number; percent: number };
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
  /** `admin` manages the company's buyers and addresses; `buyer` orders. */
  role: BuyerRole;
  /** The company's primary contact (signs in with the Customer ID). */
  is_primary: boolean;
}

export type BuyerRole = 'admin' | 'buyer';

export interface Address {
  address_id: number;
  first_name: string;
  last_name: string;
  /** company_name when sent, company when read back. */
  company: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone_number: string;
  customer_id: string;
}

export interface WishList {
  list_id: string;
  list_name: string;
  is_public: boolean;
  customer_id: string;
  item_number: number;
}

export interface WishListItemKey {
  list_id: string;
  item_id: string;
  sku: string;
  item_condition: string;
}

export interface CartItem {
  item_id: string;
  item_name: string;
  item_condition: Condition;
  sku: string;
  quantity: number;
  stock: number;
  scratch_dent_stock: number;
  is_active: boolean;
  is_sale: boolean;
  personal_price: number;
  personal_sale_price: number;
  personal_scratch_dent_price: number;
  main_image: string;
}
