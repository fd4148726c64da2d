/**
 * /acer/admin/fees (owners): the recycling (environmental handling) fee table, per unit by province and
 * fee category, each row from a day on. The shop's starting values are demo values, marked as such. A
 * change is a new row from its day; a row that has not started yet may be corrected.
 */
import { type AdminFeesAnswer, feeCreateSchema, feeUpdateSchema } from '@shop/domain/tax/admin';
import { FEE_CATEGORIES, FEE_CATEGORY_NAMES } from '@shop/domain/tax/fees';
import { PROVINCES } from '@shop/domain/tax/rules';
import { Form, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { AddFromDay, DatedTable, datedRowsPage } from '../dated-rows';
import { usePageData } from '../routing';
import { Checkbox, Field, formatDay, Money, PageTitle, Select } from '../ui';

function AddFee({ today, province }: { today: AdminFeesAnswer['today']; province: string }) {
  return (
    <AddFromDay
      id="fee"
      title="Add or change a fee from a date"
      note="The fee applies to orders placed from its start date (midnight in the province), as lines of their invoices. Fees already in force are never rewritten: a change is a new fee from its date."
      today={today}
      province={province || 'Ontario'}
      submit="Add fee"
      fields={(errors) => (
        <>
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
        </>
      )}
      after={() => (
        <Checkbox
          id="fee-provincial"
          name="provincial_tax"
          value="true"
          defaultChecked
          label="The province's own sales tax (PST, RST, QST) applies to it; GST or HST always does"
        />
      )}
    />
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
      <DatedTable
        caption="Recycling fees by province and category"
        columns={
          <>
            <th scope="col">Province</th>
            <th scope="col">Category</th>
            <th scope="col" className="admin-num">
              Per unit
            </th>
            <th scope="col">Provincial tax</th>
          </>
        }
        rows={shown}
        row={(f) => ({ key: f.fee_id, 'data-fee': `${f.province}|${f.category}|${f.effective_from}` })}
        cells={(f) => (
          <>
            <td>{f.province}</td>
            <td>{f.category_name}</td>
            <td className="admin-num">
              <Money amount={f.amount} />{' '}
              {f.demo && <span className="admin-status admin-status--pending">Demo value</span>}
            </td>
            <td>{f.provincial_tax ? 'Yes' : 'No (GST or HST only)'}</td>
          </>
        )}
        change={{
          verb: 'Change',
          describe: (f) => `${f.category_name} in ${f.province} from ${formatDay(f.effective_from)}`,
          fields: (f, what, errors) => (
            <>
              <Field
                id={`fee-${f.fee_id}-amount`}
                name="amount"
                label={<span className="visually-hidden">Fee per unit of {what}</span>}
                inputMode="decimal"
                maxLength={10}
                defaultValue={f.amount.toFixed(2)}
                error={errors.amount}
              />
              <Checkbox
                id={`fee-${f.fee_id}-provincial`}
                name="provincial_tax"
                value="true"
                defaultChecked={f.provincial_tax}
                label="Provincial tax"
              />
            </>
          ),
        }}
        seeded="Shop’s starting values"
        empty={
          <tr>
            <td colSpan={7}>No fees for {province}: its invoices carry none.</td>
          </tr>
        }
      />
    </>
  );
}

export const feesPage = datedRowsPage({
  page: '/fees',
  load: (signal) => api('GET /api/admin/fees', { signal }),
  add: {
    fields: ['province', 'category', 'amount', 'effective_from'],
    ticks: ['provincial_tax'],
    schema: feeCreateSchema,
    send: (body) => api('POST /api/admin/fees', { body }),
    done: 'The fee has been added.',
  },
  change: {
    fields: ['amount'],
    ticks: ['provincial_tax'],
    schema: feeUpdateSchema,
    send: (body, feeId) => api('PUT /api/admin/fees/:feeId', { params: { feeId }, body }),
    done: 'The fee has been changed.',
  },
  Component: Fees,
});
