/**
 * "Return to procurement", in a punchout session only: the cart goes back to the buyer's procurement
 * system. The server answers the form (a cXML PunchOutOrderMessage, or OCI's NEW_ITEM-* fields) and
 * empties the cart; the page posts that form to the procurement system's return address, in the window the
 * procurement system opened the shop in (the whole window when the shop is framed).
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { failureMessage } from '../../lib/failures';
import { t } from '../../lib/i18n';

function post(url: string, fields: { name: string; value: string }[]) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.target = '_top';
  form.acceptCharset = 'UTF-8';
  for (const field of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

export function ReturnToProcurement({ hasLines }: { hasLines: boolean }) {
  // The punchout session's mark (a cookie the server sets with the session): the page drawn on the server
  // shows the button as the browser does, and nothing is read after it.
  const punchout = readCookie('punchout') === '1';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');

  if (!punchout || !hasLines) return null;

  const send = async () => {
    setBusy(true);
    setProblem('');
    try {
      const answer = await api('POST /api/user/punchout/return');
      setStatus(answer.smessage);
      post(answer.url, answer.fields);
    } catch (error) {
      setProblem(failureMessage(error, t('cart:punchout.failed')));
      setBusy(false);
    }
  };

  return (
    <div className="cart__punchout">
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void send()}>
        {t('cart:punchout.return')}
      </button>
      <p className="field-hint">{t('cart:punchout.hint')}</p>
      <p role="status">{status}</p>
      <p className="field-error" role="alert">
        {problem}
      </p>
    </div>
  );
}
