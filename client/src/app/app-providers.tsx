import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session-context';
import type { AppApolloClient } from '../lib/apollo-client';

/** Everything screens rely on that is not routing: GraphQL client and session. (i18n is a singleton.) */
export function AppProviders({ apollo, children }: { apollo: AppApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={apollo.client}>
      <SessionProvider onSessionChange={apollo.restartRealtime}>{children}</SessionProvider>
    </ApolloProvider>
  );
}
