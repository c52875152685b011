import '../lib/i18n';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppApolloClient } from '../lib/apollo-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const apollo = createAppApolloClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders apollo={apollo}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
