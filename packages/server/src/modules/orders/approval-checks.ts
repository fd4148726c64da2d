import type { Queryable } from '../../db/client';
import type { CheckoutHold } from './service';

/**
 * What the checkout asks the purchase approvals. The approvals module places its approved requests through
 * this module, so it is given to this one by the composition root (app.ts) rather than imported.
 */
export interface ApprovalChecks {
  /** Keeps an order over the buyer's limit from being placed: a request for approval instead. */
  hold: CheckoutHold;
  /** The order limit that holds this person's orders now (null: none, or an administrator). */
  buyerLimitCents: (db: Queryable, contactPersonId: string) => Promise<number | null>;
}
