/** Where the app (and GraphiQL, which imports only this small module) reaches the GraphQL API. */
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
