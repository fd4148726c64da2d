/** What the quotes module needs from the composition root (app.ts): what placing an order needs. */
import type { OrderNeeds } from '../orders';

export type QuoteNeeds = OrderNeeds;
