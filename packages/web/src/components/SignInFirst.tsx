import { Link, Navigate, useLocation } from 'react-router';
import { useHydrated } from '../lib/hydrated';
import { t } from '../lib/i18n';

/**
 * Sends a visitor to sign in, remembering the page they wanted: they come back to it after. Drawn on the
 * server (and while the page hydrates) it is a link to sign in, which also serves a browser without scripts.
 */
export function SignInFirst() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  if (hydrated) return <Navigate to="/acer/signin" replace state={{ from: pathname }} />;
  return (
    <p className="sign-in-first">
      <Link to="/acer/signin" replace state={{ from: pathname }}>
        {t('common:signInFirst')}
      </Link>
    </p>
  );
}
