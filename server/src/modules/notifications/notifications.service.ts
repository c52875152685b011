import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import { PushDeliveryError, type PushSender } from '../../adapters/push/push-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-sender.js';
import { AppError, badInput } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { NOTICE_KINDS, type Notifiable, type NoticeClear, type NoticeDraft } from '../../outbox/notifiable.js';
import type { AuthService } from '../auth/auth.service.js';
import { bundlesOf, type Bundle } from './notice-bundles.js';
import { digestEmail } from './notice-digest.js';
import { noticeStore as store, type Recipient } from './notice-store.js';
import { channelsFor, releaseTime, type Channel, type NotificationPreferences } from './notification-preferences.js';
import { preferencesInput, subscribeInput, unsubscribeInput } from './notifications.inputs.js';
import { pushEndpointProblem, type PushEndpointRules } from './push-endpoints.js';
import { notificationMessages as m } from './notifications.messages.js';

export interface NotificationServiceDeps {
  auth: AuthService;
  orm: MikroORM;
  clock: Clock;
  log: Logger;
  push: PushSender;
  whatsapp: WhatsAppSender;
  /** The email digest goes through the mail port (the development outbox in development). */
  mail: MailSender;
  /** Runs `sendDigest(userId)` at `at` (a delayed job; the sweep does it too, should the job be lost). */
  scheduleDigest: (userId: string, at: Date) => Promise<void>;
  rules: PushEndpointRules;
  publicUrl: string;
  /** Every module's notifiable events. */
  notifiables: Notifiable[];
  /** Messages and quotes wait this long for more of a burst, and for a read in the app. */
  bundleSeconds: number;
  /** Non-urgent notifications a user gets at most in an hour (more wait for the next free moment, bundled). */
  maxPerHour: number;
  /** A notice still unread after this long goes in an email digest (NOTIFY_DIGEST_MINUTES). */
  digestMinutes: number;
}

/** The preferences as the settings screen shows them, with what each channel needs. */
export interface NotificationSettingsView {
  preferences: NotificationPreferences;
  /** Push is configured on the server (VAPID keys). */
  pushAvailable: boolean;
  /** Devices of the user subscribed to push. */
  pushDevices: number;
  /** The verified WhatsApp number alerts would go to (null: none verified). */
  whatsappNumber: string | null;
}

const MAX_DEVICES = 20;

/**
 * Notifications away from the page (docs/product.md#notifications): one place decides who hears of what, on
 * which channel and when. Modules name their notifiable events (`AppModule.notifiable`); each committed event
 * becomes notices (stored, once per ref) that go out at once (orders), after a short bundling window (messages,
 * quotes: a read in the app within it drops them), or after quiet hours; each due group becomes one notification
 * by Web Push to every device of the user and, for a verified number that opted in, by WhatsApp. What stays
 * unread for `digestMinutes` goes in one email digest per window (`sendDigest`).
 */
export class NotificationService {
  private readonly byTopic = new Map<string, Notifiable[]>();

  constructor(private readonly deps: NotificationServiceDeps) {
    for (const n of deps.notifiables) this.byTopic.set(n.topic.name, [...(this.byTopic.get(n.topic.name) ?? []), n]);
  }

  /** The topics of the notifiable events (the job parses each with its schema). */
  topics() {
    return [...new Map(this.deps.notifiables.map((n) => [n.topic.name, n.topic])).values()];
  }

  /** The VAPID public key browsers subscribe with, or null when this site sends no push (no keys configured). */
  vapidPublicKey(): string | null {
    return this.deps.push.publicKey || null;
  }

