import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage } from '../../../lib/failures';
import { t } from '../../../lib/i18n';
import { useAccountData, useRefreshAccount } from '../data';
import { LoadError } from './LoadError';

/** The newsletter subscription: one button, Subscribe or Unsubscribe by the current state. */
export function Subscription() {
  const refreshAccount = useRefreshAccount();
  const { data, error } = useAccountData('subscription');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:subscription.loading')} />;
  const subscribed = data[0]?.subscribed ?? false;

  const toggle = async () => {
    setBusy(true);
    setStatus('');
    try {
      const answer = await api('POST /api/user/subscription', { body: { subscribed: !subscribed } });
      setStatus(
        answer.smessage ??
          (subscribed ? t('account:subscription.unsubscribed') : t('account:subscription.subscribed')),
      );
      void refreshAccount([{ session: 'subscription', data: answer.subscription }]);
    } catch (e) {
      window.alert(failureMessage(e, t('account:subscription.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acct-subscription">
      <p>{t('account:subscription.intro')}</p>
      <p>
        {t('account:subscription.state')}{' '}
        <strong>{subscribed ? t('account:subscription.stateOn') : t('account:subscription.stateOff')}</strong>
      </p>
      <button
        type="button"
        className={subscribed ? 'btn' : 'btn btn--primary'}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {subscribed ? t('account:subscription.unsubscribe') : t('account:subscription.subscribe')}
      </button>
      <p className="acct-status-line" role="status">
        {status}
      </p>
    </div>
  );
}
