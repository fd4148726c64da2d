/**
 * /acer/admin/fees (owners): the recycling (environmental handling) fee table, per unit by province and
 * fee category, each row from a day on. The shop's starting values are demo values, marked as such. A
 * change is a new row from its day; a row that has not started yet may be corrected.
 */
import {
  type AdminFee,
  type AdminFeeSavedAnswer,
  type AdminFeesAnswer,
  feeCreateSchema,
  feeUpdateSchema,
} from '@shop/domain/admin-tax';
import { FEE_CATEGORIES, FEE_CATEGORY_NAMES } from '@shop/domain/fees';
import { PROVINCES } from '@shop/domain/tax';
import { useRef } from 'react';
import { Form, useSearchParams } from 'react-router';
import { adminApi, attempt, failed, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import {
  Checkbox,
  Day,
  Field,
  formatDay,
  Money,
  PageTitle,
  Result,
  Select,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { RateState } from './TaxRates';

async function loader({ request }: PageArgs) {
  return adminApi<AdminFeesAnswer>('/admin/fees', { signal: request.signal });
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  // An unticked box is not sent: false.
  const provincialTax = body.provincial_tax === 'true' ? 'true' : 'false';
  switch (body.intent) {
    case 'add': {
      const input = {
        province: body.province,
        category: body.category,
        amount: body.amount,
        effective_from: body.effective_from,
        provincial_tax: provincialTax,
      };
      const parsed = feeCreateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () => adminApi<AdminFeeSavedAnswer>('/admin/fees', { body: input }),
        'The fee has been added.',
      );
    }
    case 'change': {
      const input = { amount: body.amount, provincial_tax: provincialTax };
      const parsed = feeUpdateSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error.issues);
      return attempt(
        request,
        () =>
          adminApi<AdminFeeSavedAnswer>(`/admin/fees/${encodeURIComponent(String(body.fee_id ?? ''))}`, {
            method: 'PUT',
            body: input,
          }),
        'The fee has been changed.',
      );
    }
    default:
      return failed('Unknown action.');
  }
}

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function AddFee({ today, province }: { today: AdminFeesAnswer['today']; province: string }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  const earliest = Object.values(today).sort()[0] ?? '';
  return (
    <section className="admin-card" aria-labelledby="add-fee-heading">
      <h2 id="add-fee-heading">Add or change a fee from a date</h2>
      <p className="admin-note">
        The fee applies to orders placed from its start date (midnight in the province), as lines of their
        invoices. Fees already in force are never rewritten: a change is a new fee from its date.
      </p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
        <input type="hidden" name="intent" value="add" />
        <Select
          id="fee-province"
          name="province"
          label="Province or territory"
          required
          defaultValue={province || 'Ontario'}
          options={PROVINCES}
          error={errors.province}
        />
        <Select
          id="fee-category"
          name="category"
          label="Category"
          required
          options={FEE_CATEGORIES.map((c) => ({ value: c, label: FEE_CATEGORY_NAMES[c].en }))}
          error={errors.category}
        />
        <Field
          id="fee-amount"
          name="amount"
          label="Fee per unit (dollars)"
          inputMode="decimal"
          required
          maxLength={10}
          error={errors.amount}
        />
        <Field
          id="fee-from"
          name="effective_from"
          type="date"
          label="Start date"
          required
          min={earliest}
          defaultValue={earliest ? nextDay(earliest) : ''}
          error={errors.effective_from}
        />
        <Checkbox
          id="fee-provincial"
          name="provincial_tax"
          value="true"
          defaultChecked
          label="The province's own sales tax (PST, RST, QST) applies to it; GST or HST always does"
        />
        <div className="admin-actions admin-grid__full">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Add fee
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** A row not started yet: its amount and provincial tax may still be corrected. */
function ChangeScheduled({ fee }: { fee: AdminFee }) {
  const { fetcher, busy, result, errors } = useAction();
  const what = `${fee.category_name} in ${fee.province} from ${formatDay(fee.effective_from)}`;
  return (
    <fetcher.Form method="post" className="admin-inline" noValidate aria-label={`Change ${what}`}>
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="fee_id" value={fee.fee_id} />
      <Field
        id={`fee-${fee.fee_id}-amount`}
        name="amount"
        label={<span className="visually-hidden">Fee per unit of {what}</span>}
        inputMode="decimal"
        maxLength={10}
        defaultValue={fee.amount.toFixed(2)}
        error={errors.amount}
      />
      <Checkbox
        id={`fee-${fee.fee_id}-provincial`}
        name="provincial_tax"
        value="true"
        defaultChecked={fee.provincial_tax}
        label="Provincial tax"
      />
      <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
        Change<span className="visually-hidden"> {what}</span>
      </button>
      <Result result={result} />
    </fetcher.Form>
  );
}

function Fees() {
  const { fees, today } = usePageData<AdminFeesAnswer>();
  const [params] = useSearchParams();
  const province = params.get('province') ?? '';
  const shown = province ? fees.filter((f) => f.province === province) : fees;
  const demo = fees.filter((f) => f.demo && f.state === 'in_force').length;
  return (
    <>
      <PageTitle title="Recycling fees">Recycling fees</PageTitle>
      <p>
        Environmental handling fees per unit, by province and category of product. They are added to invoices
        from the fee in force on the day the order was placed.
      </p>
      {demo > 0 && (
        <p className="banner banner--error" role="note">
          {demo} fees in force are <strong>demo values</strong>, not any program's real fees. Replace them
          with the fees of each province's program before invoicing customers.
        </p>
      )}
      <AddFee today={today} province={province} />
      <Form method="get" className="admin-filters" aria-label="Show the fees of a province">
        <Select
          id="fees-filter"
          name="province"
          label="Province or territory"
          defaultValue={province}
          options={[{ value: '', label: 'All' }, ...PROVINCES]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--compact">
          <caption className="visually-hidden">Recycling fees by province and category</caption>
          <thead>
            <tr>
              <th scope="col">Province</th>
              <th scope="col">Category</th>
              <th scope="col" className="admin-num">
                Per unit
              </th>
              <th scope="col">From</th>
              <th scope="col">Provincial tax</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={7}>No fees for {province}: its invoices carry none.</td>
              </tr>
            )}
            {shown.map((f) => (
              <tr key={f.fee_id} data-fee={`${f.province}|${f.category}|${f.effective_from}`}>
                <td>{f.province}</td>
                <td>{f.category_name}</td>
                <td className="admin-num">
                  <Money amount={f.amount} />{' '}
                  {f.demo && <span className="admin-status admin-status--pending">Demo value</span>}
                </td>
                <td>
                  <Day day={f.effective_from} />
                </td>
                <td>{f.provincial_tax ? 'Yes' : 'No (GST or HST only)'}</td>
                <td>
                  <RateState state={f.state} from={f.effective_from} />
                  {f.state === 'scheduled' && <ChangeScheduled fee={f} />}
                </td>
                <td>
                  {f.created_by === 'seed' ? (
                    'Shop’s starting values'
                  ) : (
                    <>
                      {f.created_by}, <When at={f.created_at} />
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

export const feesPage: AdminPage = { path: '/fees', owner: true, loader, action, Component: Fees };
