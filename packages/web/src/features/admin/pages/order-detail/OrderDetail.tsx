/**
 * /acer/admin/orders/{id}: one order with its lines, addresses, totals by tax component, customer, history
 * and audit, and the seller's actions: confirm, ship (carrier and tracking), deliver, release a held order
 * (credit approved), cancel or decline (with a reason), invoice (its environmental handling fee lines
 * filled from the fee table, each editable) and a corrected invoice.
 */

import { type PlanLine, registerPlanSchema } from '@shop/domain/after-sale/device-schemas';
import {
  type AdminInvoiceDraft,
  type AdminOrderDetail,
  invoiceSchema,
  orderActionSchema,
} from '@shop/domain/back-office/schemas';
import { trackingUrl } from '@shop/domain/orders/carriers';
import { Link } from 'react-router';
import { api } from '../../../../lib/api';
import { ADMIN_BASE, attempt, checked, failed, readBody } from '../../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../../routing';
import { AuditTrail, PageTitle, When } from '../../ui';
import { statusWord } from '../../words';
import { StatusTag } from '../Orders';
import { Addresses } from './Addresses';
import { CreditNotes } from './CreditNotes';
import { History } from './History';
import { Invoices } from './Invoices';
import { Lines } from './Lines';
import { Plans } from './Plans';
import { serialsOf } from './SerialFields';
import { StatusActions } from './StatusActions';

interface OrderData {
  order: AdminOrderDetail;
  /** The invoice's fee lines from the fee table (null when they could not be read). */
  draft: AdminInvoiceDraft | null;
  /** Its extended plans (Acer Care Plus lines) with the units registered to each. */
  plans: PlanLine[];
}

async function loader({ request, params }: PageArgs): Promise<OrderData> {
  const orderId = { orderId: params.orderId ?? '' };
  const [{ order }, draft, plans] = await Promise.all([
    api('GET /api/admin/orders/:orderId', { params: orderId, signal: request.signal }),
    api('GET /api/admin/orders/:orderId/invoice-draft', { params: orderId, signal: request.signal })
      .then((answer) => answer.draft)
      .catch(() => null),
    api('GET /api/admin/orders/:orderId/plans', { params: orderId, signal: request.signal })
      .then((answer) => answer.plans)
      .catch(() => []),
  ]);
  return { order, draft, plans };
}

async function action({ request, params }: PageArgs) {
  const body = await readBody(request);
  const order = { orderId: params.orderId ?? '' };
  if (body.intent === 'status') {
    const change = checked(orderActionSchema, {
      action: body.action,
      carrier: body.carrier ?? '',
      tracking_number: body.tracking_number ?? '',
      reason: body.reason ?? '',
      ...(body.action === 'ship' ? { serials: serialsOf(body) } : {}),
    });
    if (change.refused) return change.refused;
    return attempt(
      request,
      () => api('POST /api/admin/orders/:orderId/status', { params: order, body: change.input }),
      'Done.',
    );
  }
  if (body.intent === 'invoice' || body.intent === 'correct') {
    const invoice = checked(invoiceSchema, {
      shipping: body.shipping,
      lines: body.lines,
      fees: body.fees,
      note: body.note,
    });
    if (invoice.refused) return invoice.refused;
    const send = { params: order, body: invoice.input };
    const result = await attempt(
      request,
      () =>
        body.intent === 'correct'
          ? api('POST /api/admin/orders/:orderId/invoice/correct', send)
          : api('POST /api/admin/orders/:orderId/invoice', send),
      'The invoice has been made.',
    );
    // The form is replaced by the new invoice: its message is shown at the top of the page.
    if (result.ok) setFlash(result.message);
    return result;
  }
  if (body.intent === 'plan') {
    const plan = checked(registerPlanSchema, { serial: body.serial });
    if (plan.refused) return plan.refused;
    return attempt(
      request,
      () =>
        api('POST /api/admin/orders/:orderId/plans/:lineId/units', {
          params: { ...order, lineId: String(body.line_id ?? '') },
          body: plan.input,
        }),
      'Done.',
    );
  }
  return failed('Unknown action.');
}
/** The tracking number, linked to the carrier's tracking page when it has one (a new tab). */
function TrackingNumber({ carrier, number }: { carrier: string; number: string }) {
  const url = trackingUrl(carrier, number);
  if (!url) return <>{number}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {number}
    </a>
  );
}

function OrderDetail() {
  const { order, draft, plans } = usePageData<OrderData>();
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${ADMIN_BASE}/orders`}>Orders</Link>
      </p>
      <PageTitle title={`Order ${order.order_number}`}>
        Order {order.order_number} <StatusTag status={order.status} />
      </PageTitle>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd>{statusWord(order.status)}</dd>
        <dt>Placed</dt>
        <dd>
          <When at={order.created_at} />
        </dd>
        <dt>Customer</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/customers/${order.customer_id}`}>
            {order.customer_id} {order.company}
          </Link>
        </dd>
        <dt>Placed by</dt>
        <dd>
          {order.placed_by.name} {order.placed_by.email && `<${order.placed_by.email}>`}
        </dd>
        {order.approval && (
          <>
            <dt>Approval</dt>
            <dd>
              Approved by {order.approval.approved_by} from request {order.approval.number}
            </dd>
          </>
        )}
        <dt>PO number</dt>
        <dd>{order.purchase_order_id}</dd>
        {order.quote_number && (
          <>
            <dt>Quote</dt>
            <dd>
              <Link to={`${ADMIN_BASE}/quotes/${Number(order.quote_number.slice(2))}`}>
                From quote {order.quote_number}
              </Link>
            </dd>
          </>
        )}
        <dt>Shipping method</dt>
        <dd>{order.shipping_method}</dd>
        {(order.carrier || order.tracking_number) && (
          <>
            <dt>Carrier and tracking</dt>
            <dd>
              {order.carrier} <TrackingNumber carrier={order.carrier} number={order.tracking_number} />
            </dd>
          </>
        )}
        <dt>Invoice</dt>
        <dd>{order.invoice_number ?? 'None yet'}</dd>
      </dl>

      <StatusActions order={order} />
      <Lines order={order} />
      <Plans plans={plans} />
      <Addresses order={order} />
      <Invoices order={order} draft={draft} />
      <CreditNotes orderId={order.order_id} />
      <History order={order} />
      <AuditTrail entries={order.audit} />
    </>
  );
}

export const orderPage: AdminPage = { path: '/orders/:orderId', loader, action, Component: OrderDetail };
