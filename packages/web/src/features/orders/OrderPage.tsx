import { formatPostalCode } from '@shop/domain/account/rules';
import {
  type InvoiceBillTo,
  type OrderAddress,
  type OrderInfo,
  readFeeLineName,
} from '@shop/domain/core/api';
import { LOCALE } from '@shop/domain/core/i18n';
import { toCents } from '@shop/domain/core/money';
import { FEE_CATEGORY_NAMES } from '@shop/domain/tax/fees';
import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { Moment } from '../../components/Moment';
import { SignInFirst } from '../../components/SignInFirst';
import { money, pageLang, t } from '../../lib/i18n';
import { conditionName, provinceName } from '../../lib/labels';
import { useRead } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { shopInfo } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import '../../styles/cart.css';
import { CreditNoteLinks } from '../credit-notes';
import { OrderReturns } from '../returns';
import { useOrderReads } from './loader';
import { OrderPeople, OrderTools } from './OrderTools';
import { InvoiceSellerBlock, OrderTotals } from './OrderTotals';

/** An amount in dollars, as the order records it. */
const dollars = (amount: number) => money(toCents(amount));

/** A key's text, or the value itself when it has none (a province code, a status the catalogue does not know). */
function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const statusName = (status: string) => keyed(`orders:status.${status}`, status);
const methodName = (method: string) => keyed(`orders:shipping.${method}`, method);
/**
 * The invoice's shipping and fee lines are named by the server in English, e.g. "Shipping (Pick Up)",
 * "Environmental handling fee: Portable computers (Ontario)"; they are named in the page's language.
 */
function extraName(name: string | undefined): string {
  const shipping = /^Shipping \((.+)\)$/.exec(name ?? '');
  if (shipping) return t('orders:line.shipping', { method: methodName(shipping[1] ?? '') });
  const fee = readFeeLineName(name ?? '');
  if (fee)
    return t('orders:line.fee', {
      category: FEE_CATEGORY_NAMES[fee.category][pageLang()],
      province: provinceName(fee.province),
    });
  return name ?? '';
}
/** A date written out in the page's language as the invoice's PDF writes it: "December 24, 2026". */
const longDate = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE[pageLang()], { dateStyle: 'long', timeZone }).format(new Date(at));
/** A day (YYYY-MM-DD) written out: "December 24, 2026" / "24 décembre 2026". */
const dayName = (day: string) => longDate(`${day}T12:00:00Z`, 'UTC');
/** The invoice's date: its day in the shop's time zone (SHOP_TIME_ZONE), as on the PDF. */
const invoiceDay = (at: string) => longDate(at, shopInfo().timeZone);

/**
 * An address of the order. An invoice's billing address is its Bill to, as on the PDF: the company billed
 * and its customer id first, then the address's attention line, and the address's company only when it is
 * not the same name.
 */
function AddressBlock({
  title,
  a,
  billTo,
}: {
  title: string;
  a: OrderAddress;
  billTo?: InvoiceBillTo | null;
}) {
  const sameCompany = billTo && a.company.trim().toLowerCase() === billTo.company.trim().toLowerCase();
  return (
    <section className="order__address">
      <h2>{title}</h2>
      <address>
        {billTo ? (
          <>
            {billTo.company}
            <br />
            {t('orders:address.customerId', { id: billTo.customer_id })}
            {a.attention && (
              <>
                <br />
                {t('orders:address.attention', { name: a.attention })}
              </>
            )}
          </>
        ) : (
          a.attention
        )}
        {a.company && !sameCompany && (
          <>
            <br />
            {a.company}
          </>
        )}
        <br />
        {a.address_line_1}
        {a.address_line_2 && `, ${a.address_line_2}`}
        <br />
        {a.city}, {provinceName(a.province)} {formatPostalCode(a.zip)}
        <br />
        {a.country}
        {a.phone_number && (
          <>
            <br />
            {a.phone_number}
          </>
        )}
      </address>
    </section>
  );
}

/** The lines' columns, in order; each names its key under orders:col. */
const LINE_COLUMNS = ['item', 'sku', 'condition', 'quantity', 'rate', 'amount', 'status'] as const;

/**
 * One line's cells. Each cell carries its column's name (data-label), which a phone shows before the value
 * when the rows stand as cards; the table and its headers stay for screen readers and for print.
 */
function LineCells(line: {
  name: string;
  sku: string | undefined;
  condition: string;
  quantity: number;
  rate: number;
  status: string;
  /** The serial numbers of its units, as shipped (on the invoice). */
  serials?: string[] | undefined;
}) {
  const label = (column: (typeof LINE_COLUMNS)[number]) => t(`orders:col.${column}`);
  return (
    <>
      <td className="order__line-name" data-label={label('item')}>
        {line.name}
        {line.serials && line.serials.length > 0 && (
          <span className="order__serials">
            {t('orders:line.serials', { list: line.serials.join(', ') })}
          </span>
        )}
      </td>
      <td data-label={label('sku')}>{line.sku}</td>
      <td data-label={label('condition')}>{conditionName(line.condition)}</td>
      <td className="order__line-quantity" data-label={label('quantity')}>
        {line.quantity}
      </td>
      <td className="order__line-rate" data-label={label('rate')}>
        {dollars(line.rate)}
      </td>
      <td className="order__line-amount" data-label={label('amount')}>
        {money(toCents(line.rate) * line.quantity)}
      </td>
      <td
        className={line.status === 'Canceled' ? 'status--canceled' : undefined}
        data-label={label('status')}
      >
        {statusName(line.status)}
      </td>
    </>
  );
}

