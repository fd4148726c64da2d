/** What punchout needs from the composition root (app.ts): what placing an order needs (sessions included). */
import type { OrderNeeds } from '../orders';

export type PunchoutNeeds = OrderNeeds;
