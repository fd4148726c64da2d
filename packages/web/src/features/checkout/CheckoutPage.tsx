import { fieldErrors } from '@shop/domain/account/contact';
import { formatPostalCode } from '@shop/domain/account/rules';
import { ACCOUNT_MSG, addressSchema } from '@shop/domain/account/schemas';
import type { PlaceOrderInput } from '@shop/domain/cart/order-request';
import {
  CART_MSG,
  isValidPo,
  SHIPPING_METHODS,
  type ShippingMethod,
  truncatePo,
} from '@shop/domain/cart/rules';
import type { Address } from '@shop/domain/core/api';
import { toCents } from '@shop/domain/core/money';
import { type CheckoutForecast, checkoutForecast } from '@shop/domain/orders/checkout-limits';
import { chargedComponents } from '@shop/domain/tax/answers';
import { isProvince, taxLabel, taxLines, taxTotal } from '@shop/domain/tax/rules';
import { Fragment, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddressFields, type AddressValues, EMPTY_ADDRESS } from '../../components/AddressFields';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { cartSubtotalCents, lineUnitCents, useCart } from '../../lib/cart';
import { translatedErrors } from '../../lib/failures';
import { money, pageLang, t, tm } from '../../lib/i18n';
import { provinceName } from '../../lib/labels';
import { useRead } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { type CheckoutLimits, useCheckoutReads } from './loader';
import '../../styles/cart.css';

/** Local time as an ISO string without the zone, as the order records it. */
function localIso(date = new Date()): string {
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 19);
}

/** A key's text, or the value itself when it has none (a province code, a name the catalogue does not know). */
function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const cents = (dollars: number | null) => (dollars === null ? null : toCents(dollars));

/**
 * What placing an order of this total will do, by the server's own rule (domain/orders/checkout-limits.ts)
 * from its limits: sent for approval, held for a credit review, or placed (null). A forecast: the server
 * decides.
 */
function forecastOf(totalCents: number, limits: CheckoutLimits | undefined): CheckoutForecast {
  if (!limits) return null;
  return checkoutForecast(totalCents, {
    orderLimitCents: cents(limits.order_limit),
    creditLimitCents: cents(limits.credit_limit),
    creditRoomCents: cents(limits.credit_room),
  });
}

/** Before the click, what the button will do when it is more than placing the order. */
function ForecastNotice({ id, forecast }: { id: string; forecast: NonNullable<CheckoutForecast> }) {
  return (
    <p id={id} className="checkout__forecast">
      {forecast.kind === 'approval'
        ? t('cart:checkout.approvalNotice', { limit: money(forecast.limitCents) })
        : t('cart:checkout.creditHoldNotice', { limit: money(forecast.creditLimitCents) })}
    </p>
  );
}

