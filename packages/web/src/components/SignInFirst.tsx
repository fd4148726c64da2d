import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';

/** Sends a visitor to sign in, remembering the page they wanted: they come back to it after. */
export function SignInFirst() {
  const { pathname } = useLocation();
  // One state object per path: a new one at each render would start the redirect over while it runs.
  const state = useMemo(() => ({ from: pathname }), [pathname]);
  return <Navigate to="/acer/signin" replace state={state} />;
}
