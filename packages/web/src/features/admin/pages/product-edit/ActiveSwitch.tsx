/** A saved product's sale switch: deactivate it (carts, orders and wish lists show it as removed) or reactivate it. */
import type { AdminProduct } from '@shop/domain/back-office/schemas';
import { Result, useAction } from '../../ui';

export function ActiveSwitch({ product }: { product: AdminProduct }) {
  const { fetcher, busy, result } = useAction();
  return (
    <section className="admin-card" aria-labelledby="active-heading">
      <h2 id="active-heading">For sale</h2>
      <p>
        {product.is_active
          ? 'Active: buyers can order it.'
          : 'Deactivated: carts, orders and wish lists show it as removed.'}
      </p>
      <Result result={result} />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="active" />
        <input type="hidden" name="is_active" value={product.is_active ? 'false' : 'true'} />
        <button
          type="submit"
          className={product.is_active ? 'admin-btn admin-btn--danger' : 'admin-btn'}
          disabled={busy}
        >
          {product.is_active ? 'Deactivate product' : 'Reactivate product'}
        </button>
      </fetcher.Form>
    </section>
  );
}
