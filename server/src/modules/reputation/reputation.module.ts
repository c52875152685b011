import { UnrecoverableError, type Job } from 'bullmq';
import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import { jobDataOf, routeOf } from '../../outbox/outbox.js';
import type { BusinessService } from '../business/business.service.js';
import { chatChanged } from '../chat/chat.public.js';
import { orderChanged } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import { ReputationResolver, SearchResultBadgesResolver } from './reputation.resolver.js';
import { reputationRoutes } from './reputation.routes.js';
import { ReputationService } from './reputation.service.js';
import { reviewChanged } from './review-events.js';
import { ReviewService } from './reviews.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';

/** BullMQ queue of the events a seller's figures are counted from (job name = the event's topic). */
export const SELLER_FIGURES_QUEUE = 'seller-figures';
const orderEvent = jobDataOf(orderChanged);
const chatEvent = jobDataOf(chatChanged);
const reviewEvent = jobDataOf(reviewChanged);

/** The figures' jobs: an order placed, delivered or cancelled counts the seller's orders again; a message may be a first reply. */
function registerReputationJobs({ reputation, infra }: { reputation: ReputationService; infra: Pick<Infra, 'queues' | 'config'> }): void {
  infra.queues.register(SELLER_FIGURES_QUEUE, async (job: Job) => {
    if (job.name === orderChanged.name) {
      const e = orderEvent.safeParse(job.data);
      if (!e.success) throw new UnrecoverableError('order event without its fields');
      await reputation.recountOrders(e.data.sellerId);
    } else if (job.name === chatChanged.name) {
      const e = chatEvent.safeParse(job.data);
      if (!e.success) throw new UnrecoverableError('chat event without its fields');
      await reputation.recordMessage(e.data.conversationId, e.data.actorId);
    } else if (job.name === reviewChanged.name) {
      const e = reviewEvent.safeParse(job.data);
      if (!e.success) throw new UnrecoverableError('review event without its fields');
      await reputation.recountRatings(e.data.sellerId);
    }
  });
  // Reply figures whose 30 days moved past their oldest reply, counted again (no event marks that).
  infra.queues.registerSweep('seller-replies', infra.config.SWEEP_SECONDS * 1000, () => reputation.sweepReplies());
}

/** Seller profiles, their badges and the figures behind them (docs/product.md#seller-profiles). */
/** The services this module's routes, jobs and seed take (each names its own). */
type ReputationDeps = { reputation: ReputationService; reviews: ReviewService; infra: Pick<Infra, 'queues' | 'config'> };

export const reputationModule: AppModule<ReputationDeps> = {
  name: 'reputation',
  resolvers: [ReputationResolver, SearchResultBadgesResolver],
  routes: reputationRoutes,
  topics: [
    routeOf(orderChanged, { queue: SELLER_FIGURES_QUEUE, when: (e) => e.type === 'created' || e.status === 'delivered' || e.status === 'cancelled' }),
    routeOf(chatChanged, { queue: SELLER_FIGURES_QUEUE, when: (e) => e.type === 'message' && e.message?.kind !== 'system' }),
    routeOf(reviewChanged, { queue: SELLER_FIGURES_QUEUE }),
  ],
  jobs: registerReputationJobs,
};

export function createReputationServices(
  infra: Infra,
  deps: { auth: AuthService; business: BusinessService; products: ProductService; moderation: ModerationService },
) {
  const reviews = new ReviewService({ auth: deps.auth, moderation: deps.moderation, clock: infra.clock });
  const reputation = new ReputationService({ db: sqlDbOf(infra.orm), clock: infra.clock, business: deps.business, products: deps.products, reviews });
  return { reputation, reviews };
}
export type ReputationServices = ReturnType<typeof createReputationServices>;
