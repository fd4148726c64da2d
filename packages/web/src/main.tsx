import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { readCookie } from './lib/cookies';
import { loadNamespaces } from './lib/i18n';
import { revalidateWith } from './lib/reads';
import { SessionProvider } from './lib/session';
import type { RenderedData } from './ssr/data';
import './styles.css';

// The header, footer and the specification's messages in the page's language come first; the server
// preloads these catalogues with the page.
await loadNamespaces('common', 'spec');

/** The answers the server rendered this page with, when it did (ssr/entry-server.tsx). */
function renderedData(): RenderedData | null {
  const script = document.getElementById('page-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as RenderedData;
  } catch (error) {
    console.error('The page data sent with the page could not be read; the page is drawn again.', error);
    return null;
  }
}

// The browser's time zone, for the dates of the next pages the server draws (lib/i18n.ts).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && readCookie('tz') !== zone)
  document.cookie = `tz=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;

const rendered = renderedData();
// A page drawn on the server brings the code that hydrates it (preloaded with it); others need none.
const router = createBrowserRouter(
  routes,
  rendered ? { hydrationData: await (await import('./ssr/hydrate')).hydrationState(routes, rendered) } : {},
);
revalidateWith(() => router.revalidate());

const root = document.getElementById('root')!;
const page = (
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  </StrictMode>
);
// Hydrated as a transition: React takes the page over in short slices, so a tap or a scroll while it does
// is answered between them (the page is already painted and readable: the server drew it).
if (rendered)
  startTransition(() => {
    hydrateRoot(root, page);
  });
else createRoot(root).render(page);
