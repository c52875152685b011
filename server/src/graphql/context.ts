import type { RequestContext } from '../common/request-context.js';
import type { Services } from '../app/create-services.js';

/** The GraphQL context, over HTTP and over WebSocket alike. */
export interface GqlContext {
  ctx: RequestContext;
  services: Services;
}
