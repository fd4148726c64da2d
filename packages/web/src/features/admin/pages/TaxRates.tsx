/** /acer/admin/tax-rates: Tax rates. */
import type { AdminPage } from '../routing';
import { PageTitle } from '../ui';

function TaxRates() {
  return <PageTitle title="Tax rates">Tax rates</PageTitle>;
}

export const taxRatesPage: AdminPage = { path: '/tax-rates', owner: true, Component: TaxRates };
