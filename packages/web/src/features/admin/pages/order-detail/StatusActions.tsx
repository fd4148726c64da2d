/**
 * The order's status changes open to it: confirm, ship (carrier, tracking and each serialised unit's serial),
 * deliver, release a held order
 * (an owner's: it overrides the credit limit), cancel or decline with a reason.
 */
import type { AdminOrderDetail, OrderAction } from '@shop/domain/back-office/schemas';
import { CARRIERS } from '@shop/domain/orders/carriers';
import { useRef } from 'react';
import { useIsOwner } from '../../routing';
import { Field, Result, Select, TextArea, useAction, useFocusFirstError } from '../../ui';
import { statusWord } from '../../words';
import { SerialFields } from './SerialFields';

const ACTION_LABELS: Record<OrderAction, string> = {
  confirm: 'Confirm order',
  ship: 'Ship order',
  deliver: 'Mark as delivered',
  cancel: 'Cancel order',
  decline: 'Decline order',
  release: 'Release (credit approved)',
};

export function StatusActions({ order }: { order: AdminOrderDetail }) {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstError(ref, result);
  const can = (a: OrderAction) => order.actions.includes(a);
  // Releasing overrides the credit limit, which only owners set.
  const owner = useIsOwner();
  return (
    <section className="admin-section" aria-labelledby="actions-heading" ref={ref}>
      <h2 id="actions-heading">Actions</h2>
      <Result result={result} />
      {order.actions.length === 0 && (
        <p>No status change is open to this order: it is {statusWord(order.status).toLowerCase()}.</p>
      )}
      <div className="admin-cards">
        {can('release') && !owner && (
          <p className="admin-card">
            On hold for a credit review: with this order the company's open balance would pass its credit
            limit. An owner releases it; you may decline it (below), which puts the stock back.
          </p>
        )}
        {can('release') && owner && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="release" />
            <p>
              On hold for a credit review: with this order the company's open balance would pass its credit
              limit. Releasing it makes it Pending and mails the customer; declining it (below) puts the stock
              back.
            </p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.release}
            </button>
          </fetcher.Form>
        )}
        {can('confirm') && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="confirm" />
            <p>The customer is mailed that the order is confirmed.</p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.confirm}
            </button>
          </fetcher.Form>
        )}
        {can('ship') && (
          <fetcher.Form method="post" className="admin-card admin-form" noValidate>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="ship" />
            <Select
              id="ship-carrier"
              name="carrier"
              label="Carrier"
              defaultValue=""
              options={[{ value: '', label: 'Choose a carrier' }, ...CARRIERS]}
              error={errors.carrier}
              hint="The customer gets a link to the carrier's tracking page (none for Other)."
            />
            <Field
              id="ship-tracking"
              name="tracking_number"
              label="Tracking number"
              maxLength={100}
              error={errors.tracking_number}
              hint="Optional; shown to the customer and in the mail."
            />
            <SerialFields lines={order.lines} />
            {errors.serials && (
              <p className="admin-error" role="alert">
                {errors.serials}
              </p>
            )}
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.ship}
            </button>
          </fetcher.Form>
        )}
        {can('deliver') && (
          <fetcher.Form method="post" className="admin-card admin-form">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="action" value="deliver" />
            <p>The customer is mailed that the order was delivered.</p>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              {ACTION_LABELS.deliver}
            </button>
          </fetcher.Form>
        )}
        {(can('cancel') || can('decline')) && (
          <fetcher.Form method="post" className="admin-card admin-form" noValidate>
            <input type="hidden" name="intent" value="status" />
            <TextArea
              id="stop-reason"
              name="reason"
              label="Reason to cancel or decline"
              required
              rows={3}
              maxLength={1000}
              hint="Put in the customer's mail. The stock goes back."
              error={errors.reason}
            />
            <div className="admin-actions">
              {can('cancel') && (
                <button
                  type="submit"
                  name="action"
                  value="cancel"
                  className="admin-btn admin-btn--danger"
                  disabled={busy}
                >
                  {ACTION_LABELS.cancel}
                </button>
              )}
              {can('decline') && (
                <button
                  type="submit"
                  name="action"
                  value="decline"
                  className="admin-btn admin-btn--danger"
                  disabled={busy}
                >
                  {ACTION_LABELS.decline}
                </button>
              )}
            </div>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
