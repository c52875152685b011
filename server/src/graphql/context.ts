import type { RequestContext } from '../common/request-context.js';
import type { Services } from '../app/create-services.js';
import type { VisitorAnswer } from './visitor-responses.js';

/** The socket an operation arrived on (WebSocket only). */
export interface LiveSocket {
  /** Whether the socket's session still exists (checked in Redis now). */
  sessionAlive(): Promise<boolean>;
  /** Closes the socket with 4401 (its session ended: logout, expiry, password change, deletion). */
  sessionEnded(): void;
}

/** The GraphQL context, over HTTP and over WebSocket alike. */
export interface GqlContext {
  ctx: RequestContext;
  services: Services;
  /** Set for operations over WebSocket. */
  socket?: LiveSocket;
  /** Set for a visitor's request over HTTP whose answer may be kept (graphql/visitor-responses.ts). */
  visitorAnswer?: VisitorAnswer;
}
