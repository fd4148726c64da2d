/** The webhook events a product's change writes (webhooks' recordWebhookEvents, in the change's transaction). */

const PRICE_FIELDS = new Set(['price_cents', 'sale_price_cents', 'scratch_dent_price_cents', 'price_breaks']);
const STOCK_FIELDS = new Set(['stock', 'scratch_dent_stock']);

/** The webhook events of a product's change (its fields by their API names): its prices, its stock, or both. */
export function productEvents(itemId: string, fields: readonly string[]) {
  const changed = [
    ...(fields.some((f) => PRICE_FIELDS.has(f)) ? (['price'] as const) : []),
    ...(fields.some((f) => STOCK_FIELDS.has(f)) ? (['stock'] as const) : []),
  ];
  const data = { item_id: itemId, changed };
  const subject = `product:${itemId}`;
  return [
    ...(changed.includes('price') ? [{ type: 'product.price_changed' as const, subject, data }] : []),
    ...(changed.includes('stock') ? [{ type: 'product.stock_changed' as const, subject, data }] : []),
  ];
}
