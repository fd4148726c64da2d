import type { PriceBreak } from '@shop/domain/catalog/volume-pricing';

/** A product as the seed and the catalog import write it. Prices are integer cents; 0 means none. */
export interface ProductInput {
  item_id: string;
  item_name: string;
  sku: string;
  /** Shared by the items of one model in different conditions. */
  model?: string;
  category: string;
  sub_category: string;
  description: string;
  /** Multi-line; each line 'spec name: value'. */
  details: string;
  /** The description and details in French (details as lines 'spec name: value' too). */
  description_fr: string;
  details_fr: string;
  product_category: string;
  product_series: string;
  processor_type: string;
  processor_speed: string;
  standard_memory: string;
  screen_size: string;
  screen_resolution: string;
  graphics_card: string;
  solid_state_drive: string;
  /** 'Yes', 'No' or '' when it does not apply. */
  touchscreen: string;
  operating_system: string;
  color: string;
  refresh_rate: string;
  is_active: boolean;
  item_condition: 'BrandNew' | 'Recertified' | 'Warranty';
  is_sale: boolean;
  is_scratch_dent: boolean;
  /** Whether its units carry serial numbers; left out, by its category (serializedByDefault). */
  serialized?: boolean;
  stock: number;
  scratch_dent_stock: number;
  price_cents: number;
  sale_price_cents: number;
  scratch_dent_price_cents: number;
  /** Volume prices (docs/decisions/018-volume-prices.md); none when absent. */
  price_breaks?: PriceBreak[];
  /** Share link https://drive.google.com/file/d/{id}/view; the id names a generated image. */
  main_image: string;
  /** More share links for the product page gallery. */
  images: string[];
  is_featured: boolean;
  popularity: number;
  /** ISO date the item was listed; the newest make the NEW PRODUCTS slider. */
  listed_at: string;
}
