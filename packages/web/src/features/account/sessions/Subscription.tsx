import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage, useAccountData, useRefreshAccount } from '../data';
import type { Subscription as SubscriptionState } from '../types';
import { LoadError } from './LoadError';

/** The newsletter subscription: one button, Subscribe or Unsubscribe by the current state. */
export function Subscription() {
  const refreshAccount = useRefreshAccount();
  const { data, error } = useAccountData('subscription');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label="Loading your subscription" />;
  const subscribed = data[0]?.subscribed ?? false;

  const toggle = async () => {
    setBusy(true);
    setStatus('');
    try {
      const answer = await api<{ subscription?: SubscriptionState[]; smessage?: string }>(
        '/user/subscription',
        { method: 'POST', body: { subscribed: !subscribed } },
      );
      setStatus(
        answer.smessage ??
          (subscribed
            ? 'You have unsubscribed from our newsletter.'
            : 'You have subscribed to our newsletter.'),
      );
      void refreshAccount([
        { session: 'subscription', data: answer.subscription ?? [{ subscribed: !subscribed }] },
      ]);
    } catch (e) {
      window.alert(failureMessage(e, 'Subscription failed to update, please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acct-subscription">
      <p>
        Our newsletter brings new arrivals, sales, recertified and scratch-and-dent offers and stock updates
        to your e-mail address, usually once or twice a month. You can unsubscribe at any time.
      </p>
      <p>
        Current state:{' '}
        <strong>{subscribed ? 'subscribed to the newsletter' : 'not subscribed to the newsletter'}</strong>
      </p>
      <button
        type="button"
        className={subscribed ? 'btn' : 'btn btn--primary'}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      <p className="acct-status-line" role="status">
        {status}
      </p>
    </div>
  );
}
