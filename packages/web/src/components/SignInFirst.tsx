import { Navigate, useLocation } from 'react-router';

/** Sends a visitor to sign in, remembering the page they wanted: they come back to it after. */
export function SignInFirst() {
  const { pathname } = useLocation();
  return <Navigate to="/acer/signin" replace state={{ from: pathname }} />;
}