  async subscribe(ctx: RequestContext, raw: unknown): Promise<{ endpoint: string }> {
    const userId = this.deps.auth.requireViewerId(ctx);
    // The site's configuration, not an outage: a 409 the client shows, never a 5xx.
    if (!this.deps.push.publicKey) throw new AppError('CONFLICT', m.pushOff);
    const input = parseInput(subscribeInput, raw);
    const problem = pushEndpointProblem(input.endpoint, this.deps.rules);
    if (problem) {
      const refused = m.endpointRefused({ endpoint: input.endpoint.slice(0, 200), reason: problem });
      throw badInput(refused, { fields: { endpoint: refused } });
    }
    await ctx.em.transactional(async (tx) => {
      await store.subscribe(tx, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }, this.deps.clock.now());
      // A user's devices are bounded: the oldest beyond it is dropped.
      await tx.execute(
        `delete from push_subscriptions where user_id = ? and endpoint not in
           (select endpoint from push_subscriptions where user_id = ? order by created_at desc limit ${MAX_DEVICES})`,
        [userId, userId],
      );
    });
    return { endpoint: input.endpoint };
  }

  async unsubscribe(ctx: RequestContext, raw: unknown): Promise<{ removed: boolean }> {
    const userId = this.deps.auth.requireViewerId(ctx);
    const { endpoint } = parseInput(unsubscribeInput, raw);
    return { removed: await store.unsubscribe(ctx.em, userId, endpoint) };
  }

  async settings(ctx: RequestContext): Promise<NotificationSettingsView> {
    const userId = this.deps.auth.requireViewerId(ctx);
    const [preferences, pushDevices, recipient] = await Promise.all([
      store.preferences(ctx.em, userId),
      store.countSubscriptions(ctx.em, userId),
      store.recipient(ctx.em, userId),
    ]);
    return { preferences, pushAvailable: this.deps.push.publicKey !== null, pushDevices, whatsappNumber: recipient?.whatsappNumber ?? null };
  }

  async saveSettings(ctx: RequestContext, raw: unknown): Promise<NotificationSettingsView> {
    const userId = this.deps.auth.requireViewerId(ctx);
    const given = parseInput(preferencesInput, raw);
    // A kind's email left out (a client from before the digest) keeps what was saved.
    const saved = await store.preferences(ctx.em, userId);
    const kinds = Object.fromEntries(NOTICE_KINDS.map((k) => [k, { ...given.kinds[k], email: given.kinds[k].email ?? saved.kinds[k].email }]));
    const prefs: NotificationPreferences = { ...given, kinds: kinds as NotificationPreferences['kinds'] };
    await store.savePreferences(ctx.em, userId, prefs, this.deps.clock.now());
    return this.settings(ctx);
  }

  /** Account deletion: the user's devices, notices and preferences go. */
  forgetUser(em: EntityManager, userId: string): Promise<void> {
    return store.forgetUser(em, userId);
  }

  /** The worker's job of a committed notifiable event: its notices stored, its clears applied, what is due sent. */
  async onEvent(topic: string, payload: unknown): Promise<void> {
    const drafts: NoticeDraft[] = [];
    const clears: NoticeClear[] = [];
    for (const n of this.byTopic.get(topic) ?? []) {
      drafts.push(...n.notices(payload as never));
      clears.push(...(n.clears?.(payload as never) ?? []));
    }
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    for (const c of clears) await store.clear(em, c, now);
    const due = new Set<string>();
    const timed: Array<NoticeDraft & { dueAt: Date; emailDueAt: Date | null }> = [];
    for (const d of drafts) {
      const prefs = await store.preferences(em, d.userId);
      const channels = channelsFor(prefs, d.kind);
      if (channels.length === 0) continue;
      const release = releaseTime(prefs, d.urgent, now);
      const dueAt = d.urgent ? release : new Date(Math.max(release.getTime(), now.getTime() + this.deps.bundleSeconds * 1000));
      // In the digest once it stayed unread for the window (or, in quiet hours, when they end).
      const emailDueAt = channels.includes('email') ? releaseTime(prefs, d.urgent, new Date(now.getTime() + this.digestMs())) : null;
      timed.push({ ...d, dueAt, emailDueAt });
      if (dueAt <= now) due.add(d.userId);
    }
    const added = await store.add(em, timed, now);
    const digests = new Map(added.filter((a) => a.emailDueAt).map((a) => [`${a.userId} ${a.emailDueAt!.getTime()}`, a]));
    for (const a of digests.values()) await this.deps.scheduleDigest(a.userId, a.emailDueAt!);
    for (const userId of due) await this.deliver(userId);
  }

  private digestMs(): number {
    return this.deps.digestMinutes * 60_000;
  }

  /** The sweep's share of digests: every user with a digest due gets it (should its delayed job be lost). */
  async digestDue(limit = 200): Promise<number> {
    const users = await store.digestUsers(this.deps.orm.em.fork(), this.deps.clock.now(), limit);
    for (const userId of users) await this.sendDigest(userId);
    return users.length;
  }

  /**
   * The user's email digest, once its time came (the delayed job, or the sweep): one email listing what is still
   * unread of the window that began with the first notice due (a burst within the window is one email), without
   * what was read in the app meanwhile, what quiet hours hold (a job waits for their end), or what the user no
   * longer wants by email (those are never listed). Locked rows: two workers never send one twice; a retried send
   * carries the same key.
   */
  async sendDigest(userId: string): Promise<void> {
    const hold: { until?: Date } = {};
    await this.deps.orm.em.fork().transactional(async (tx) => {
      const now = this.deps.clock.now();
      const rows = await store.lockDigest(tx, userId);
      if (!rows.some((r) => r.email_due_at <= now)) return;
      const [recipient, prefs] = await Promise.all([store.recipient(tx, userId), store.preferences(tx, userId)]);
      const wanted = (r: (typeof rows)[number]) => recipient?.email && channelsFor(prefs, r.kind).includes('email');
      await store.markEmailed(tx, rows.filter((r) => !wanted(r)).map((r) => r.id), now);
      const waiting = rows.filter(wanted);
      const first = waiting.find((r) => r.email_due_at <= now);
      if (!first || !recipient?.email) return;
      const windowEnd = first.created_at.getTime() + this.digestMs();
      const inWindow = waiting.filter((r) => r.email_due_at <= now || r.created_at.getTime() < windowEnd);
      const listed = inWindow.filter((r) => releaseTime(prefs, r.urgent, now) <= now);
      if (listed.length < inWindow.length) hold.until = releaseTime(prefs, false, now);
      if (!listed.length) return;
      const mail = digestEmail(listed, recipient.language, this.deps.publicUrl);
      await this.deps.mail.send({ to: recipient.email, ...mail, idempotencyKey: `digest-${listed[0]!.id}` });
      await store.markEmailed(tx, listed.map((r) => r.id), now);
    });
    if (hold.until) await this.deps.scheduleDigest(userId, hold.until);
  }

  /** The sweep: every user with a notice due gets it (bundled). Answers how many users were served. */
  async deliverDue(limit = 200): Promise<number> {
    const users = await store.dueUsers(this.deps.orm.em.fork(), this.deps.clock.now(), limit);
    for (const userId of users) await this.deliver(userId);
    return users.length;
  }

  /** Sends the user's due notifications, once: the rows stay locked until they are marked sent. */
  async deliver(userId: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    await em.transactional(async (tx) => {
      const now = this.deps.clock.now();
      const rows = await store.lockWaiting(tx, userId);
      if (!rows.some((r) => r.due_at <= now)) return;
      const [recipient, prefs] = await Promise.all([store.recipient(tx, userId), store.preferences(tx, userId)]);
      if (!recipient) return;
      let recent = await store.recentBundles(tx, userId, now);
      for (const bundle of bundlesOf(rows, now, recipient.language)) {
        if (!bundle.urgent && recent.length >= this.deps.maxPerHour) {
          // Over the hour's allowance: the bundle waits until the oldest of the hour's is an hour old.
          await store.postpone(tx, bundle.rows.map((r) => r.id), new Date(recent[0]!.getTime() + 3600_000));
          continue;
        }
        const sentBy = await this.send(tx, recipient, channelsFor(prefs, bundle.kind), bundle);
        await store.markSent(tx, bundle.rows.map((r) => r.id), sentBy, now);
        if (!bundle.urgent && sentBy.length) recent = [...recent, now];
      }
    });
  }

  /** One notification on the channels the user has; answers those it went out on. */
  private async send(em: EntityManager, to: Recipient, channels: Channel[], bundle: Bundle): Promise<Channel[]> {
    const used: Channel[] = [];
    if (channels.includes('push') && this.deps.push.publicKey) {
      const payload = JSON.stringify({ title: bundle.title, body: bundle.body, url: bundle.url, tag: bundle.tag, lang: to.language });
      let sent = false;
      for (const sub of await store.subscriptions(em, to.id)) {
        try {
          const outcome = await this.deps.push.send(sub, payload, { ttlSeconds: bundle.urgent ? 24 * 3600 : 4 * 3600, urgency: bundle.urgent ? 'high' : 'normal', topic: bundle.kind });
          if (outcome === 'gone') await store.removeSubscription(em, sub.endpoint);
          else {
            sent = true;
            await store.markSubscriptionUsed(em, sub.endpoint, this.deps.clock.now());
          }
        } catch (err) {
          // One device's push service failing leaves the others; the notice is not sent again for it.
          this.deps.log.warn({ err: err instanceof PushDeliveryError ? err.message : (err as Error).message, userId: to.id }, 'push delivery failed');
        }
      }
      if (sent) used.push('push');
    }
    if (channels.includes('whatsapp') && to.whatsappNumber) {
      try {
        await this.deps.whatsapp.send({ to: to.whatsappNumber, body: `${bundle.title}\n${bundle.body}\n${this.deps.publicUrl}${bundle.url}`, idempotencyKey: `notice-${bundle.rows[0]!.id}` });
        used.push('whatsapp');
      } catch (err) {
        this.deps.log.warn({ err: (err as Error).message, userId: to.id }, 'WhatsApp alert failed');
      }
    }
    return used;
  }
}
