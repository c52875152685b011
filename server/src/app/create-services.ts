import { DevOutbox } from '../adapters/dev-outbox/dev-outbox.js';
import { createMailSender } from '../adapters/mail/create-mail-sender.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import type { Storage } from '../adapters/storage/storage.js';
import { createWhatsAppSender } from '../adapters/whatsapp/create-whatsapp-sender.js';
import { createAccountServices, type AccountServices } from '../modules/accounts/accounts.module.js';
import { createAuthServices, type AuthServices } from '../modules/auth/auth.module.js';
import { createBlockServices, type BlockServices } from '../modules/blocks/blocks.module.js';
import { createBusinessServices, type BusinessServices } from '../modules/business/business.module.js';
import { createChatServices, type ChatServices } from '../modules/chat/chat.module.js';
import { createDashboardServices, type DashboardServices } from '../modules/dashboard/dashboard.module.js';
import { MODULES } from '../modules/index.js';
import { createInvoiceServices, type InvoiceServices } from '../modules/invoices/invoices.module.js';
import { createModerationServices, type ModerationServices } from '../modules/moderation/moderation.module.js';
import { createNotificationServices, notificationRoutesOf, type NotificationServices } from '../modules/notifications/notifications.module.js';
import { createOrderServices, type OrderServices } from '../modules/orders/orders.module.js';
import { createReputationServices, type ReputationServices } from '../modules/reputation/reputation.module.js';
import { createProductServices, type ProductServices } from '../modules/products/products.module.js';
import { createRfqServices, type RfqServices } from '../modules/rfqs/rfqs.module.js';
import { createSearchServices, type SearchServices } from '../modules/search/search.module.js';
import { createVerificationServices, type VerificationServices } from '../modules/verification/verification.module.js';
import { OutboxRoutes } from '../outbox/outbox.js';
import type { Infra } from './infra.js';

/** Every service, built once per process. Resolvers, REST routes, jobs and sockets all call these. */
export interface Services {
  infra: Infra;
  sessions: AuthServices['sessions'];
  auth: AuthServices['auth'];
  devOutbox: DevOutbox;
  verification: VerificationServices['verification'];
  accounts: AccountServices['accounts'];
  business: BusinessServices['business'];
  blocks: BlockServices['blocks'];
  storage: Storage;
  products: ProductServices['products'];
  search: SearchServices['search'];
  searchIndexer: SearchServices['searchIndexer'];
  recommendations: SearchServices['recommendations'];
  orders: OrderServices['orders'];
  invoices: InvoiceServices['invoices'];
  chat: ChatServices['chat'];
  speech: ChatServices['speech'];
  rfqs: RfqServices['rfqs'];
  dashboard: DashboardServices['dashboard'];
  moderation: ModerationServices['moderation'];
  reputation: ReputationServices['reputation'];
  reviews: ReputationServices['reviews'];
  notifications: NotificationServices['notifications'];
}

/** Every module's notifiable events (docs/product.md#notifications). */
const allNotifiables = () => MODULES.flatMap((m) => m.notifiable ?? []);

/** Channel on which any process announces that a user's sessions ended (open sockets get closed). */
export const SESSIONS_ENDED_CHANNEL = 'sessions:ended';

export function createServices(infra: Infra): Services {
  const { config } = infra;
  // Each module builds its own services; shared adapters (storage, the development outbox, senders) are built here.
  const { sessions, auth } = createAuthServices(infra, `${config.REDIS_PREFIX}:${SESSIONS_ENDED_CHANNEL}`);
  const devOutbox = new DevOutbox(infra.orm);
  const { verification } = createVerificationServices(infra, {
    auth,
    devOutbox,
    mail: createMailSender(config, devOutbox),
    whatsapp: createWhatsAppSender(config, devOutbox),
  });
  const { accounts } = createAccountServices(infra, { auth, verification });
  const { business } = createBusinessServices(infra, { auth, accounts });
  const { blocks } = createBlockServices(infra, { auth, accounts });
  const storage = createStorage(config);
  const catalogue = createProductServices(infra, { auth, accounts, storage });
  const { search, searchIndexer, recommendations } = createSearchServices(infra, { storage, mediaUrls: catalogue.mediaUrls });
  const { orders } = createOrderServices(infra, {
    auth,
    business,
    stock: catalogue.stock,
    media: catalogue.media,
    thumbnailUrls: (key) => catalogue.mediaUrls.pictureUrls(key),
    mail: createMailSender(config, devOutbox),
    recordPurchase: (userId, productId) => search.recordPurchase(userId, productId),
  });
  const { invoices } = createInvoiceServices(infra, { auth, storage, orders });
  const { chat, speech } = createChatServices(infra, { auth, orders, media: catalogue.media });
  const { rfqs } = createRfqServices(infra, { auth, search, chat, media: catalogue.media });
  const { products } = catalogue;
  const { dashboard } = createDashboardServices({ products, orders, chat });
  const { moderation } = createModerationServices(infra, { auth, products });
  const { reputation, reviews } = createReputationServices(infra, { auth, business, products, moderation });
  const { notifications } = createNotificationServices(infra, { auth, accounts, whatsapp: createWhatsAppSender(config, devOutbox), mail: createMailSender(config, devOutbox), notifiables: allNotifiables() });
  return { infra, sessions, auth, devOutbox, verification, accounts, business, blocks, storage, products, search, searchIndexer, recommendations, orders, invoices, chat, speech, rfqs, dashboard, moderation, reputation, reviews, notifications };
}

/** Where each outbox topic is relayed, from every module; a route registered twice fails start-up. */
export const topicRoutes = (): OutboxRoutes =>
  OutboxRoutes.fromModules([...MODULES, { name: 'notifications', topics: notificationRoutesOf(allNotifiables()) }]);

/** Registers every module's BullMQ processors (run by the worker role). */
export function registerJobs(services: Services): void {
  for (const m of MODULES) m.jobs?.(services);
}