function AddressChoice({
  name,
  legend,
  addresses,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  addresses: Address[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <fieldset className="checkout__addresses">
      <legend>{legend}</legend>
      {addresses.length === 0 && <p>{t('cart:checkout.noAddress')}</p>}
      {addresses.map((a) => (
        <label
          key={a.address_id}
          className={`address-choice${value === a.address_id ? ' address-choice--on' : ''}`}
        >
          <input
            type="radio"
            name={name}
            checked={value === a.address_id}
            onChange={() => onChange(a.address_id)}
          />
          <span>
            <strong>
              {a.first_name} {a.last_name}
            </strong>
            {a.company && <> · {a.company}</>}
            <br />
            {a.address_line_1}
            {a.address_line_2 && `, ${a.address_line_2}`}, {a.city}, {provinceName(a.province)}{' '}
            {formatPostalCode(a.zip)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function NewAddressForm({ onSaved }: { onSaved: (addresses: Address[]) => void }) {
  const { customerId } = useSession();
  const [form, setForm] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const save = async () => {
    const parsed = addressSchema.safeParse({ ...form, country: 'Canada' });
    if (!parsed.success) {
      setErrors(translatedErrors(fieldErrors(parsed.error)));
      window.alert(tm(ACCOUNT_MSG.addressInvalid));
      return;
    }
    setBusy(true);
    try {
      const answer = await api('POST /api/user/address/create', {
        body: { addressInfo: { ...parsed.data, customer_id: customerId } },
      });
      setErrors({});
      setForm(EMPTY_ADDRESS);
      onSaved(answer.addresses);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors)
        setErrors(error.body.errors as Record<string, string>);
      window.alert(error instanceof Error ? error.message : tm(ACCOUNT_MSG.addressInvalid));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="form checkout__new-address">
      <legend>{t('cart:checkout.newAddress')}</legend>
      <div className="checkout__grid">
        <AddressFields idPrefix={uid} values={form} errors={errors} onChange={setForm} />
      </div>
      <button type="button" className="btn" disabled={busy} onClick={save}>
        {t('cart:checkout.saveAddress')}
      </button>
    </fieldset>
  );
}

export default function CheckoutPage() {
  usePageTitle(t('cart:checkout.title'));
  const { loggedIn, header, customer, customerId, reloadHeader } = useSession();
  const _location = useLocation();
  const navigate = useNavigate();
  const { lines } = useCart();
  const [po, setPo] = useState('');
  const [shippingId, setShippingId] = useState<number | null>(null);
  const [billingId, setBillingId] = useState<number | null>(null);
  const [same, setSame] = useState(true);
  const [method, setMethod] = useState<ShippingMethod>('Standard');
  const [adding, setAdding] = useState(false);
  /** What the last PLACE ORDER found missing (the spec's messages), shown beside the fields too. */
  const [missing, setMissing] = useState<string[]>([]);
  // One key per visit of this page: a repeated submission of the same checkout makes one order.
  const checkoutKey = useMemo(() => `${Date.now().toString(36)}-${crypto.randomUUID()}`, []);
  /** What each province charges the company today (the server's rates and the company's exemptions). */
  const { data: taxes, error: taxesError } = useRead(useCheckoutReads().taxes);
  const taxesFailed = taxesError !== undefined;
  /** The limits the order will be checked against when it is placed. */
  const { data: limits } = useRead(useCheckoutReads().limits);

  if (!loggedIn) return <SignInFirst />;
  if (!header) return <Loading fill />;
  const addresses = header.addresses ?? [];
  // The company's first address (its own, or its only one) is chosen until the buyer picks another.
  const defaultId = addresses[0]?.address_id ?? null;
  const chosen = (id: number | null) => (addresses.some((a) => a.address_id === id) ? id : defaultId);
  const shippingAddressId = chosen(shippingId);
  const shipping = addresses.find((a) => a.address_id === shippingAddressId) ?? null;
  const billingAddressId = same ? shippingAddressId : chosen(billingId);
  const subtotal = cartSubtotalCents(lines);
  const province = shipping && isProvince(shipping.province) ? shipping.province : null;
  // Each component rounded once on the subtotal, as the server computes it when the order is placed.
  const components = province && taxes ? chargedComponents(taxes[province]) : null;
  const taxRows = components ? taxLines(subtotal, components) : null;
  const tax = taxRows ? taxTotal(taxRows) : 0;
  // Before the taxes are known, the subtotal is the least the order comes to.
  const forecast = lines.length > 0 ? forecastOf(subtotal + tax, limits) : null;
  // A message beside a field stays until what it asks for is there.
  const poMissing = missing.includes(CART_MSG.poNumber) && !isValidPo(po);
  const addressMissing = missing.includes(CART_MSG.noAddress) && !(shippingAddressId && billingAddressId);

  const placeOrder = () => {
    // Everything that is missing is said at once, each in the spec's words on a line of its own.
    const problems: string[] = [];
    if (lines.length === 0) problems.push(CART_MSG.noItems);
    if (!shippingAddressId || !billingAddressId) problems.push(CART_MSG.noAddress);
    if (!isValidPo(po)) problems.push(CART_MSG.poNumber);
    setMissing(problems);
    if (problems.length > 0 || !shippingAddressId || !billingAddressId)
      return window.alert(problems.map((message) => tm(message)).join('\n'));
    // The totals wait for the rates (a moment after the page opens).
    if (!taxRows) return;
    // What the server checks (domain/cart/order-request.ts): the cart's lines as shown and the totals shown.
    const request: PlaceOrderInput & { checkout_key: string } = {
      orderInfo: {
        customer_id: customerId,
        shipping_address_id: shippingAddressId,
        billing_address_id: billingAddressId,
        created_time: localIso(),
        line_items: lines.map((l) => ({
          item_id: l.item_id,
          item_condition: l.item_condition,
          quantity: l.quantity,
        })),
        subtotal: subtotal / 100,
        items_tax: tax / 100,
        total: (subtotal + tax) / 100,
        purchase_order_id: po.trim(),
        shipping_method: method,
      },
      checkout_key: checkoutKey,
    };
    navigate('/acer/order/placed', { state: { orderRequest: request } });
  };

  return (
    <div className="checkout">
      <Breadcrumbs
        items={[
          { name: t('cart:breadcrumb'), pathname: '/cart' },
          { name: t('cart:checkout.title'), pathname: '/checkout' },
        ]}
      />
      <h1>{t('cart:checkout.title')}</h1>
      <div className="checkout__layout">
        <div className="checkout__main">
          <div className="form">
            <label htmlFor="po-number">{t('cart:checkout.po')}</label>
            <input
              id="po-number"
              value={po}
              maxLength={50}
              onChange={(e) => setPo(truncatePo(e.target.value))}
              autoComplete="off"
              aria-invalid={poMissing || undefined}
              aria-describedby={poMissing ? 'po-number-error' : undefined}
            />
            {poMissing && (
              <p id="po-number-error" className="field-error">
                {tm(CART_MSG.poNumber)}
              </p>
            )}
          </div>
          <AddressChoice
            name="shipping"
            legend={t('cart:checkout.shippingAddress')}
            addresses={addresses}
            value={shippingAddressId}
            onChange={setShippingId}
          />
          {addressMissing && <p className="field-error">{tm(CART_MSG.noAddress)}</p>}
          <label className="checkout__same">
            <input type="checkbox" checked={same} onChange={(e) => setSame(e.target.checked)} />
            {t('cart:checkout.same')}
          </label>
          {!same && (
            <AddressChoice
              name="billing"
              legend={t('cart:checkout.billingAddress')}
              addresses={addresses}
              value={billingAddressId}
              onChange={setBillingId}
            />
          )}
          {addresses.length < 10 &&
            customer?.role !== 'buyer' &&
            (adding ? (
              <NewAddressForm
                onSaved={(saved) => {
                  setAdding(false);
                  void reloadHeader();
                  const newest = saved.reduce((a, b) => (b.address_id > a.address_id ? b : a), saved[0]!);
                  if (newest) setShippingId(newest.address_id);
                }}
              />
            ) : (
              <button type="button" className="btn" onClick={() => setAdding(true)}>
                {t('cart:checkout.addAddress')}
              </button>
            ))}
          <fieldset className="checkout__methods">
            <legend>{t('cart:checkout.method')}</legend>
            {SHIPPING_METHODS.map((m) => (
              <label key={m}>
                <input type="radio" name="method" checked={method === m} onChange={() => setMethod(m)} />{' '}
                {keyed(`cart:shipping.${m}`, m)}
              </label>
            ))}
            <p className="checkout__note">{t('cart:checkout.shippingNote')}</p>
          </fieldset>
        </div>
        <aside className="checkout__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('cart:checkout.summary')}</h2>
          <ul>
            {lines.map((l) => (
              <li key={`${l.item_id}|${l.item_condition}`}>
                <span>
                  {l.quantity} × {l.item_name}{' '}
                  <small className="checkout__each">
                    {t('cart:line.each', { price: money(lineUnitCents(l)) })}
                  </small>
                </span>
                <span>{money(lineUnitCents(l) * l.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl>
            <dt>{t('cart:checkout.subtotal')}</dt>
            <dd>{money(subtotal)}</dd>
            {taxRows && province ? (
              taxRows.map((row) => (
                <Fragment key={row.component}>
                  <dt data-tax={row.component}>
                    {t('cart:checkout.taxOf', {
                      label: taxLabel(row.component, row.rateMilli, pageLang()),
                      province: provinceName(province),
                    })}
                  </dt>
                  <dd>
                    {row.exemption
                      ? t('cart:checkout.taxExempt', {
                          reason: row.exemption.reason,
                          reference: row.exemption.reference,
                        })
                      : money(row.taxCents)}
                  </dd>
                </Fragment>
              ))
            ) : (
              <>
                <dt>{t('cart:checkout.tax')}</dt>
                <dd>{province ? '…' : t('cart:checkout.taxLater')}</dd>
              </>
            )}
            <dt>{t('cart:checkout.total')}</dt>
            <dd>{money(subtotal + tax)}</dd>
          </dl>
          {taxesFailed && !taxRows && (
            <p className="field-error" role="alert">
              {t('cart:checkout.taxesFailed')}
            </p>
          )}
          <p className="checkout__note">{t('cart:checkout.feesNote')}</p>
          {forecast && <ForecastNotice id="checkout-forecast" forecast={forecast} />}
          <button
            type="button"
            className="btn btn--primary"
            onClick={placeOrder}
            disabled={!taxRows && !!province}
            aria-describedby={forecast ? 'checkout-forecast' : undefined}
          >
            {forecast?.kind === 'approval'
              ? t('cart:checkout.sendForApproval')
              : forecast?.kind === 'creditHold'
                ? t('cart:checkout.placeOnHold')
                : t('cart:checkout.placeOrder')}
          </button>
        </aside>
      </div>
    </div>
  );
}
