/**
 * /acer/admin/accounting (owners): the period's import files of Zoho Books and QuickBooks Online (invoices,
 * credit notes, payments, customers), the tax code each system knows each tax component by, and the ids the
 * accounting system gave our records (set by its sync through a token with the `accounting` scope).
 */
import {
  ACCOUNTING_FILES,
  ACCOUNTING_SYSTEMS,
  AccountingExportQuery,
  type AccountingSystem,
  type TaxCodeRow,
  TaxCodesRequest,
} from '@shop/domain/accounting/accounting';
import { todayIn } from '@shop/domain/core/days';
import { TAX_COMPONENTS } from '@shop/domain/tax/rules';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { shopInfo } from '../../../lib/shop';
import { attempt, checked, failed, readBody, zodErrors } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Checkbox, Field, PageTitle, Result, Select, useAction, When } from '../ui';

const SYSTEM_NAMES: Record<AccountingSystem, string> = {
  zoho: 'Zoho Books',
  quickbooks: 'QuickBooks Online',
};
const FILE_NAMES: Record<(typeof ACCOUNTING_FILES)[number], string> = {
  invoices: 'Invoices',
  'credit-notes': 'Credit notes',
  payments: 'Payments',
  customers: 'Customers',
};
const KIND_NAMES: Record<string, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  customer: 'Customer',
};

async function loader({ request }: PageArgs) {
  const [codes, ids] = await Promise.all([
    api('GET /api/admin/accounting/tax-codes', { signal: request.signal }),
    api('GET /api/admin/accounting/ids', { signal: request.signal }),
  ]);
  return { codes: codes.codes, ids: ids.ids };
}
type Data = Awaited<ReturnType<typeof loader>>;

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  if (body.intent !== 'codes') return failed('Unknown action.');
  const codes = ACCOUNTING_SYSTEMS.flatMap((system) =>
    TAX_COMPONENTS.map((component) => ({
      system,
      component,
      code: body[`code_${system}_${component}`] ?? '',
    })),
  );
  const save = checked(TaxCodesRequest, { codes });
  if (save.refused) return save.refused;
  return attempt(request, () => api('PUT /api/admin/accounting/tax-codes', { body: save.input }), 'Saved.');
}

function ExportForm() {
  const today = todayIn(shopInfo().timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = AccountingExportQuery.safeParse({ system: 'zoho', file: 'invoices', from, to });
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found = zodErrors(parsed.error.issues);
    setErrors(found);
    document.getElementById(found.from ? 'export-from' : 'export-to')?.focus();
  };
  return (
    <section className="admin-section" aria-labelledby="export-heading">
      <h2 id="export-heading">Export files</h2>
      <form
        method="get"
        action="/api/admin/accounting/export"
        className="admin-filters"
        onSubmit={submit}
        noValidate
        aria-describedby="export-hint"
      >
        <Select
          id="export-system"
          name="system"
          label="Accounting system"
          options={ACCOUNTING_SYSTEMS.map((s) => ({ value: s, label: SYSTEM_NAMES[s] }))}
        />
        <Select
          id="export-file"
          name="file"
          label="File"
          options={ACCOUNTING_FILES.map((f) => ({ value: f, label: FILE_NAMES[f] }))}
        />
        <Field
          id="export-from"
          name="from"
          type="date"
          label="First day"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
        />
        <Field
          id="export-to"
          name="to"
          type="date"
          label="Last day"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
        />
        <Checkbox
          id="export-new-only"
          name="new_only"
          value="true"
          label="Only what the system has no id of"
        />
        <button type="submit" className="admin-btn">
          Download the CSV
        </button>
      </form>
      <p id="export-hint" className="admin-note">
        The system's import file for the period (the shop's days): invoices and credit notes a row per line
        with its tax code, payments received, and the customers invoiced or added.
      </p>
    </section>
  );
}

function TaxCodes({ codes }: { codes: TaxCodeRow[] }) {
  const { fetcher, busy, result } = useAction();
  const codeOf = (system: string, component: string) =>
    codes.find((c) => c.system === system && c.component === component)?.code ?? '';
  return (
    <section className="admin-card" aria-labelledby="codes-heading">
      <h2 id="codes-heading">Tax codes</h2>
      <p className="admin-note">
        The tax code each system knows a tax component by. A line taxed by two is written with both, e.g. "GST
        + PST" (a tax group of that name in Zoho Books); a component without a code is written as its name.
      </p>
      <Result result={result} />
      <fetcher.Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="intent" value="codes" />
        <table className="admin-table">
          <caption className="visually-hidden">Tax codes by component and system</caption>
          <thead>
            <tr>
              <th scope="col">Component</th>
              {ACCOUNTING_SYSTEMS.map((s) => (
                <th key={s} scope="col">
                  {SYSTEM_NAMES[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TAX_COMPONENTS.map((component) => (
              <tr key={component}>
                <th scope="row">{component}</th>
                {ACCOUNTING_SYSTEMS.map((system) => (
                  <td key={system}>
                    <Field
                      id={`code-${system}-${component}`}
                      name={`code_${system}_${component}`}
                      label={`${component} in ${SYSTEM_NAMES[system]}`}
                      defaultValue={codeOf(system, component)}
                      maxLength={60}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Save the tax codes
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function Accounting() {
  const { codes, ids } = usePageData<Data>();
  return (
    <>
      <PageTitle title="Accounting">Accounting</PageTitle>
      <ExportForm />
      <TaxCodes codes={codes} />
      <section className="admin-section" aria-labelledby="ids-heading">
        <h2 id="ids-heading">Ids in the accounting systems</h2>
        <p className="admin-note">
          Set by the accounting system's sync with a token of scope <code>accounting</code> (PUT
          /api/admin/accounting/ids); the latest 500.
        </p>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--rows">
            <caption className="visually-hidden">Ids in the accounting systems</caption>
            <thead>
              <tr>
                <th scope="col">System</th>
                <th scope="col">Record</th>
                <th scope="col">Ours</th>
                <th scope="col">Theirs</th>
                <th scope="col">Set</th>
              </tr>
            </thead>
            <tbody>
              {ids.length === 0 && (
                <tr>
                  <td colSpan={5}>None yet.</td>
                </tr>
              )}
              {ids.map((row) => (
                <tr key={`${row.system}-${row.kind}-${row.id}`}>
                  <td>{SYSTEM_NAMES[row.system]}</td>
                  <td>{KIND_NAMES[row.kind] ?? row.kind}</td>
                  <td>{row.id}</td>
                  <td>
                    <code>{row.external_id}</code>
                  </td>
                  <td>
                    <When at={row.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export const accountingPage: AdminPage = {
  path: '/accounting',
  owner: true,
  loader,
  action,
  Component: Accounting,
};
