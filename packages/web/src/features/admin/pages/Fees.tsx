/** /acer/admin/fees: Recycling fees. */
import type { AdminPage } from '../routing';
import { PageTitle } from '../ui';

function Fees() {
  return <PageTitle title="Recycling fees">Recycling fees</PageTitle>;
}

export const feesPage: AdminPage = { path: '/fees', owner: true, Component: Fees };
