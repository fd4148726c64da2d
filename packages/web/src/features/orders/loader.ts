/** An order's or an invoice's data (the same view shows both); visitors are sent to sign in by the page. */
import type { InvoiceAnswer, OrderAnswer } from '@shop/domain/core/api';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

/** The order's answer; an invoice's is the same view with the invoice's lines and totals. */
type Reads = { order: Read<OrderAnswer | InvoiceAnswer> | null };

function orderRead(kind: 'orders' | 'invoices', id: string | undefined): Reads {
  const { loggedIn, customerId } = cookieLogin();
  if (!loggedIn) return { order: null };
  return {
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
