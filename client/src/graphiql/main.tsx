import './setup-monaco-workers';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { graphqlWebSocketUrl, GRAPHQL_PATH, PREFLIGHT_HEADERS } from '../lib/graphql-endpoint';

/**
 * The GraphQL playground the server shows browsers at GET /graphql outside production. Bundled from npm
 * (no CDN); talks to the same endpoint as the app, with the session cookie, over HTTP and WebSocket.
 */
const fetcher = createGraphiQLFetcher({
  url: GRAPHQL_PATH,
  subscriptionUrl: graphqlWebSocketUrl(),
  headers: { ...PREFLIGHT_HEADERS },
  fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
});

const container = document.getElementById('graphiql');
if (!container) throw new Error('graphiql.html must contain #graphiql');

createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultEditorToolsVisibility shouldPersistHeaders={false} />
  </StrictMode>,
);
