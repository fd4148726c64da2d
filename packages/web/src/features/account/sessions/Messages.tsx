import { fieldErrors } from '@shop/domain/account/contact';
import { ACCOUNT_MSG, MESSAGE_REPLY_MAX, messageReplySchema } from '@shop/domain/account/schemas';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { focusFirstError, TextAreaField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { Moment } from '../../../components/Moment';
import { api } from '../../../lib/api';
import { failureMessage, serverFieldErrors } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { useOncePer } from '../../../lib/once';
import { refreshReads } from '../../../lib/reads';
import { useSession } from '../../../lib/session';
import { useAccountData, useRefreshAccount } from '../data';
import { accountPath } from '../loader';
import { LoadError } from './LoadError';

function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

/** Threads with the shop, the latest active first; unread ones (the seller wrote since) are marked. */
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

/** One thread: the seller's message, then the replies in order; reading it marks it read. */
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
      <ol className="acct-thread" aria-label={t('account:messages.thread')}>
        <li className="acct-thread__entry acct-thread__entry--seller">
          <p className="acct-thread__meta">
            {t('account:messages.fromSeller')} · <Moment at={message.created_at} time />
          </p>
          <div className="acct-message-view__body">{message.body}</div>
        </li>
        {(message.replies ?? []).map((reply) => (
          <li key={reply.reply_id} className={`acct-thread__entry acct-thread__entry--${reply.author}`}>
            <p className="acct-thread__meta">
              {reply.author === 'seller'
                ? t('account:messages.fromSeller')
                : t('account:messages.fromBuyer', { name: reply.name })}{' '}
              · <Moment at={reply.created_at} time />
            </p>
            <div className="acct-message-view__body">{reply.body}</div>
          </li>
        ))}
      </ol>
      <ReplyForm messageId={message.message_id} />
      {back}
    </article>
  );
}

/** The buyer's reply: checked here by the domain's rule, then by the server, which keeps it in the thread. */
function ReplyForm({ messageId }: { messageId: number }) {
  const { customerId } = useSession();
  const refreshAccount = useRefreshAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus('');
    const parsed = messageReplySchema.safeParse({ body });
    if (!parsed.success) {
      setBodyError(tm(fieldErrors(parsed.error).body ?? ACCOUNT_MSG.messageReply));
      focusFirstError(formRef.current);
      return;
    }
    setBodyError('');
    setBusy(true);
    try {
      const answer = await api('POST /api/user/:customerid/messages/:messageId/reply', {
        params: { customerid: customerId, messageId },
        body: { body: parsed.data.body },
      });
      setBody('');
      setStatus(answer.smessage);
      await refreshAccount([{ session: 'messages', sessionid: String(messageId), data: answer.messages }]);
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields?.body) {
        setBodyError(fields.body);
        focusFirstError(formRef.current);
      } else window.alert(failureMessage(e, tm(ACCOUNT_MSG.messageReply)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form acct-form acct-thread__reply" onSubmit={submit} noValidate>
      <TextAreaField
        id="message-reply"
        label={t('account:messages.reply')}
        required
        maxLength={MESSAGE_REPLY_MAX}
        value={body}
        onChange={setBody}
        error={bodyError}
        hint={t('account:messages.replyHint', { max: MESSAGE_REPLY_MAX })}
      />
      <div className="acct-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:messages.send')}
        </button>
      </div>
      <p className="acct-status-line" role="status">
        {status}
      </p>
    </form>
  );
}
