import type { CreditNoteSummary } from '@shop/domain/after-sale/credit-answers';
import type { ReturnSummary } from '@shop/domain/after-sale/return-answers';
/** An order's or an invoice's data (the same view shows both); visitors are sent to sign in by the page. */
import type { InvoiceAnswer, OrderAnswer } from '@shop/domain/core/api';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

/** The order's answer; an invoice's is the same view with the invoice's lines and totals. */
type Reads = {
  order: Read<OrderAnswer | InvoiceAnswer> | null;
  /** The company's credit notes: the page links those of this order or invoice. */
  creditNotes?: Read<CreditNoteSummary[]>;
  /** The order's returns (an order's page only). */
  returns?: Read<ReturnSummary[]>;
};

function orderRead(kind: 'orders' | 'invoices', id: string | undefined): Reads {
  const { loggedIn, customerId } = cookieLogin();
  if (!loggedIn) return { order: null };
  const creditNotes = read(
    'GET /api/user/:customerid/credit-notes',
    { params: { customerid: customerId } },
    (answer) => answer.credit_notes,
  );
  const returns =
    kind === 'orders' && id && /^\d+$/.test(id)
      ? read(
          'GET /api/user/:customerid/returns',
          { params: { customerid: customerId }, query: { order_id: id } },
          (answer) => answer.returns,
        )
      : undefined;
  return {
    creditNotes,
    ...(returns ? { returns } : {}),
    order:
      kind === 'orders'
        ? read('GET /api/user/:customerid/orders/:orderid', {
            params: { customerid: customerId, orderid: id ?? '' },
          })
        : read('GET /api/user/:customerid/invoices/:invoiceid', {
            params: { customerid: customerId, invoiceid: id ?? '' },
          }),
  };
}

export const orderLoader = ({ params }: LoaderFunctionArgs): Reads => orderRead('orders', params.orderid);
export const invoiceLoader = ({ params }: LoaderFunctionArgs): Reads =>
  orderRead('invoices', params.invoiceid);

export function useOrderReads(): Reads {
  return useLoaderData() as Reads;
}
