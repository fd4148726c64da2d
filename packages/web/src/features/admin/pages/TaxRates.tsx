/**
 * /acer/admin/tax-rates (owners): every sales tax rate by province and component with the day it starts,
 * the one charged today marked, and a form to add a rate from a day on. A rate in force is never changed:
 * a new one takes over from its day (one not started yet may be corrected), and orders keep the rates they
 * were placed with.
 */
import {
  type AdminTaxRate,
  type AdminTaxRateAddedAnswer,
  type AdminTaxRatesAnswer,
  taxRateCreateSchema,
  taxRateUpdateSchema,
} from '@shop/domain/admin-tax';
import { PROVINCES, TAX_COMPONENTS } from '@shop/domain/tax';
import { useRef } from 'react';
import { adminApi, attempt, failed, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Day, Field, formatDay, PageTitle, Result, Select, useAction, useFocusFirstError, When } from '../ui';

async function loader({ request }: PageArgs) {
  return adminApi<AdminTaxRatesAnswer>('/admin/tax-rates', { signal: request.signal });
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  if (body.intent === 'change') {
    const input = { rate: body.rate };
    const parsed = taxRateUpdateSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    return attempt(
      request,
      () =>
        adminApi<AdminTaxRateAddedAnswer>(
          `/admin/tax-rates/${encodeURIComponent(String(body.rate_id ?? ''))}`,
          { method: 'PUT', body: input },
        ),
      'The rate has been corrected.',
    );
  }
  if (body.intent !== 'add') return failed('Unknown action.');
  const input = {
    province: body.province,
    component: body.component,
    rate: body.rate,
    effective_from: body.effective_from,
  };
  const parsed = taxRateCreateSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  return attempt(
    request,
    () => adminApi<AdminTaxRateAddedAnswer>('/admin/tax-rates', { body: input }),
    'The rate has been added.',
  );
}

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function RateState({ state, from }: { state: AdminTaxRate['state']; from: string }) {
  if (state === 'in_force') return <span className="admin-status admin-status--delivered">In force</span>;
  if (state === 'scheduled')
    return (
      <span className="admin-status admin-status--pending">Not yet in force (from {formatDay(from)})</span>
    );
  return <span className="admin-status">Replaced</span>;
}

/** A rate not started yet: it may still be corrected. */
function CorrectScheduled({ rate }: { rate: AdminTaxRate }) {
  const { fetcher, busy, result, errors } = useAction();
  const what = `${rate.component} of ${rate.province} from ${formatDay(rate.effective_from)}`;
  return (
    <fetcher.Form method="post" className="admin-inline" noValidate aria-label={`Correct ${what}`}>
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="rate_id" value={rate.rate_id} />
      <Field
        id={`rate-${rate.rate_id}`}
        name="rate"
        label={<span className="visually-hidden">Rate (percent) of {what}</span>}
        inputMode="decimal"
        maxLength={7}
        defaultValue={String(rate.rate)}
        error={errors.rate}
      />
      <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
        Correct<span className="visually-hidden"> {what}</span>
      </button>
      <Result result={result} />
    </fetcher.Form>
  );
}

function AddRate({ today }: { today: AdminTaxRatesAnswer['today'] }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  // The earliest day any province is at now; the server judges each by its own day.
  const earliest = Object.values(today).sort()[0] ?? '';
  return (
    <section className="admin-card" aria-labelledby="add-rate-heading">
      <h2 id="add-rate-heading">Add a rate</h2>
      <p className="admin-note">
        The rate applies to orders placed from its start date, at midnight in its province; orders placed
        before keep the rates they were charged. A start date cannot be before today. A rate of 0 ends the
        component from that date.
      </p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
        <input type="hidden" name="intent" value="add" />
        <Select
          id="rate-province"
          name="province"
          label="Province or territory"
          required
          defaultValue="Nova Scotia"
          options={PROVINCES}
          error={errors.province}
        />
        <Select
          id="rate-component"
          name="component"
          label="Component"
          required
          defaultValue="HST"
          options={TAX_COMPONENTS}
          hint="GST or HST (federal), PST, RST or QST (provincial)."
          error={errors.component}
        />
        <Field
          id="rate-rate"
          name="rate"
          label="Rate (percent)"
          inputMode="decimal"
          required
          maxLength={7}
          hint="Up to 3 decimals, such as 14 or 9.975."
          error={errors.rate}
        />
        <Field
          id="rate-from"
          name="effective_from"
          type="date"
          label="Start date"
          required
          min={earliest}
          defaultValue={earliest ? nextDay(earliest) : ''}
          error={errors.effective_from}
        />
        <div className="admin-actions admin-grid__full">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Add rate
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function TaxRates() {
  const { rates, today } = usePageData<AdminTaxRatesAnswer>();
  return (
    <>
      <PageTitle title="Tax rates">Tax rates</PageTitle>
      <p>
        Sales tax by province, as components (GST, HST, PST, RST, QST), each with the date it starts. The rate
        charged today in each province is marked <strong>In force</strong>.
      </p>
      <AddRate today={today} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--compact">
          <caption className="visually-hidden">Tax rates by province and component</caption>
          <thead>
            <tr>
              <th scope="col">Province</th>
              <th scope="col">Component</th>
              <th scope="col" className="admin-num">
                Rate
              </th>
              <th scope="col">From</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((r, i) => (
              <tr key={r.rate_id} data-rate={`${r.province}|${r.component}|${r.effective_from}`}>
                {i === 0 || rates[i - 1]!.province !== r.province ? (
                  <th scope="row">{r.province}</th>
                ) : (
                  <td>
                    <span className="visually-hidden">{r.province}</span>
                  </td>
                )}
                <td>{r.component}</td>
                <td className="admin-num">{r.rate} %</td>
                <td>
                  <Day day={r.effective_from} />
                </td>
                <td>
                  <RateState state={r.state} from={r.effective_from} />
                  {r.state === 'scheduled' && <CorrectScheduled rate={r} />}
                </td>
                <td>
                  {r.created_by === 'seed' ? (
                    'Shop’s starting rates'
                  ) : (
                    <>
                      {r.created_by}, <When at={r.created_at} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const taxRatesPage: AdminPage = {
  path: '/tax-rates',
  owner: true,
  loader,
  action,
  Component: TaxRates,
};