/** An order, or an invoice shown with the same view (SPEC §2 Order pages). */
export default function OrderPage({ kind = 'order' }: { kind?: 'order' | 'invoice' }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  const reads = useOrderReads();
  const { data, error } = useRead(reads.order);
  const { data: creditNotes } = useRead(reads.creditNotes);
  const { data: returns } = useRead(reads.returns);
  const info: OrderInfo | undefined = data?.orderInfo;
  const title = info
    ? kind === 'invoice'
      ? t('orders:title.invoice', { number: info.order.invoice_number ?? '' })
      : t('orders:title.order', { number: info.order.order_number })
    : kind === 'invoice'
      ? t('orders:title.invoiceOnly')
      : t('orders:title.orderOnly');
  usePageTitle(title);
  if (!loggedIn) return <SignInFirst />;
  if (error) {
    return (
      <div className="order">
        <h1>{title}</h1>
        <p role="alert">{error.message}</p>
        <Link to="/acer/account/orders">{t('orders:back')}</Link>
      </div>
    );
  }
  if (!info) return <Loading fill />;
  const o = info.order;
  // External lines that are not among the order's own lines show as extra rows.
  const own = new Set(o.line_items.map((l) => `${l.item_id}|${l.item_condition}`));
  const extra = o.zoho_line_items.filter((l) => !l.item_id || !own.has(`${l.item_id}|${l.item_condition}`));
  return (
    <div className="order">
      <Breadcrumbs
        items={[
          { name: t('orders:breadcrumb'), pathname: '/account/orders' },
          { name: title, pathname: location.pathname.replace(/^\/acer/, '') },
        ]}
      />
      <h1>{title}</h1>
      <OrderTools key={o.order_id} order={o} kind={kind} />
      <dl className="order__facts">
        <dt>{t('orders:fact.number')}</dt>
        <dd>{o.order_number}</dd>
        {o.invoice_number && (
          <>
            <dt>{t('orders:fact.invoice')}</dt>
            <dd>
              {kind === 'invoice' ? (
                o.invoice_number
              ) : (
                <Link to={`/acer/invoice/${o.invoice_id}`}>{o.invoice_number}</Link>
              )}
            </dd>
          </>
        )}
        <dt>{t('orders:fact.po')}</dt>
        <dd>{o.purchase_order_id}</dd>
        {o.quote_number && (
          <>
            <dt>{t('quotes:orderFact')}</dt>
            <dd>
              <Link to={`/acer/account/quotes/${Number(o.quote_number.slice(2))}`}>{o.quote_number}</Link>
            </dd>
          </>
        )}
        <dt>{t('orders:fact.placed')}</dt>
        <dd>
          <Moment at={o.created_at} time />
        </dd>
        <dt>{t('orders:fact.status')}</dt>
        <dd className={o.status === 'Canceled' ? 'status--canceled' : undefined}>{statusName(o.status)}</dd>
        <dt>{t('orders:fact.method')}</dt>
        <dd>{methodName(o.shipping_method)}</dd>
        {kind === 'invoice' && o.invoice_date && (
          <>
            <dt>{t('orders:fact.invoiceDate')}</dt>
            <dd>{invoiceDay(o.invoice_date)}</dd>
          </>
        )}
        {kind === 'invoice' && o.invoice_terms && (
          <>
            <dt>{t('orders:fact.terms')}</dt>
            <dd>{keyed(`orders:terms.${o.invoice_terms}`, o.invoice_terms)}</dd>
          </>
        )}
        {kind === 'invoice' && o.invoice_due_on && (
          <>
            <dt>{t('orders:fact.due')}</dt>
            <dd>{dayName(o.invoice_due_on)}</dd>
          </>
        )}
      </dl>
      {o.status === 'OnHold' && (
        <p className="banner order__hold" role="note">
          {t('orders:hold.note')}
        </p>
      )}
      <OrderPeople order={o} />
      {kind === 'invoice' && o.seller && <InvoiceSellerBlock seller={o.seller} />}
      <div className="order__addresses">
        <AddressBlock title={t('orders:address.shipping')} a={info.shippingAddress} />
        {kind === 'invoice' && o.bill_to ? (
          <AddressBlock title={t('orders:address.billTo')} a={info.billingAddress} billTo={o.bill_to} />
        ) : (
          <AddressBlock title={t('orders:address.billing')} a={info.billingAddress} />
        )}
      </div>
      <table className="order__lines">
        <thead>
          <tr>
            {LINE_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`orders:col.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {o.line_items.map((l) => (
            <tr key={`${l.item_id}|${l.item_condition}`}>
              <LineCells
                name={l.item_name}
                sku={l.sku}
                condition={l.item_condition}
                quantity={l.quantity}
                rate={l.item_rate}
                status={l.status}
                serials={l.serials}
              />
            </tr>
          ))}
          {extra.map((l, i) => (
            <tr key={`extra-${l.zoho_item_name}-${i}`} className="order__extra">
              <LineCells
                name={`${extraName(l.zoho_item_name)}${l.provincial_tax ? '' : ` ${t('orders:line.noProvincialTax')}`}`}
                sku={l.sku}
                condition={l.item_condition}
                quantity={l.quantity}
                rate={l.item_rate}
                status={l.status}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals order={o} kind={kind} />
      <CreditNoteLinks
        notes={creditNotes ?? []}
        invoiceId={kind === 'invoice' ? o.invoice_id : null}
        orderId={o.order_id}
      />
      {kind === 'order' && (
        <OrderReturns orderId={o.order_id} delivered={o.status === 'Delivered'} returns={returns ?? []} />
      )}
      {kind === 'order' && !o.invoice_number && o.status !== 'Canceled' && o.status !== 'Declined' && (
        <p className="order__note">{t('orders:total.feesLater')}</p>
      )}
    </div>
  );
}
