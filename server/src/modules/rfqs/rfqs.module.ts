import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import { routeOf } from '../../outbox/outbox.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { ProductMediaStore } from '../products/products.public.js';
import type { SearchService } from '../search/search.service.js';
import { RFQ_QUEUE, rfqChanged } from './rfq-events.js';
import { rfqNotifiable } from './rfq-notifiable.js';
import { registerRfqJobs } from './rfqs.jobs.js';
import { rfqLiveRoute } from './rfqs.live.js';
import { RfqsResolver } from './rfqs.resolver.js';
import { RfqPhotos } from './rfq-photos.js';
import { rfqRoutes, rfqUploadRoutes } from './rfqs.routes.js';
import { RfqService } from './rfqs.service.js';

/** Buy requirements: a buyer's need matched with sellers, their quotes compared, one accepted as an order. */
/** The services this module's routes, jobs and seed take (each names its own). */
type RfqsDeps = { rfqs: RfqService; storage: Storage; infra: Infra };

export const rfqsModule: AppModule<RfqsDeps> = {
  name: 'rfqs',
  resolvers: [RfqsResolver],
  routes: rfqRoutes,
  rawRoutes: rfqUploadRoutes,
  // Each committed requirement event: the told parties' live events; a posted requirement and a decline
  // also the matching job (a decline tops the matches up).
  topics: [routeOf(rfqChanged, { queue: RFQ_QUEUE, when: (e) => e.type === 'declined' }, rfqLiveRoute)],
  jobs: registerRfqJobs,
  notifiable: [rfqNotifiable],
};

/** The requirements service, given accounts, the search's understanding and the chat (quotes and their orders). */
export function createRfqServices(infra: Infra, deps: { auth: AuthService; search: SearchService; chat: ChatService; media: ProductMediaStore }) {
  const { config } = infra;
  const { media, ...rest } = deps;
  const rfqs = new RfqService({
    ...rest,
    photos: new RfqPhotos(media),
    clock: infra.clock,
    matchCap: config.RFQ_MATCH_CAP,
    openLimit: config.RFQ_OPEN_LIMIT,
    dailyLimit: config.RFQ_DAILY_LIMIT,
  });
  // Whichever screen orders a requirement's quote card, the requirement is fulfilled in that order's transaction.
  deps.chat.onQuoteOrdered((tx, messageId, orderId) => rfqs.quoteOrdered(tx, messageId, orderId));
  return { rfqs };
}
export type RfqServices = ReturnType<typeof createRfqServices>;
