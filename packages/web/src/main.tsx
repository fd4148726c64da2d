import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { SessionProvider } from './app/session';
import { loadNamespaces } from './lib/i18n';
import './styles.css';

// The header, footer and the specification's messages in the page's language come first; the server
// preloads these catalogues with the page.
await loadNamespaces('common', 'spec');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  </StrictMode>,
);
