/** The account's Stock alerts: each alert with its state (watching, matched on a date, paused); pause, edit, delete. */
import type { AlertAnswer, AlertView } from '@shop/domain/alerts/schemas';
import { FILTER_FIELDS } from '@shop/domain/catalog/rules';
import { catalogValue } from '@shop/domain/catalog/values';
import { toCents } from '@shop/domain/core/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { Moment } from '../../components/Moment';
import { api } from '../../lib/api';
import { failureMessage } from '../../lib/failures';
import { money, pageLang, t } from '../../lib/i18n';
import { categoryName, conditionName } from '../../lib/labels';
import { AlertForm } from './AlertForm';
import './alerts.css';

function StateOf({ alert }: { alert: AlertView }) {
  if (alert.state === 'paused') return <>{t('alerts:state.paused')}</>;
  if (alert.state === 'matched')
    return alert.last_fired_at ? (
      <>
        {t('alerts:state.matched')} <Moment at={alert.last_fired_at} />
      </>
    ) : (
      t('alerts:state.matchedNow')
    );
  return <>{t('alerts:state.watching')}</>;
}

function rule(alert: AlertView): string {
  return t('alerts:rule', {
    conditions: alert.conditions.map(conditionName).join(', '),
    quantity: alert.min_quantity,
    price:
      alert.max_price === null
        ? t('alerts:anyPrice')
        : t('alerts:upTo', { price: money(toCents(alert.max_price)) }),
  });
}

/**
 * What an alert watches, in the page's language: a listing's category and filter values translated (the
 * stored label is the English one; the mail and the unsubscribe page name it in theirs); a product by its name.
 */
function labelOf(alert: AlertView): string {
  const target = alert.target;
  if (target.kind !== 'filter') return alert.label;
  const place = target.subcategory
    ? `${categoryName(target.category)} › ${categoryName(target.subcategory)}`
    : categoryName(target.category);
  // In the listing's field order, as the server names it in mails (the stored filters' order is the database's).
  const values = FILTER_FIELDS.flatMap((field) =>
    (target.filters[field] ?? []).map((value) => catalogValue(field, value, pageLang())),
  );
  return values.length > 0 ? `${place}: ${values.join(', ')}` : place;
}

export function StockAlerts() {
  const [alerts, setAlerts] = useState<AlertView[] | null>(null);
  const [max, setMax] = useState(20);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let live = true;
    api('GET /api/user/alerts').then(
      (answer) => {
        if (!live) return;
        setAlerts(answer.alerts);
        setMax(answer.max);
      },
      (error: unknown) => live && setLoadError(failureMessage(error, t('alerts:actionFailed'))),
    );
    return () => {
      live = false;
    };
  }, []);

  if (loadError)
    return (
      <p className="banner banner--error" role="alert">
        {loadError}
      </p>
    );
  if (!alerts) return <Loading label={t('alerts:loading')} />;

  const replace = (answer: AlertAnswer) => {
    setAlerts((list) => (list ?? []).map((a) => (a.alert_id === answer.alert.alert_id ? answer.alert : a)));
    setStatus(answer.smessage);
  };

  const act = async (work: () => Promise<void>) => {
    setProblem('');
    setStatus('');
    try {
      await work();
    } catch (error) {
      setProblem(failureMessage(error, t('alerts:actionFailed')));
    }
  };

  return (
    <div className="stock-alerts">
      <p>{t('alerts:intro', { max })}</p>
      <p className="stock-alerts__count">{t('alerts:count', { count: alerts.length, max })}</p>
      <p className="acct-status-line" role="status">
        {status}
      </p>
      {problem && (
        <p className="banner banner--error" role="alert">
          {problem}
        </p>
      )}
      {alerts.length === 0 && <p>{t('alerts:empty')}</p>}
      <ul className="stock-alerts__list">
        {alerts.map((alert) => (
          <li key={alert.alert_id} className="stock-alert" data-testid="stock-alert">
            <div className="stock-alert__head">
              <Link to={alert.path} className="stock-alert__label">
                {labelOf(alert)}
              </Link>
              <span className={`stock-alert__state stock-alert__state--${alert.state}`}>
                <StateOf alert={alert} />
              </span>
            </div>
            <p className="stock-alert__rule">{rule(alert)}</p>
            {editing === alert.alert_id ? (
              <AlertForm
                title={t('alerts:edit')}
                initial={{
                  conditions: alert.conditions,
                  min_quantity: alert.min_quantity,
                  max_price: alert.max_price,
                }}
                save={(values) =>
                  api('PUT /api/user/alerts/:alertId', { params: { alertId: alert.alert_id }, body: values })
                }
                onSaved={(answer) => {
                  setEditing(null);
                  replace(answer);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <div className="stock-alert__actions">
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    act(async () =>
                      replace(
                        await api('PUT /api/user/alerts/:alertId/paused', {
                          params: { alertId: alert.alert_id },
                          body: { paused: !alert.paused },
                        }),
                      ),
                    )
                  }
                >
                  {alert.paused ? t('alerts:resume') : t('alerts:pause')}
                </button>
                <button type="button" className="btn" onClick={() => setEditing(alert.alert_id)}>
                  {t('alerts:edit')}
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    act(async () => {
                      if (!window.confirm(t('alerts:deleteConfirm', { label: labelOf(alert) }))) return;
                      const answer = await api('DELETE /api/user/alerts/:alertId', {
                        params: { alertId: alert.alert_id },
                      });
                      setAlerts((list) => (list ?? []).filter((a) => a.alert_id !== alert.alert_id));
                      setStatus(answer.smessage ?? '');
                    })
                  }
                >
                  {t('alerts:delete')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
