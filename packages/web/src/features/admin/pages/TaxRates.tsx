/**
 * /acer/admin/tax-rates (owners): every sales tax rate by province and component with the day it starts,
 * the one charged today marked, and a form to add a rate from a day on. A rate in force is never changed:
 * a new one takes over from its day (one not started yet may be corrected), and orders keep the rates they
 * were placed with.
 */
import { type AdminTaxRatesAnswer, taxRateCreateSchema, taxRateUpdateSchema } from '@shop/domain/tax/admin';
import { TAX_COMPONENTS } from '@shop/domain/tax/rules';
import { api } from '../../../lib/api';
import { AddFromDay, DatedTable, datedRowsPage } from '../dated-rows';
import { usePageData } from '../routing';
import { Field, formatDay, PageTitle, Select } from '../ui';

function AddRate({ today }: { today: AdminTaxRatesAnswer['today'] }) {
  return (
    <AddFromDay
      id="rate"
      title="Add a rate"
      note="The rate applies to orders placed from its start date, at midnight in its province; orders placed before keep the rates they were charged. A start date cannot be before today. A rate of 0 ends the component from that date."
      today={today}
      province="Nova Scotia"
      submit="Add rate"
      fields={(errors) => (
        <>
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
        </>
      )}
    />
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
      <DatedTable
        caption="Tax rates by province and component"
        columns={
          <>
            <th scope="col">Province</th>
            <th scope="col">Component</th>
            <th scope="col" className="admin-num">
              Rate
            </th>
          </>
        }
        rows={rates}
        row={(r) => ({ key: r.rate_id, 'data-rate': `${r.province}|${r.component}|${r.effective_from}` })}
        cells={(r, i) => (
          <>
            {i === 0 || rates[i - 1]!.province !== r.province ? (
              <th scope="row">{r.province}</th>
            ) : (
              <td>
                <span className="visually-hidden">{r.province}</span>
              </td>
            )}
            <td>{r.component}</td>
            <td className="admin-num">{r.rate} %</td>
          </>
        )}
        change={{
          verb: 'Correct',
          describe: (r) => `${r.component} of ${r.province} from ${formatDay(r.effective_from)}`,
          fields: (r, what, errors) => (
            <Field
              id={`rate-${r.rate_id}`}
              name="rate"
              label={<span className="visually-hidden">Rate (percent) of {what}</span>}
              inputMode="decimal"
              maxLength={7}
              defaultValue={String(r.rate)}
              error={errors.rate}
            />
          ),
        }}
        seeded="Shop’s starting rates"
      />
    </>
  );
}

export const taxRatesPage = datedRowsPage({
  page: '/tax-rates',
  load: (signal) => api('GET /api/admin/tax-rates', { signal }),
  add: {
    fields: ['province', 'component', 'rate', 'effective_from'],
    schema: taxRateCreateSchema,
    send: (body) => api('POST /api/admin/tax-rates', { body }),
    done: 'The rate has been added.',
  },
  change: {
    fields: ['rate'],
    schema: taxRateUpdateSchema,
    send: (body, rateId) => api('PUT /api/admin/tax-rates/:rateId', { params: { rateId }, body }),
    done: 'The rate has been corrected.',
  },
  Component: TaxRates,
});
