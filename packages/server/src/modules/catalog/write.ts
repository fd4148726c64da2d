/** Writing products: the seed and the seller's import both come through here. */

import { serializedByDefault } from '@shop/domain/catalog/product';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productImages, products } from '../../db/schema';
import type { ProductInput } from '../../seed/types';

const CHUNK = 500;

function toColumns(p: ProductInput) {
  return {
    itemId: p.item_id,
    zohoId: p.item_id,
    itemName: p.item_name,
    sku: p.sku,
    model: p.model ?? '',
    category: p.category,
    subCategory: p.sub_category,
    description: p.description,
    details: p.details,
    descriptionFr: p.description_fr,
    detailsFr: p.details_fr,
    productCategory: p.product_category,
    productSeries: p.product_series,
    processorType: p.processor_type,
    processorSpeed: p.processor_speed,
    standardMemory: p.standard_memory,
    screenSize: p.screen_size,
    screenResolution: p.screen_resolution,
    graphicsCard: p.graphics_card,
    solidStateDrive: p.solid_state_drive,
    touchscreen: p.touchscreen,
    operatingSystem: p.operating_system,
    color: p.color,
    refreshRate: p.refresh_rate,
    isActive: p.is_active,
    itemCondition: p.item_condition,
    isSale: p.is_sale,
    isBrandNew: p.item_condition === 'BrandNew',
    isRecertified: p.item_condition === 'Recertified',
    isScratchDent: p.is_scratch_dent,
    serialized: p.serialized ?? serializedByDefault(p.category),
    stock: p.stock,
    scratchDentStock: p.scratch_dent_stock,
    priceCents: p.price_cents,
    salePriceCents: p.sale_price_cents,
    scratchDentPriceCents: p.scratch_dent_price_cents,
    priceBreaks: p.price_breaks ?? [],
    mainImage: p.main_image,
    isFeatured: p.is_featured,
    popularity: p.popularity,
    listedAt: new Date(p.listed_at),
  };
}

const UPDATABLE = Object.keys(toColumns({} as never)).filter(
  (k) => k !== 'itemId' && k !== 'zohoId' && k !== 'sku',
);

/** Creates or updates products by sku, replacing their images. Call inside a transaction. */
export async function upsertProducts(tx: Queryable, inputs: readonly ProductInput[]): Promise<void> {
  for (let i = 0; i < inputs.length; i += CHUNK) {
    const chunk = inputs.slice(i, i + CHUNK);
    const set: Record<string, unknown> = {};
    for (const key of UPDATABLE) {
      const column = products[key as keyof typeof products.$inferInsert] as unknown as { name: string };
      set[key] = sql.raw(`excluded."${column.name}"`);
    }
    const saved = await tx
      .insert(products)
      .values(chunk.map(toColumns))
      .onConflictDoUpdate({ target: products.sku, set })
      .returning({ itemId: products.itemId, sku: products.sku });
    const idBySku = new Map(saved.map((s) => [s.sku, s.itemId]));
    const ids = saved.map((s) => s.itemId);
    await tx.delete(productImages).where(inArray(productImages.itemId, ids));
    const images = chunk.flatMap((p) =>
      (p.images.length > 0 ? p.images : p.main_image ? [p.main_image] : []).map((link, position) => ({
        itemId: idBySku.get(p.sku)!,
        imageLink: link,
        position,
      })),
    );
    for (let j = 0; j < images.length; j += CHUNK)
      await tx.insert(productImages).values(images.slice(j, j + CHUNK));
  }
}
