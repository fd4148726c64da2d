import { MSG } from '@shop/domain/core/messages';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Loading } from '../components/Loading';
import { t, tm } from '../lib/i18n';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * The header and footer around every page. While the first page's code and loader start (`starting`,
 * the router's fallback), the header and footer already show, with the loading image holding the page's
 * place: the work of drawing the page is split in two, and nothing moves when the page arrives.
 */
export function Layout({ starting = false }: { starting?: boolean }) {
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common:layout.skip')}
      </a>
      <Header />
      <main id="main" className="page" aria-busy={navigation.state === 'loading'}>
        {starting ? (
          <Loading fill />
        ) : (
          <Suspense fallback={<Loading fill />}>
            <Outlet />
            <Ready />
          </Suspense>
        )}
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

/**
 * Marks the page as ready for input once the page itself (inside its Suspense boundary, which React may
 * hydrate after the frame around it) has its handlers, for whoever waits for it (the browser tests).
 */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

export function RouteError() {
  return (
    <main className="page page--error">
      <h1>{tm(MSG.unexpected)}</h1>
      <p>
        <a href="/acer">{t('common:layout.backToStore')}</a>
      </p>
    </main>
  );
}
