/** What the approvals module needs from the composition root (app.ts): an approved request is placed as an order. */
import type { OrderNeeds } from '../orders';

export type ApprovalNeeds = OrderNeeds;
