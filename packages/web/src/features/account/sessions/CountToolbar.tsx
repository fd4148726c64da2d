import { Link } from 'react-router';
import { t } from '../../../lib/i18n';

/** The 'N / max' count of a collection, its add link (hidden at the maximum) and a status line. */
export function CountToolbar({
  label,
  count,
  max,
  addTo,
  addLabel,
  canAdd = true,
  status,
}: {
  label: string;
  count: number;
  max: number;
  addTo: string;
  addLabel: string;
  /** False hides the add link for people who may not add (a company's buyers and addresses). */
  canAdd?: boolean;
  status: string;
}) {
  return (
    <>
      <div className="acct-toolbar">
        <p className="acct-count">
          <span className="visually-hidden">{t('account:count.label', { label })}</span>
          {count} / {max}
        </p>
        {canAdd && count < max && (
          <Link className="btn btn--primary" to={addTo}>
            {addLabel}
          </Link>
        )}
      </div>
      <p className="acct-status-line" role="status">
        {status}
      </p>
    </>
  );
}
