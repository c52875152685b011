import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';

import { graphqlWebSocketUrl, GRAPHQL_PATH, PREFLIGHT_HEADERS } from './graphql-endpoint';

export { graphqlWebSocketUrl, GRAPHQL_PATH, PREFLIGHT_HEADERS };

/**
 * The interface language, for the server (`x-locale`): it is the language of an account created
 * now and of the messages a request sends (a Hindi signup gets its code by email in Hindi). Read
 * per request, so switching the language needs no new client. Taken from `<html lang>`, which
 * lib/i18n keeps in step with the interface language, so this module (shared with the GraphiQL
 * page) does not pull in the translations.
 */
export function localeHeaders(doc: Pick<Document, 'documentElement'> = document): { 'x-locale': 'en' | 'hi' } {
  return { 'x-locale': doc.documentElement.lang === 'hi' ? 'hi' : 'en' };
}

/** Adds `x-locale` to every HTTP operation; an operation that sets its own keeps it. */
export const localeLink = new ApolloLink((operation, forward) => {
  operation.setContext((context: { headers?: Record<string, string> }) => ({ headers: { ...localeHeaders(), ...context.headers } }));
  return forward(operation);
});

export interface AppApolloClient {
  client: ApolloClient;
  /**
   * Replaces the WebSocket client. A socket is authenticated once, by the cookie sent with its
   * handshake, so after login or logout the next subscription must open a fresh socket.
   */
  restartRealtime: () => void;
}

/**
 * Dispatched on `window` each time the realtime socket (re)connects, so screens showing live data
 * refetch what they may have missed while it was down (their subscriptions resume by themselves).
 */
export const REALTIME_CONNECTED_EVENT = 'bb:realtime-connected';

/**
 * The realtime socket's state, for a visible "reconnecting" notice: `idle` (no socket: no screen
 * subscribes), `connecting` (first connection), `live`, `reconnecting` (lost; retrying with backoff),
 * `ended` (the server ended the session: 4401, not retried).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended';

/** A tiny store of the realtime status (read with `useSyncExternalStore`, lib/live). */
export const realtimeStatus = (() => {
  let status: RealtimeStatus = 'idle';
  const listeners = new Set<() => void>();
  return {
    get: (): RealtimeStatus => status,
    set(next: RealtimeStatus) {
      if (next === status) return;
      status = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/** The close code of a socket whose session ended (server/src/ws/ws-server.ts). */
export const SESSION_ENDED_CLOSE = 4401;

/** Waits before the nth retry: 0.5 s doubling up to 30 s, with jitter so clients do not return in step. */
export function retryDelayMs(retries: number, random = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** retries);
  return Math.round(base / 2 + (random() * base) / 2);
}

function createWebSocketClient(): Client {
  let everConnected = false;
  return createClient({
    url: graphqlWebSocketUrl(),
    on: {
      connecting: () => realtimeStatus.set(everConnected ? 'reconnecting' : 'connecting'),
      connected: () => {
        everConnected = true;
        realtimeStatus.set('live');
        window.dispatchEvent(new Event(REALTIME_CONNECTED_EVENT));
      },
      closed: (event) => {
        const code = (event as { code?: number } | undefined)?.code;
        // A normal close is the lazy socket closing after its last subscription.
        realtimeStatus.set(code === SESSION_ENDED_CLOSE ? 'ended' : code === 1000 ? 'idle' : 'reconnecting');
      },
    },
    // Retried for as long as the page is open (a phone loses its network often), with backoff.
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    // Connect on the first subscription only (and close after the last); most screens have none.
    lazy: true,
    // The socket's language, for its error messages (read at each connection, so it follows the toggle).
    connectionParams: () => ({ locale: localeHeaders()['x-locale'] }),
  });
}

/**
 * Builds the app's Apollo Client: queries and mutations over HTTP, subscriptions over graphql-ws. `rendered`:
 * the cache a server-rendered page carries, which the app hydrates from; its queries are not asked again
 * for the first moment (Apollo's `ssrForceFetchDelay`), as the server has just answered them.
 */
export function createAppApolloClient(rendered?: Record<string, unknown> | null): AppApolloClient {
  let wsClient = createWebSocketClient();
  let wsLink = new GraphQLWsLink(wsClient);

  // Delegates to whichever socket is current, so restarting needs no new ApolloClient (and keeps the cache).
  const realtimeLink = new ApolloLink((operation) => wsLink.request(operation));

  const httpLink = new HttpLink({
    uri: GRAPHQL_PATH,
    credentials: 'include',
    headers: { ...PREFLIGHT_HEADERS },
  });

  const client = new ApolloClient({
    link: ApolloLink.split(
      ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
      realtimeLink,
      ApolloLink.from([localeLink, httpLink]),
    ),
    cache: rendered ? createCache().restore(rendered as NormalizedCacheObject) : createCache(),
    ...(rendered ? { ssrForceFetchDelay: 1000 } : {}),
  });

  return {
    client,
    restartRealtime() {
      const previous = wsClient;
      wsClient = createWebSocketClient();
      wsLink = new GraphQLWsLink(wsClient);
      // Completes the old socket's subscriptions; screens that need them resubscribe on their next render.
      void previous.dispose();
    },
  };
}

/**
 * The cache with the app's field policies (the tests' mocked client uses the same one): a product's
 * gallery is always replaced whole by the server's list (an edit removes or reorders items).
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies: { Product: { fields: { gallery: { merge: false } } } } });
}
