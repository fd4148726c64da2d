/** What the company API needs from the composition root (app.ts): what placing an order needs. */
import type { OrderNeeds } from '../orders';

export type CompanyApiNeeds = OrderNeeds;
