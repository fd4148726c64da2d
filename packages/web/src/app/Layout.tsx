import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Loading } from '../components/Loading';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page" aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

export function RouteError() {
  return (
    <main className="page page--error">
      <h1>Unexpected Application Error!</h1>
      <p>
        <a href="/acer">Back to the store</a>
      </p>
    </main>
  );
}
