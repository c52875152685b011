import type { MailSender } from '../../adapters/mail/mail-sender.js';
import { createPushSender } from '../../adapters/push/create-push-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-sender.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { Notifiable } from '../../outbox/notifiable.js';
import { routeOf } from '../../outbox/outbox.js';
import type { TopicRoute } from '../../outbox/outbox-routes.js';
import type { AccountService } from '../accounts/accounts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { NOTIFY_QUEUE, registerNotificationJobs, scheduleDigest } from './notifications.jobs.js';
import { pushEndpointProblem } from './push-endpoints.js';
import { NotificationsResolver } from './notifications.resolver.js';
import { notificationRoutes } from './notifications.routes.js';
import { NotificationService } from './notifications.service.js';

/** The services this module's routes and jobs take. */
type NotificationsDeps = { notifications: NotificationService; infra: Pick<Infra, 'queues' | 'config'> };

/** Notifications away from the page: Web Push, WhatsApp alerts, preferences (docs/product.md#notifications). */
export const notificationsModule: AppModule<NotificationsDeps> = {
  name: 'notifications',
  resolvers: [NotificationsResolver],
  routes: notificationRoutes,
  jobs: (deps) => registerNotificationJobs(deps, deps.notifications.topics()),
};

/**
 * The outbox routes of every module's notifiable events to the notifications queue (a job only for an event
 * that makes or clears a notice): the composition root adds them to the modules' own routes.
 */
export function notificationRoutesOf(notifiables: Notifiable[]): TopicRoute[] {
  const topics = new Map(notifiables.map((n) => [n.topic.name, n.topic]));
  return [...topics.values()].map((topic) => {
    const mine = notifiables.filter((n) => n.topic.name === topic.name);
    return routeOf(topic, { queue: NOTIFY_QUEUE, when: (p) => mine.some((n) => n.notices(p as never).length > 0 || (n.clears?.(p as never).length ?? 0) > 0) });
  });
}

/** The notifications service, given every module's notifiable events, the WhatsApp and mail senders. */
export function createNotificationServices(infra: Infra, deps: { auth: AuthService; accounts: AccountService; whatsapp: WhatsAppSender; mail: MailSender; notifiables: Notifiable[] }) {
  const { config } = infra;
  const rules = { allowedHosts: config.WEB_PUSH_ALLOWED_HOSTS, allowLoopback: config.WEB_PUSH_ALLOW_LOOPBACK };
  const notifications = new NotificationService({
    auth: deps.auth,
    orm: infra.orm,
    clock: infra.clock,
    log: infra.log,
    push: createPushSender(config, (endpoint) => pushEndpointProblem(endpoint, rules) === null),
    whatsapp: deps.whatsapp,
    mail: deps.mail,
    scheduleDigest: (userId, at) => scheduleDigest(infra, userId, at),
    rules,
    publicUrl: config.PUBLIC_URL,
    notifiables: deps.notifiables,
    bundleSeconds: config.NOTIFY_BUNDLE_SECONDS,
    maxPerHour: config.NOTIFY_MAX_PER_HOUR,
    digestMinutes: config.NOTIFY_DIGEST_MINUTES,
  });
  deps.accounts.addDeletionHook((ctx, account) => notifications.forgetUser(ctx.em, account.id));
  return { notifications };
}
export type NotificationServices = ReturnType<typeof createNotificationServices>;
