import type { RequestContext } from '../common/request-context.js';

/** The socket an operation arrived on (WebSocket only). */
export interface LiveSocket {
  /** Whether the socket's session still exists (checked in Redis now). */
  sessionAlive(): Promise<boolean>;
  /** Closes the socket with 4401 (its session ended: logout, expiry, password change, deletion). */
  sessionEnded(): void;
}

/**
 * The GraphQL context, over HTTP and over WebSocket alike. `S` is what its user needs of the services (a resolver
 * file names its own, e.g. `GqlContext<{ orders: OrderService }>`); the app passes them all.
 */
export interface GqlContext<S = unknown> {
  ctx: RequestContext;
  services: S;
  /** Set for operations over WebSocket. */
  socket?: LiveSocket;
  /** Set for a visitor's request over HTTP whose answer may be kept (graphql/visitor-responses.ts). */
  visitorAnswer?: VisitorAnswer;
}

/** What the GraphQL context carries for a visitor's query that may be kept (graphql/visitor-responses.ts): its key, and (once known) what it depends on. */
export interface VisitorAnswer {
  key: string;
  tags: string[] | null;
  /** A change of something it depends on committed while it ran: answered, not kept. */
  stale: boolean;
}
