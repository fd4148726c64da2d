/** The order's lines with its subtotal, taxes and total. */
import type { AdminOrderDetail } from '@shop/domain/back-office/schemas';
import { toAmount, toCents } from '@shop/domain/core/money';
import { Link } from 'react-router';
import { ADMIN_BASE } from '../../api';
import { Money } from '../../ui';
import { conditionWord } from '../../words';
import { TaxRows } from './taxes';

export function Lines({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-section" aria-labelledby="lines-heading">
      <h2 id="lines-heading">Lines</h2>
      <p>
        {/* A PDF to print and put in the box: ship-to, lines, quantities and serials; no prices. */}
        <a href={`/api/admin/orders/${order.order_id}/packing-slip.pdf`} target="_blank" rel="noopener">
          Packing slip (PDF)
        </a>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Condition</th>
              <th scope="col" className="admin-num">
                Qty
              </th>
              <th scope="col" className="admin-num">
                Unit price
              </th>
              <th scope="col" className="admin-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={`${l.item_id}-${l.item_condition}`}>
                <td>
                  <Link to={`${ADMIN_BASE}/products/${l.item_id}`}>{l.item_name}</Link>
                  {l.serials.length > 0 && (
                    <span className="admin-serial-list">Serial numbers: {l.serials.join(', ')}</span>
                  )}
                </td>
                <td>{l.sku}</td>
                <td>{conditionWord(l.item_condition)}</td>
                <td className="admin-num">{l.quantity}</td>
                <td className="admin-num">
                  <Money amount={l.item_rate} />
                </td>
                <td className="admin-num">
                  <Money amount={toAmount(toCents(l.item_rate) * l.quantity)} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Subtotal
              </th>
              <td className="admin-num">
                <Money amount={order.subtotal} />
              </td>
            </tr>
            <TaxRows taxes={order.taxes} span={5} />
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td className="admin-num">
                <Money amount={order.total} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
