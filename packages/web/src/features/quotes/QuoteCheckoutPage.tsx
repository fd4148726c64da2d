/**
 * /acer/quote-checkout/:quoteid: accepting an answered quote. The buyer picks the addresses, a PO number
 * and the shipping method as at the cart's checkout; the lines and their prices are the quote's (the
 * server takes them from the quote alone, checks the stock then and says plainly what is short). A quote
 * the seller revised while the page was open is refused once; the page then shows the new answer with the
 * earlier price beside each line that changed, and the next click accepts that answer.
 */
import { formatPostalCode } from '@shop/domain/account/rules';
import {
  CART_MSG,
  isValidPo,
  SHIPPING_METHODS,
  type ShippingMethod,
  truncatePo,
} from '@shop/domain/cart/rules';
import type { QuoteDetail } from '@shop/domain/quotes/schemas';
import { type CheckoutTaxesAnswer, chargedComponents } from '@shop/domain/tax/answers';
import { isProvince, taxLabel, taxLines, taxTotal } from '@shop/domain/tax/rules';
import { Fragment, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { money, pageLang, t, tm } from '../../lib/i18n';
import { conditionName, provinceName } from '../../lib/labels';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { formatDay } from './QuotesSection';
import './quotes.css';
import '../../styles/cart.css';

type Taxes = CheckoutTaxesAnswer['taxes'];

export default function QuoteCheckoutPage() {
  usePageTitle(t('quotes:checkout.title'));
  const { quoteid = '' } = useParams();
  const { loggedIn, header, customerId } = useSession();
  const [quote, setQuote] = useState<QuoteDetail | null>(null);
  const [taxes, setTaxes] = useState<Taxes | null>(null);
  const [loadError, setLoadError] = useState('');
  const [po, setPo] = useState('');
  const [shippingId, setShippingId] = useState<number | null>(null);
  const [billingId, setBillingId] = useState<number | null>(null);
  const [method, setMethod] = useState<ShippingMethod>('Standard');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<{ orderId: number; smessage: string } | null>(null);
  /** The answer this page showed before the seller revised it meanwhile: its prices by line, its date. */
  const [seen, setSeen] = useState<{ prices: Map<number, number | null>; validUntil: string | null } | null>(
    null,
  );

  useEffect(() => {
    if (!loggedIn || !customerId) return;
    const params = { customerid: customerId };
    api('GET /api/user/:customerid/quotes/:quoteid', { params: { ...params, quoteid } }).then(
      (a) => setQuote(a.quote),
      (e: unknown) => setLoadError(e instanceof ApiError ? e.message : t('quotes:failed')),
    );
    api('GET /api/user/:customerid/taxes', { params }).then(
      (a) => setTaxes(a.taxes),
      () => setTaxes(null),
    );
  }, [loggedIn, customerId, quoteid]);

  if (!loggedIn) return <SignInFirst />;
  if (loadError) return <p role="alert">{loadError}</p>;
  if (!header || !quote) return <Loading fill />;
  const addresses = header.addresses ?? [];
  const first = addresses[0]?.address_id ?? null;
  const shippingAddressId = addresses.some((a) => a.address_id === shippingId) ? shippingId : first;
  const billingAddressId = addresses.some((a) => a.address_id === billingId) ? billingId : shippingAddressId;
  const shipping = addresses.find((a) => a.address_id === shippingAddressId) ?? null;
  const subtotal = quote.detail_lines.reduce((sum, l) => sum + (l.quoted_cents ?? 0) * l.quantity, 0);
  const province = shipping && isProvince(shipping.province) ? shipping.province : null;
  const components = province && taxes ? chargedComponents(taxes[province]) : null;
  const taxRows = components ? taxLines(subtotal, components) : null;
  const tax = taxRows ? taxTotal(taxRows) : 0;

  const place = async () => {
    const problems: string[] = [];
    if (!shippingAddressId || !billingAddressId) problems.push(tm(CART_MSG.noAddress));
    if (!isValidPo(po)) problems.push(tm(CART_MSG.poNumber));
    if (problems.length > 0) return setProblem(problems.join('\n'));
    setBusy(true);
    setProblem('');
    try {
      const answer = await api('POST /api/user/:customerid/quotes/:quoteid/place', {
        params: { customerid: customerId, quoteid },
        body: {
          shipping_address_id: shippingAddressId!,
          billing_address_id: billingAddressId!,
          purchase_order_id: po.trim(),
          shipping_method: method,
          revision: quote.revision,
        },
      });
      setPlaced(answer);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('quotes:failed'));
      // Revised since the page opened: show the new answer, which the buyer accepts with the next click.
      if (error instanceof ApiError && error.status === 409) {
        const fresh = await api('GET /api/user/:customerid/quotes/:quoteid', {
          params: { customerid: customerId, quoteid },
        }).catch(() => null);
        if (fresh && fresh.quote.revision !== quote.revision) {
          // What the buyer saw first stays the "was" (the earliest, if revised more than once meanwhile).
          setSeen(
            (before) =>
              before ?? {
                prices: new Map(quote.detail_lines.map((l) => [l.line_id, l.quoted_cents])),
                validUntil: quote.valid_until,
              },
          );
          setQuote(fresh.quote);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const addressLabel = (a: (typeof addresses)[number]) =>
    `${a.first_name} ${a.last_name}, ${a.address_line_1}, ${a.city}, ${provinceName(a.province)} ${formatPostalCode(a.zip)}`;

  return (
    <div className="checkout quote-checkout">
      <Breadcrumbs
        items={[
          { name: t('quotes:title'), pathname: '/account/quotes' },
          { name: quote.quote_number, pathname: `/account/quotes/${quote.quote_id}` },
          { name: t('quotes:checkout.title'), pathname: `/quote-checkout/${quote.quote_id}`, current: true },
        ]}
      />
      <h1>{t('quotes:checkout.heading', { number: quote.quote_number })}</h1>
      {placed ? (
        <div className="banner banner--ok" role="status">
          <p>{placed.smessage}</p>
          <p>
            <Link to={`/acer/order/${placed.orderId}`}>{t('quotes:checkout.seeOrder')}</Link>
          </p>
        </div>
      ) : quote.state !== 'answered' ? (
        <p role="alert">
          {quote.state === 'expired'
            ? t('quotes:checkout.expired', { day: formatDay(quote.valid_until) })
            : t('quotes:checkout.notOpen')}{' '}
          <Link to={`/acer/account/quotes/${quote.quote_id}`}>{t('quotes:back')}</Link>
        </p>
      ) : (
        <div className="checkout__layout">
          <div className="checkout__main">
            {seen && <p className="quote-revised">{t('quotes:checkout.revised')}</p>}
            <p>
              {t('quotes:checkout.validUntil', { day: formatDay(quote.valid_until) })}
              {seen && seen.validUntil !== quote.valid_until && seen.validUntil && (
                <span className="quote-changed">
                  {' '}
                  {t('quotes:was', { value: formatDay(seen.validUntil) })}
                </span>
              )}
            </p>
            <div className="form">
              <label htmlFor="po-number">{t('cart:checkout.po')}</label>
              <input
                id="po-number"
                value={po}
                maxLength={50}
                autoComplete="off"
                onChange={(e) => setPo(truncatePo(e.target.value))}
              />
            </div>
            <div className="form">
              <label htmlFor="quote-shipping">{t('cart:checkout.shippingAddress')}</label>
              <select
                id="quote-shipping"
                value={shippingAddressId ?? ''}
                onChange={(e) => setShippingId(Number(e.target.value))}
              >
                {addresses.map((a) => (
                  <option key={a.address_id} value={a.address_id}>
                    {addressLabel(a)}
                  </option>
                ))}
              </select>
              <label htmlFor="quote-billing">{t('cart:checkout.billingAddress')}</label>
              <select
                id="quote-billing"
                value={billingAddressId ?? ''}
                onChange={(e) => setBillingId(Number(e.target.value))}
              >
                {addresses.map((a) => (
                  <option key={a.address_id} value={a.address_id}>
                    {addressLabel(a)}
                  </option>
                ))}
              </select>
              {addresses.length === 0 && <p>{t('cart:checkout.noAddress')}</p>}
            </div>
            <fieldset className="checkout__methods">
              <legend>{t('cart:checkout.method')}</legend>
              {SHIPPING_METHODS.map((m) => (
                <label key={m}>
                  <input type="radio" name="method" checked={method === m} onChange={() => setMethod(m)} />{' '}
                  {t(`cart:shipping.${m}`) === `cart:shipping.${m}` ? m : t(`cart:shipping.${m}`)}
                </label>
              ))}
            </fieldset>
          </div>
          <aside className="checkout__summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{t('cart:checkout.summary')}</h2>
            <ul>
              {quote.detail_lines.map((l) => {
                const was = seen?.prices.get(l.line_id);
                return (
                  <li key={l.line_id}>
                    <span>
                      {l.quantity} × {l.item_name} ({conditionName(l.item_condition)}),{' '}
                      {t('quotes:each', { price: money(l.quoted_cents ?? 0) })}
                      {was !== undefined && was !== null && was !== l.quoted_cents && (
                        <span className="quote-changed"> {t('quotes:was', { value: money(was) })}</span>
                      )}
                    </span>
                    <span>{money((l.quoted_cents ?? 0) * l.quantity)}</span>
                  </li>
                );
              })}
            </ul>
            <dl>
              <dt>{t('cart:checkout.subtotal')}</dt>
              <dd>{money(subtotal)}</dd>
              {taxRows && province ? (
                taxRows.map((row) => (
                  <Fragment key={row.component}>
                    <dt>
                      {t('cart:checkout.taxOf', {
                        label: taxLabel(row.component, row.rateMilli, pageLang()),
                        province: provinceName(province),
                      })}
                    </dt>
                    <dd>{row.exemption ? '—' : money(row.taxCents)}</dd>
                  </Fragment>
                ))
              ) : (
                <>
                  <dt>{t('cart:checkout.tax')}</dt>
                  <dd>{t('cart:checkout.taxLater')}</dd>
                </>
              )}
              <dt>{t('cart:checkout.total')}</dt>
              <dd>{money(subtotal + tax)}</dd>
            </dl>
            {problem && (
              <div className="field-error quote-problem" role="alert">
                {problem.split('\n').map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            <button type="button" className="btn btn--primary" onClick={place} disabled={busy}>
              {t('quotes:checkout.place')}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
