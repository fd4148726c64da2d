/** An order's or an invoice's data (the same view shows both); visitors are sent to sign in by the page. */
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

export interface OrderLine {
  item_id: string | null;
  item_name?: string;
  zoho_item_name?: string;
  sku: string;
  item_condition: string;
  quantity: number;
  item_rate: number;
  status: string;
  main_image?: string;
}

export interface OrderInfo {
  order: {
    order_id: number;
    order_number: string;
    invoice_id: number | null;
    invoice_number: string | null;
    created_time: string;
    /** The server's clock when the order was placed. */
    created_at: string;
    status: string;
    purchase_order_id: string;
    shipping_method: string;
    /** The name of the company's buyer who placed it. */
    placed_by: string;
    /** Filled in when the seller ships it ('' before). */
    shipping_carrier: string;
    tracking_number: string;
    tax_rate: number;
    subtotal: number;
    items_tax: number;
    shipping: number;
    shipping_tax: number;
    total: number;
    line_items: OrderLine[];
    zoho_line_items: OrderLine[];
  };
  billingAddress: Record<string, string>;
  shippingAddress: Record<string, string>;
}

type Reads = { order: Read<{ orderInfo: OrderInfo }> | null };

function orderRead(kind: 'orders' | 'invoices', id: string | undefined): Reads {
  const { loggedIn, customerId } = cookieLogin();
  if (!loggedIn) return { order: null };
  return {
    order: read(`/user/${encodeURIComponent(customerId)}/${kind}/${encodeURIComponent(id ?? '')}`),
  };
}

export const orderLoader = ({ params }: LoaderFunctionArgs): Reads => orderRead('orders', params.orderid);
export const invoiceLoader = ({ params }: LoaderFunctionArgs): Reads =>
  orderRead('invoices', params.invoiceid);

export function useOrderReads(): Reads {
  return useLoaderData() as Reads;
}
