import { CART_MSG } from '@shop/domain/cart';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { Loading } from '../../components/Loading';
import { ApiError, api } from '../../lib/api';
import { refreshReads } from '../../lib/reads';
import { usePageTitle } from '../../lib/title';
import type { OrderRequest } from '../checkout/CheckoutPage';
import '../cart/cart.css';

type Status =
  | { state: 'ordering' }
  | { state: 'confirmed'; orderId: number; orderNumber: string }
  | { state: 'failed'; message: string }
  | { state: 'expired' }
  | { state: 'none' };

const SENT = 'acer-order-sent:';

/**
 * Places the order passed from checkout (SPEC §4 Order placing status). Reached by a refresh, the same
 * checkout is not sent again: the page says so and goes to the orders list.
 */
export default function OrderPlacedPage() {
  usePageTitle('Order');
  const location = useLocation();
  const navigate = useNavigate();
  const { reloadHeader } = useSession();
  const request = (location.state as { orderRequest?: OrderRequest } | null)?.orderRequest;
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
    api<{ orderId: number; orderNumber: string }>('/placeorder', { method: 'POST', body: request })
      .then((answer) => {
        setStatus({ state: 'confirmed', orderId: answer.orderId, orderNumber: answer.orderNumber });
        void reloadHeader();
        refreshReads('/user/');
      })
      .catch((error) => {
        // A refused order may be sent again after the cart is fixed.
        sessionStorage.removeItem(SENT + request.checkout_key);
        setStatus({
          state: 'failed',
          message: error instanceof ApiError ? error.message : 'The order could not be placed.',
        });
      });
  }, [status.state, request, navigate, reloadHeader]);

  return (
    <div className="placed" aria-live="polite">
      {status.state === 'ordering' && (
        <>
          <h1>Placing your order</h1>
          <p className="banner banner--ok">{CART_MSG.placing}</p>
          <Loading label="Placing your order" />
        </>
      )}
      {status.state === 'confirmed' && (
        <>
          <h1>Thank you, your order is confirmed</h1>
          <p>
            Your order number is <strong>{status.orderNumber}</strong>. A confirmation has been sent to your
            e-mail.
          </p>
          <p>
            <Link className="btn btn--primary" to={`/acer/order/${status.orderId}`}>
              View your order
            </Link>{' '}
            <Link className="btn" to="/acer">
              Continue shopping
            </Link>
          </p>
        </>
      )}
      {status.state === 'failed' && (
        <>
          <h1>Your order was not placed</h1>
          <p className="banner banner--error" role="alert">
            {status.message}
          </p>
          <p>
            <Link className="btn btn--primary" to="/acer/cart">
              Back to your cart
            </Link>
          </p>
        </>
      )}
      {status.state === 'expired' && (
        <>
          <h1>Order</h1>
          <p className="banner banner--ok" role="status">
            {CART_MSG.placedRefresh}
          </p>
        </>
      )}
      {status.state === 'none' && (
        <>
          <h1>Order</h1>
          <p role="status">{CART_MSG.nothingToPlace}</p>
          <Link to="/acer/cart">Go to your cart</Link>
        </>
      )}
    </div>
  );
}
