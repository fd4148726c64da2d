import { Link } from 'react-router';
import { failureMessage } from '../../../lib/failures';
import { t } from '../../../lib/i18n';
import { useOncePer } from '../../../lib/once';

/** A failed load: the server's message in an alert (SPEC §8) and on the page, with an optional way back. */
export function LoadError({ error, back }: { error: unknown; back?: { to: string; label: string } }) {
  const message = typeof error === 'string' ? error : failureMessage(error, t('account:loadFailed'));
  useOncePer(message, (text) => window.alert(text));
  return (
    <>
      <p className="banner banner--error" role="alert">
        {message}
      </p>
      {back && (
        <p>
          <Link to={back.to}>‹ {back.label}</Link>
        </p>
      )}
    </>
  );
}
