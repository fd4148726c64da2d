import { blurQuantity, CART_MSG, minusQuantity, plusQuantity, typedQuantity } from '@shop/domain/cart/rules';
import { toCents } from '@shop/domain/core/money';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { percentText } from '../../components/VolumePrices';
import { type CartLine, cartSubtotalCents, lineStock, lineUnitCents, useCart } from '../../lib/cart';
import { money, t, tm } from '../../lib/i18n';
import { conditionName } from '../../lib/labels';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import '../../styles/cart.css';
import { ReturnToProcurement } from './ReturnToProcurement';

const keyOf = (line: { item_id: string; item_condition: string }) => `${line.item_id}|${line.item_condition}`;
/** Quantity controls stay locked for a second after each action. */
const PROCESSING_MS = 1000;

export default function CartPage() {
  const { loggedIn, header } = useSession();
  const _location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [processing, setProcessing] = useState(false);
  const checkedOnLoad = useRef(false);
  const count = cart.lines.reduce((n, l) => n + l.quantity, 0);
  usePageTitle(t('cart:title', { count }));

  const lock = () => {
    setProcessing(true);
    setTimeout(() => setProcessing(false), PROCESSING_MS);
  };

  // On load: lines with stock 0 are removed automatically; lines above the stock get their message.
  useEffect(() => {
    if (!header || checkedOnLoad.current) return;
    checkedOnLoad.current = true;
    const next: Record<string, string> = {};
    for (const line of cart.lines) {
      const stock = lineStock(line);
      if (!line.is_active)
        next[keyOf(line)] = t('cart:line.problem', {
          name: line.item_name,
          message: tm(CART_MSG.itemRemoved),
        });
      else if (stock === 0) {
        void cart.remove(line).then((r) => {
          if (r.ok) window.alert(tm(CART_MSG.autoRemoved(line.item_name)));
        });
      } else if (stock < line.quantity)
        next[keyOf(line)] = tm(CART_MSG.exceedsOnLoad(line.item_name, line.quantity, stock));
    }
    setErrors(next);
  }, [header]);

  if (!loggedIn) return <SignInFirst />;
  if (!header) return <Loading fill />;

  // The domain's messages (in English) are kept in the page's language.
  const setError = (line: CartLine, message: string) =>
    setErrors((e) => ({ ...e, [keyOf(line)]: tm(message) }));

  const apply = async (line: CartLine, quantity: number, error: string) => {
    setError(line, error);
    if (quantity === line.quantity) return;
    lock();
    const result = await cart.set(line, quantity);
    if (!result.ok) {
      const stillThere = cart.lines.some((l) => keyOf(l) === keyOf(line));
      window.alert(
        stillThere
          ? result.message || tm(CART_MSG.updateFailed(line.item_name))
          : tm(CART_MSG.goneFromCart(line.item_name)),
      );
      void cart.refresh();
    }
  };

  const remove = async (line: CartLine) => {
    lock();
    const result = await cart.remove(line);
    if (result.ok) {
      setError(line, '');
      window.alert(tm(CART_MSG.removed(line.item_name)));
    } else window.alert(result.message || tm(CART_MSG.updateFailed(line.item_name)));
  };

  const checkout = () => {
    const messages = Object.values(errors).filter(Boolean);
    if (cart.lines.length === 0) {
      window.alert(tm(CART_MSG.noItems));
      return;
    }
    if (messages.length > 0) {
      window.alert(messages.join('\n'));
      return;
    }
    navigate('/acer/checkout');
  };

  const subtotal = money(cartSubtotalCents(cart.lines));
  const checkoutButton = (where: string) => (
    <button
      type="button"
      className={`btn btn--primary cart__checkout cart__checkout--${where}`}
      onClick={checkout}
    >
      {t('cart:checkoutButton')}
    </button>
  );

  return (
    <div className="cart">
      <Breadcrumbs items={[{ name: t('cart:breadcrumb'), pathname: '/cart' }]} />
      <div className="cart__head">
        <h1>{t('cart:title', { count })}</h1>
        {cart.lines.length > 0 && checkoutButton('top')}
      </div>
      <p className="cart__quick">
        {t('cart:quick.before')}
        <Link to="/acer/quick-order">{t('cart:quick.link')}</Link>
      </p>
      {cart.lines.length === 0 ? (
        <p className="cart__empty">
          {t('cart:empty')}
          <Link to="/acer">{t('cart:continueShopping')}</Link>
        </p>
      ) : (
        <>
          <ul className="cart__lines">
            {cart.lines.map((line) => {
              const key = keyOf(line);
              const stock = lineStock(line);
              const draft = drafts[key];
              const id = `qty-${key.replace(/\W/g, '-')}`;
              return (
                <li key={key} className="cart-line">
                  <img src={line.main_image} alt="" width="96" height="96" />
                  <div className="cart-line__info">
                    <a
                      href={`/acer/product/${line.item_id}/${line.item_condition}`}
                      target="_blank"
                      rel="noopener"
                    >
                      {line.is_active ? line.item_name : t('cart:line.gone')}
                    </a>
                    <p className="cart-line__meta">
                      {t('cart:line.sku', { sku: line.sku })} · {conditionName(line.item_condition)} ·{' '}
                      {line.item_condition === 'Warranty'
                        ? t('cart:line.available')
                        : t('cart:line.inStock', { stock })}
                    </p>
                    <p className="cart-line__price">
                      {t('cart:line.each', { price: money(lineUnitCents(line)) })}
                    </p>
                    <LineVolume line={line} />
                  </div>
                  <div className="cart-line__qty">
                    <label htmlFor={id} className="visually-hidden">
                      {t('cart:line.quantityOf', { name: line.item_name })}
                    </label>
                    <button
                      type="button"
                      aria-label={t('cart:line.less', { name: line.item_name })}
                      disabled={processing}
                      onClick={() => {
                        const r = minusQuantity(line.quantity);
                        void apply(line, r.quantity, r.error ? tm(r.error) : '');
                      }}
                    >
                      −
                    </button>
                    <input
                      id={id}
                      inputMode="numeric"
                      value={draft ?? String(line.quantity)}
                      disabled={processing}
                      aria-invalid={errors[key] ? true : undefined}
                      aria-describedby={errors[key] ? `${id}-error` : undefined}
                      onChange={(e) => {
                        // Digits only; above the stock the number is clamped with its message.
                        const digits = e.target.value.replace(/\D/g, '');
                        const r = digits === '' ? null : typedQuantity(digits, stock);
                        setError(line, r?.error ? tm(r.error) : '');
                        setDrafts((d) => ({ ...d, [key]: r ? String(r.quantity) : '' }));
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') e.currentTarget.blur();
                      }}
                      onBlur={() => {
                        if (draft === undefined) return;
                        setDrafts((d) => {
                          const { [key]: _, ...rest } = d;
                          return rest;
                        });
                        // Blank on blur goes back to the previous quantity (or 1 if that exceeds the stock).
                        const quantity = draft === '' ? blurQuantity(line.quantity, stock) : Number(draft);
                        void apply(line, quantity, errors[key] ?? '');
                      }}
                    />
                    <button
                      type="button"
                      aria-label={t('cart:line.more', { name: line.item_name })}
                      disabled={processing}
                      onClick={() => {
                        const r = plusQuantity(line.quantity, stock);
                        void apply(line, r.quantity, r.error ? tm(r.error) : '');
                      }}
                    >
                      +
                    </button>
                  </div>
                  <p className="cart-line__total">{money(lineUnitCents(line) * line.quantity)}</p>
                  <button
                    type="button"
                    className="link-button cart-line__remove"
                    disabled={processing}
                    onClick={() => remove(line)}
                  >
                    {t('cart:line.remove')}
                  </button>
                  {errors[key] && (
                    <p id={`${id}-error`} className="field-error cart-line__error" role="alert">
                      {errors[key]}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <dl className="cart__totals">
            <dt>{t('cart:subtotal')}</dt>
            <dd>{subtotal}</dd>
            <dt>{t('cart:grandTotal')}</dt>
            <dd>{subtotal}</dd>
          </dl>
          {checkoutButton('bottom')}
          <ReturnToProcurement hasLines={cart.lines.length > 0} />
          <p className="cart__quote">
            <Link to="/acer/quote-request?from=cart">{t('quotes:request.fromCart')}</Link>
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The line's volume price as the server applied it, and what reaching the next break would save (the
 * server's answer to the last quantity: the page computes no price).
 */
function LineVolume({ line }: { line: CartLine }) {
  const applied = [...(line.price_breaks ?? [])].reverse().find((b) => b.min_quantity <= line.quantity);
  const next = line.next_break;
  if (!applied && !next) return null;
  return (
    <div className="cart-line__volume">
      {applied && (
        <p className="cart-line__volume-applied">
          {t('cart:volume.applied', {
            percent: percentText(applied.percent_off),
            quantity: applied.min_quantity,
          })}
        </p>
      )}
      {next && (
        <p className="cart-line__volume-next">
          {t('cart:volume.next', {
            more: next.more,
            price: money(toCents(next.price)),
            quantity: next.min_quantity,
            saving: money(toCents(next.saving)),
          })}
        </p>
      )}
    </div>
  );
}
