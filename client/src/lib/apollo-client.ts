import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';

export const GRAPHQL_PATH = '/graphql';

/**
 * Apollo Server's CSRF prevention only accepts "simple" requests (the ones a cross-site form could
 * send) when they carry a header like this one, which forces a CORS preflight.
 */
export const PREFLIGHT_HEADERS = { 'apollo-require-preflight': 'true' } as const;

/** ws(s)://<this host>/graphql: same origin as the page, so the browser sends the session cookie. */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${GRAPHQL_PATH}`;
}

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

function createWebSocketClient(): Client {
  return createClient({
    url: graphqlWebSocketUrl(),
    // Connect on the first subscription only (and close after the last); most screens have none.
    lazy: true,
    // The socket's language, for its error messages (read at each connection, so it follows the toggle).
    connectionParams: () => ({ locale: localeHeaders()['x-locale'] }),
  });
}

/** Builds the app's Apollo Client: queries and mutations over HTTP, subscriptions over graphql-ws. */
export function createAppApolloClient(): AppApolloClient {
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
    cache: new InMemoryCache(),
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
