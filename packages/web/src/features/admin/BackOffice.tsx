/**
 * /acer/admin/*: the back office, one lazy bundle the shop's pages never load. The shop's router gives
 * this module the whole path below /acer/admin; the loader and action here pick the page (routing.ts).
 */
import { ADMIN_MSG } from '@shop/domain/back-office/schemas';
import {
  type ActionFunctionArgs,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  matchRoutes,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from 'react-router';
import { ApiError, api } from '../../lib/api';
import { AdminLayout } from './AdminLayout';
import { ADMIN_BASE, failed, signInRedirect } from './api';
import { accountingPage } from './pages/Accounting';
import { apiTokensPage } from './pages/ApiTokens';
import { applicationsPage } from './pages/Applications';
import { auditPage } from './pages/Audit';
import { customerNewPage } from './pages/CustomerNew';
import { customersPage } from './pages/Customers';
import { customerPage } from './pages/customer-detail/CustomerDetail';
import { feesPage } from './pages/Fees';
import { importPage } from './pages/Import';
import { messagesPage } from './pages/Messages';
import { ordersPage } from './pages/Orders';
import { orderPage } from './pages/order-detail/OrderDetail';
import { passwordPage } from './pages/Password';
import { productsPage } from './pages/Products';
import { productEditPage, productNewPage } from './pages/product-edit/ProductEdit';
import { quotePage, quotesPage } from './pages/Quotes';
import { receivablesPage } from './pages/Receivables';
import { returnPage, returnsPage, returnsReportPage } from './pages/Returns';
import { serialPage, serialsPage } from './pages/Serials';
import { setPasswordPage } from './pages/SetPassword';
import { signInPage, signOutPage } from './pages/SignIn';
import { staffPage } from './pages/Staff';
import { taxRatesPage } from './pages/TaxRates';
import { warrantyClaimPage, warrantyClaimsPage } from './pages/WarrantyClaims';
import { type AdminData, type AdminPage, takeFlash, useAdminData } from './routing';
import './admin.css';
import { webhookDeliveriesPage, webhooksPage } from './pages/Webhooks';

const homePage: AdminPage = {
  path: '/',
  loader: async () => {
    throw redirect(`${ADMIN_BASE}/orders`);
  },
  Component: () => null,
};

const PAGES: AdminPage[] = [
  homePage,
  signInPage,
  signOutPage,
  setPasswordPage,
  ordersPage,
  orderPage,
  quotesPage,
  quotePage,
  returnsPage,
  returnsReportPage,
  returnPage,
  warrantyClaimsPage,
  warrantyClaimPage,
  serialsPage,
  serialPage,
  customersPage,
  customerNewPage,
  customerPage,
  applicationsPage,
  productsPage,
  productNewPage,
  productEditPage,
  importPage,
  messagesPage,
  receivablesPage,
  taxRatesPage,
  feesPage,
  staffPage,
  apiTokensPage,
  accountingPage,
  webhooksPage,
  webhookDeliveriesPage,
  auditPage,
  passwordPage,
];
const BY_PATH = new Map(PAGES.map((p) => [p.path, p]));
const TABLE = PAGES.map((p) => ({ path: p.path, id: p.path }));

function find(splat: string | undefined) {
  const match = matchRoutes(TABLE, `/${splat ?? ''}`)?.[0];
  const page = match ? BY_PATH.get(match.route.path) : undefined;
  return page && match ? { page, params: match.params } : null;
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<AdminData> {
  const found = find(params['*']);
  // An unknown address in the back office opens its first page (the shop does the same with /acer).
  if (!found) throw redirect(`${ADMIN_BASE}/orders`);
  const { page } = found;
  const args = { request, params: found.params };
  const base = { page: page.path, params: found.params, data: null, error: null, flash: '' };
  if (page.public)
    return { ...base, me: null, data: page.loader ? await page.loader(args) : null, flash: takeFlash() };

  // Who is signed in (with the navigation's counts) and the page's own data, fetched side by side.
  const [me, data] = await Promise.allSettled([
    api('GET /api/admin/me', { signal: request.signal }),
    page.loader ? page.loader(args) : Promise.resolve(null),
  ]);
  if (me.status === 'rejected') {
    if (me.reason instanceof ApiError && me.reason.status === 401) throw signInRedirect(request);
    throw me.reason;
  }
  const flash = takeFlash();
  if (page.owner && me.value.staff.role !== 'owner')
    return { ...base, me: me.value, flash, error: { status: 403, message: ADMIN_MSG.ownerOnly } };
  if (data.status === 'rejected') {
    const error = data.reason;
    if (error instanceof Response) throw error;
    if (error instanceof ApiError) {
      if (error.status === 401) throw signInRedirect(request);
      return { ...base, me: me.value, flash, error: { status: error.status, message: error.message } };
    }
    throw error;
  }
  return { ...base, me: me.value, flash, data: data.value };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const found = find(params['*']);
  if (!found?.page.action) return failed('There is nothing to send on this page.');
  return found.page.action({ request, params: found.params });
}

/** A form the server refused changed nothing: the page keeps its data and shows the message. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && (actionResult as { ok?: unknown }).ok === false)
    return false;
  return defaultShouldRevalidate;
}

export function Component() {
  const { me, page, error, flash } = useAdminData();
  const Page = BY_PATH.get(page)?.Component;
  return (
    <AdminLayout me={me} flash={flash}>
      {error ? (
        <div className="admin-error">
          <h1 tabIndex={-1} className="admin-title">
            {error.status === 404
              ? 'Not found'
              : error.status === 403
                ? 'Not allowed'
                : 'Something went wrong'}
          </h1>
          <p role="alert">{error.message}</p>
        </div>
      ) : (
        Page && <Page />
      )}
    </AdminLayout>
  );
}

/** Shown while the first page of a visit loads. */
export function HydrateFallback() {
  return (
    <p className="admin-loading" role="status">
      Loading the back office…
    </p>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof ApiError
      ? error.message
      : 'The back office could not show this page. Reload the page to try again.';
  return (
    <main className="admin-main admin-main--crash" id="admin-main">
      <h1>Unexpected Application Error!</h1>
      <p role="alert">{message}</p>
      <p>
        <a href={`${ADMIN_BASE}/orders`}>Back to the back office</a>
      </p>
    </main>
  );
}
