import type { PlaceOrderInput } from '@shop/domain/cart/order-request';
import { CART_MSG } from '@shop/domain/cart/rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { ApiError, api } from '../../lib/api';
import { loadNamespaces, t, tm } from '../../lib/i18n';
import { refreshReads } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import '../../styles/cart.css';
import './order-tools.css';

type Status =
  | { state: 'ordering' }
  | { state: 'confirmed'; orderId: number; orderNumber: string; onHold: boolean }
  /** Over the buyer's order limit: no order, a request for approval (the server's words). */
  | { state: 'approval'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'expired' }
  | { state: 'none' };

const SENT = 'acer-order-sent:';

/**
 * Places the order passed from checkout (SPEC §4 Order placing status). Reached by a refresh, the same
 * checkout is not sent again: the page says so and goes to the orders list.
 */
export default function OrderPlacedPage() {
  usePageTitle(t('cart:placed.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const { reloadHeader } = useSession();
  // The checkout's request, as the server checks it, with the key of that visit of the checkout.
  const request = (location.state as { orderRequest?: PlaceOrderInput & { checkout_key: string } } | null)
    ?.orderRequest;
  const [status, setStatus] = useState<Status>(() => {
    if (!request) return { state: 'none' };
    return sessionStorage.getItem(SENT + request.checkout_key) ? { state: 'expired' } : { state: 'ordering' };
  });
  const started = useRef(false);

  useEffect(() => {
    if (status.state === 'expired') {
      const timer = setTimeout(() => navigate('/acer/account/orders', { replace: true }), 3000);
      return () => clearTimeout(timer);
    }
    if (status.state !== 'ordering' || !request || started.current) return;
    started.current = true;
    sessionStorage.setItem(SENT + request.checkout_key, '1');
    api('POST /api/placeorder', { body: request })
      .then(async (answer) => {
        if ('approval' in answer) {
          setStatus({ state: 'approval', message: answer.smessage });
          void reloadHeader();
          refreshReads('/user/');
          return;
        }
        const onHold = answer.status === 'OnHold';
        // The hold's sentence is in the orders' catalogue, which this page does not load otherwise.
        if (onHold) await loadNamespaces('orders').catch(() => undefined);
        setStatus({
          state: 'confirmed',
          orderId: answer.orderId,
          orderNumber: answer.orderNumber,
          onHold,
        });
        void reloadHeader();
        refreshReads('/user/');
      })
      .catch((error) => {
        // A refused order may be sent again after the cart is fixed.
        sessionStorage.removeItem(SENT + request.checkout_key);
        setStatus({
          state: 'failed',
          message: error instanceof ApiError ? error.message : t('cart:placed.failed'),
        });
      });
  }, [status.state, request, navigate, reloadHeader]);

  return (
    <div className="placed" aria-live="polite">
      {status.state === 'ordering' && (
        <>
          <h1>{t('cart:placed.placing')}</h1>
          <p className="banner banner--ok">{tm(CART_MSG.placing)}</p>
          <Loading label={t('cart:placed.placing')} />
        </>
      )}
      {status.state === 'confirmed' && (
        <>
          <h1>{t('cart:placed.confirmed')}</h1>
          <p>
            {t('cart:placed.numberBefore')}
            <strong>{status.orderNumber}</strong>
            {t('cart:placed.numberAfter')}
          </p>
          {status.onHold && (
            <p className="banner order__hold" role="status">
              {t('orders:placed.onHold')}
            </p>
          )}
          <p>
            <Link className="btn btn--primary" to={`/acer/order/${status.orderId}`}>
              {t('cart:placed.view')}
            </Link>{' '}
            <Link className="btn" to="/acer">
              {t('cart:placed.continue')}
            </Link>
          </p>
        </>
      )}
      {status.state === 'approval' && (
        <>
          <h1>{t('approvals:sentTitle')}</h1>
          <p className="banner banner--ok" role="status">
            {status.message}
          </p>
          <p>
            <Link className="btn btn--primary" to="/acer/account/orders">
              {t('approvals:seeRequests')}
            </Link>{' '}
            <Link className="btn" to="/acer">
              {t('approvals:continue')}
            </Link>
          </p>
        </>
      )}
      {status.state === 'failed' && (
        <>
          <h1>{t('cart:placed.failedTitle')}</h1>
          <p className="banner banner--error" role="alert">
            {status.message}
          </p>
          <p>
            <Link className="btn btn--primary" to="/acer/cart">
              {t('cart:placed.backToCart')}
            </Link>
          </p>
        </>
      )}
      {status.state === 'expired' && (
        <>
          <h1>{t('cart:placed.title')}</h1>
          <p className="banner banner--ok" role="status">
            {tm(CART_MSG.placedRefresh)}
          </p>
        </>
      )}
      {status.state === 'none' && (
        <>
          <h1>{t('cart:placed.title')}</h1>
          <p role="status">{tm(CART_MSG.nothingToPlace)}</p>
          <Link to="/acer/cart">{t('cart:placed.goToCart')}</Link>
        </>
      )}
    </div>
  );
}
