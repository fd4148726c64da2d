import { Link } from 'react-router';
import { Loading } from '../../../components/Loading';
import { Moment } from '../../../components/Moment';
import { t } from '../../../lib/i18n';
import { useOncePer } from '../../../lib/once';
import { refreshReads } from '../../../lib/reads';
import { useSession } from '../../../lib/session';
import { useAccountData } from '../data';
import { accountPath } from '../loader';
import { LoadError } from './LoadError';

function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

/** Messages from the shop, newest first; unread ones are marked. */
export function Messages() {
  const { data, error } = useAccountData('messages');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:messages.loading')} />;
  if (data.length === 0) return <p className="acct-empty">{t('account:messages.empty')}</p>;
  return (
    <ul className="acct-messages">
      {data.map((message) => (
        <li
          key={message.message_id}
          className={`acct-message${message.is_read ? '' : ' acct-message--unread'}`}
        >
          <Link to={`/acer/account/messages/${encodeURIComponent(String(message.message_id))}`}>
            <span className="acct-message__meta">
              {!message.is_read && <span className="acct-badge">{t('account:messages.new')}</span>}
              <Moment at={message.created_at} time />
            </span>
            <span className="acct-message__preview">{preview(message.body)}</span>
            {!message.is_read && <span className="visually-hidden"> {t('account:messages.unread')}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One message; reading it marks it read, so the unread count and the list are read again. */
export function MessageView() {
  const { customerId, reloadHeader } = useSession();
  const { data, error } = useAccountData('messages');
  // Once per message read (not twice under <StrictMode>): the list and the unread count are read again.
  useOncePer(data, () => {
    const list = accountPath(customerId, 'messages');
    refreshReads((path) => path === list);
    void reloadHeader();
  });

  const back = (
    <p>
      <Link to="/acer/account/messages">‹ {t('account:messages.back')}</Link>
    </p>
  );
  if (error)
    return (
      <LoadError error={error} back={{ to: '/acer/account/messages', label: t('account:messages.back') }} />
    );
  if (!data) return <Loading label={t('account:messages.loadingOne')} />;
  const message = data[0];
  if (!message) return back;
  return (
    <article className="acct-message-view">
      <h2>
        {t('account:messages.of')} <Moment at={message.created_at} time />
      </h2>
      <div className="acct-message-view__body">{message.body}</div>
      {back}
    </article>
  );
}
