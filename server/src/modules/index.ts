import { accountsModule } from './accounts/accounts.module.js';
import { authModule } from './auth/auth.module.js';
import { blocksModule } from './blocks/blocks.module.js';
import { businessModule } from './business/business.module.js';
import { chatModule } from './chat/chat.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { invoicesModule } from './invoices/invoices.module.js';
import { moderationModule } from './moderation/moderation.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { ordersModule } from './orders/orders.module.js';
import { reputationModule } from './reputation/reputation.module.js';
import { rfqsModule } from './rfqs/rfqs.module.js';
import { productsModule } from './products/products.module.js';
import { searchModule } from './search/search.module.js';
import { verificationModule } from './verification/verification.module.js';

/** Every feature module of the app, in wiring order (the composition root checks it gives each the services it names). */
export const MODULES = [authModule, verificationModule, accountsModule, businessModule, blocksModule, productsModule, searchModule, ordersModule, invoicesModule, chatModule, rfqsModule, dashboardModule, moderationModule, reputationModule, notificationsModule];
