import OrderPage from './OrderPage';

/** An invoice, shown with the order's view. */
export default function InvoicePage() {
  return <OrderPage kind="invoice" />;
}
