import { Navigate } from 'react-router';
import { serverScope } from '../lib/scope';

/**
 * Sends the page on to another address, replacing this one. Drawn on the server it becomes the answer's
 * HTTP redirect (ssr/entry-server.tsx), so no history entry and no empty page; in the browser it navigates.
 */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  const scope = serverScope();
  if (scope) {
    scope.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace state={state} />;
}
