import { i18nReady } from '../lib/i18n';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppApolloClient } from '../lib/apollo-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// A remembered Hindi choice: its texts (a chunk of their own) arrive before the first render, never English first.
await i18nReady;
const apollo = createAppApolloClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders apollo={apollo}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
