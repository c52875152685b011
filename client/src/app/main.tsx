import { followRememberedLanguage, i18nReady } from '../lib/i18n';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppApolloClient } from '../lib/apollo-client';
import { renderedState } from '../lib/page-head';
import { watchInstallPrompt } from '../lib/pwa/install-hint';
import { registerServiceWorker } from '../lib/pwa/register';
import { AppProviders } from './app-providers';
import { createAppRouter, preloadPage } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

/**
 * Starts the app. Not awaited at the module's top level: a screen's chunk imports this entry's chunk, and a
 * dynamic import of it would wait for this module to finish evaluating while this module waited for it.
 */
async function start(root: HTMLElement): Promise<void> {
  // A page the server rendered for a visitor (docs/architecture.md#rendered-pages) carries the data it shows.
  const rendered = renderedState();
  // The page's language (a rendered page's own, else a remembered Hindi choice): its texts (a chunk of their own)
  // arrive before the first render, never English first.
  await i18nReady;
  // The code of what a rendered page shows comes first (its chunks were fetched beside the entry's): React then
  // finds it there when it takes over the server's markup, and keeps that markup as it is.
  if (rendered) await preloadPage(window.location.pathname);
  const apollo = createAppApolloClient(rendered);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders apollo={apollo} renderedForVisitor={rendered !== null}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!rendered) {
    createRoot(root).render(app);
    return;
  }
  hydrateRoot(root, app);
  await followRememberedLanguage();
}

watchInstallPrompt();
void start(container);
registerServiceWorker();
