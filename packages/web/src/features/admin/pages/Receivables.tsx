/** /acer/admin/receivables: Receivables. */
import type { AdminPage } from '../routing';
import { PageTitle } from '../ui';

function Receivables() {
  return <PageTitle title="Receivables">Receivables</PageTitle>;
}

export const receivablesPage: AdminPage = { path: '/receivables', Component: Receivables };
