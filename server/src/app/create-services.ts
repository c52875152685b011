import { DevOutbox } from '../adapters/dev-outbox/dev-outbox.js';
import { createQuestionGenerator } from '../adapters/llm/create-question-generator.js';
import { createMailSender } from '../adapters/mail/create-mail-sender.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import type { Storage } from '../adapters/storage/storage.js';
import { createWhatsAppSender } from '../adapters/whatsapp/create-whatsapp-sender.js';
import { MODULES } from '../modules/index.js';
import { AccountService } from '../modules/accounts/accounts.service.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';
import { SessionStore } from '../modules/auth/session-store.js';
import { OrderService } from '../modules/orders/orders.service.js';
import { ProductMediaStore } from '../modules/products/product-media-store.js';
import { ProductStock } from '../modules/products/product-stock.js';
import { ProductService } from '../modules/products/products.service.js';
import { OtpCrypto } from '../modules/verification/otp-crypto.js';
import { VerificationService } from '../modules/verification/verification.service.js';
import { createSearchEngine } from '../adapters/search/create-search-engine.js';
import { PostgresSearchEngine } from '../adapters/search/postgres-search-engine.js';
import { sqlDbOf } from '../adapters/search/sql-runner.js';
import { AssistantSessionStore } from '../modules/search/assistant-session-store.js';
import { ImageIndex } from '../modules/search/images/image-index.js';
import { RecommendationService } from '../modules/search/recommendations.service.js';
import { SearchIndexer } from '../modules/search/search-indexer.js';
import { SearchResults } from '../modules/search/search-results.js';
import { SearchService } from '../modules/search/search.service.js';
import { placeKey } from '../modules/search/understanding/places.js';
import { SYNONYMS } from '../modules/search/understanding/synonyms.js';
import { OutboxRoutes } from '../outbox/outbox.js';
import type { Infra } from './infra.js';

/** Every service, built once per process. Resolvers, REST routes, jobs and sockets all call these. */
export interface Services {
  infra: Infra;
  sessions: SessionStore;
  auth: AuthService;
  devOutbox: DevOutbox;
  verification: VerificationService;
  accounts: AccountService;
  storage: Storage;
  products: ProductService;
  search: SearchService;
  searchIndexer: SearchIndexer;
  recommendations: RecommendationService;
  orders: OrderService;
}

/** Channel on which any process announces that a user's sessions ended (open sockets get closed). */
export const SESSIONS_ENDED_CHANNEL = 'sessions:ended';

export function createServices(infra: Infra): Services {
  const { config, redis } = infra;
  const sessions = new SessionStore(redis.cmd, config.SESSION_TTL_DAYS * 24 * 3600, (userId) => {
    void redis.pub.publish(`${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`, userId).catch(() => undefined);
  });
  const throttle = new LoginThrottle(redis.cmd, {
    perAccount: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    perIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  });
  const auth = new AuthService(sessions, throttle, infra.pubSub);
  const devOutbox = new DevOutbox(infra.orm);
  const verification = new VerificationService({
    config,
    clock: infra.clock,
    orm: infra.orm,
    redis: redis.cmd,
    relay: infra.relay,
    log: infra.log,
    auth,
    crypto: new OtpCrypto(config.OTP_SECRET),
    mail: createMailSender(config, devOutbox),
    whatsapp: createWhatsAppSender(config, devOutbox),
    devOutbox,
  });
  auth.addHooks(verification.authHooks());
  const accounts = new AccountService(auth, infra.clock);
  accounts.addDeletionHook((ctx, account) => verification.forgetUser(ctx.em, account));
  const storage = createStorage(config);
  const media = new ProductMediaStore(storage, infra.log);
  const products = new ProductService({
    auth,
    media,
    generator: createQuestionGenerator(config),
    queues: infra.queues,
    relay: infra.relay,
    clock: infra.clock,
    questionTimeoutMs: config.QUESTION_JOB_TIMEOUT_MS,
  });
  accounts.addDeletionHook(async (ctx, account) => {
    await products.disableAllForSeller(ctx, account.id);
  });
  const sqlDb = sqlDbOf(infra.orm);
  const searchLanguage = { synonyms: SYNONYMS, placeKey };
  const searchStore = new PostgresSearchEngine(sqlDb, searchLanguage);
  const searchEngine = createSearchEngine(config, searchStore, searchLanguage);
  const images = new ImageIndex(sqlDb, storage, infra.log);
  const results = new SearchResults(media);
  const searchIndexer = new SearchIndexer({ db: sqlDb, engine: searchEngine, store: searchStore, images, log: infra.log });
  const search = new SearchService({ engine: searchEngine, db: sqlDb, images, sessions: new AssistantSessionStore(redis.cmd), results, clock: infra.clock });
  const recommendations = new RecommendationService({ db: sqlDb, search, results, clock: infra.clock });
  const orders = new OrderService({
    auth,
    stock: new ProductStock(),
    thumbnailUrls: (key) => media.pictureUrls(key),
    queues: infra.queues,
    clock: infra.clock,
    mail: createMailSender(config, devOutbox),
    log: infra.log,
    publicUrl: config.PUBLIC_URL,
    paymentWindowHours: config.ORDER_PAYMENT_WINDOW_HOURS,
    recordPurchase: (userId, productId) => search.recordPurchase(userId, productId),
  });
  return { infra, sessions, auth, devOutbox, verification, accounts, storage, products, search, searchIndexer, recommendations, orders };
}

/** Where each outbox topic is relayed, from every module; a route registered twice fails start-up. */
export const topicRoutes = (): OutboxRoutes => OutboxRoutes.fromModules(MODULES);

/** Registers every module's BullMQ processors (run by the worker role). */
export function registerJobs(services: Services): void {
  for (const m of MODULES) m.jobs?.(services);
}
