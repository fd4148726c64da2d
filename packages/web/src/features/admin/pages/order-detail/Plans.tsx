/**
 * The order's extended plans (Acer Care Plus lines): the units each covers, and a form to register the plan to
 * a unit of the same company by its serial (typed or scanned). The server checks the unit's company, the plan's
 * kind, the 30 days between the unit's order and the plan's, and the plan's quantity.
 */
import type { PlanLine } from '@shop/domain/after-sale/device-schemas';
import { Link } from 'react-router';
import { ADMIN_BASE } from '../../api';
import { Day, Field, Result, useAction } from '../../ui';

function PlanForm({ plan }: { plan: PlanLine }) {
  const { fetcher, busy, result, errors } = useAction((done) => {
    const form = document.getElementById(`plan-serial-${plan.line_id}`) as HTMLInputElement | null;
    if (form && done.ok) form.value = '';
  });
  const id = `plan-serial-${plan.line_id}`;
  return (
    <>
      <Result result={result} id={`plan-result-${plan.line_id}`} />
      <fetcher.Form method="post" className="admin-card admin-form" noValidate>
        <input type="hidden" name="intent" value="plan" />
        <input type="hidden" name="line_id" value={plan.line_id} />
        <Field
          id={id}
          name="serial"
          label={`Serial of a unit to cover with ${plan.sku}`}
          hint="The unit must be this company's, of the plan's kind, ordered at most 30 days before this order."
          autoComplete="off"
          maxLength={40}
          required
          error={errors.serial}
        />
        <button type="submit" className="admin-btn" disabled={busy}>
          Register the plan
        </button>
      </fetcher.Form>
    </>
  );
}

export function Plans({ plans }: { plans: PlanLine[] }) {
  if (plans.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Extended plans</h2>
      {plans.map((plan) => (
        <div key={plan.line_id}>
          <h3>
            {plan.item_name} ({plan.sku}): {plan.units.length} of {plan.quantity} registered
          </h3>
          <p>
            {plan.years === null ? 'Term not stated in the name or details' : `${plan.years}-year term`},{' '}
            {plan.kind ? `${plan.kind} plan` : 'no kind (sub-category)'}
          </p>
          {plan.units.length > 0 && (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Units covered by {plan.item_name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Serial</th>
                    <th scope="col">Item</th>
                    <th scope="col">Warranty ends</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.units.map((u) => (
                    <tr key={u.unit_id}>
                      <td>
                        <Link to={`${ADMIN_BASE}/serials/${encodeURIComponent(u.serial)}`}>{u.serial}</Link>
                      </td>
                      <td>{u.item_name}</td>
                      <td>
                        <Day day={u.warranty_ends_on} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {plan.units.length < plan.quantity && <PlanForm plan={plan} />}
        </div>
      ))}
    </section>
  );
}
