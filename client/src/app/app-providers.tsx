import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth';
import type { AppApolloClient } from '../lib/apollo-client';

/**
 * Everything screens rely on that is not routing: GraphQL client and session. (i18n is a singleton in the
 * browser; the server's renderer gives each language its own instance.) `renderedForVisitor`: the page was
 * rendered by the server for a visitor without a session (main.tsx hydrates it; the renderer renders it so).
 */
export function AppProviders({ apollo, renderedForVisitor = false, children }: { apollo: AppApolloClient; renderedForVisitor?: boolean; children: ReactNode }) {
  return (
    <ApolloProvider client={apollo.client}>
      <SessionProvider onSessionChange={apollo.restartRealtime} renderedForVisitor={renderedForVisitor}>
        {children}
      </SessionProvider>
    </ApolloProvider>
  );
}
