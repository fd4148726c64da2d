/** A table of returns: RMA number (to the return's page), order, day, reason, units and state. */
import type { ReturnSummary } from '@shop/domain/after-sale/return-answers';
import { Link } from 'react-router';
import { formatDate, t } from '../../lib/i18n';
import { reasonName, stateName } from './words';

export function ReturnsList({ returns, caption }: { returns: ReturnSummary[]; caption: string }) {
  return (
    <table className="quote-table returns-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('returns:list.number')}</th>
          <th scope="col">{t('returns:list.order')}</th>
          <th scope="col">{t('returns:list.date')}</th>
          <th scope="col">{t('returns:list.reason')}</th>
          <th scope="col">{t('returns:list.units')}</th>
          <th scope="col">{t('returns:list.state')}</th>
        </tr>
      </thead>
      <tbody>
        {returns.map((r) => (
          <tr key={r.return_id}>
            <th scope="row">
              <Link to={`/acer/returns/${r.return_id}`}>{r.rma_number}</Link>
            </th>
            <td>
              <Link to={`/acer/order/${r.order_id}`}>{r.order_number}</Link>
            </td>
            <td>{formatDate(r.created_at)}</td>
            <td>{reasonName(r.reason)}</td>
            <td>{r.units}</td>
            <td>{stateName(r.state)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
