import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import type { Message } from '../../common/message.js';
import type { NoticeClear, NoticeDraft, NoticeKind } from '../../outbox/notifiable.js';
import { withDefaults, type NotificationPreferences } from './notification-preferences.js';

/** A notice waiting to go out (or held), as stored. */
export interface NoticeRow {
  id: string;
  kind: NoticeKind;
  urgent: boolean;
  scope: string;
  /** Its place in the scope (a message's position), when it has one. */
  scope_position: string | null;
  actor_id: string | null;
  title: Message;
  body: Message | string;
  url: string;
  created_at: Date;
  due_at: Date;
}

/** Who a notice goes to, as delivery needs them. */
export interface Recipient {
  id: string;
  language: 'en' | 'hi';
  whatsappNumber: string | null;
  /** The verified address digests go to; null when unverified or the account's email notifications are off. */
  email: string | null;
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The latest of a group's notices: the one furthest in its scope (a message's position: the notices of a burst are
 * made by jobs that may run in any order, so neither their time nor their ids say which message came last), else
 * the last made.
 */
export function latestOf(rows: readonly NoticeRow[]): NoticeRow {
  return rows.reduce((latest, r) =>
    r.scope === latest.scope && r.scope_position !== null && latest.scope_position !== null
      ? BigInt(r.scope_position) > BigInt(latest.scope_position) ? r : latest
      : r,
  );
}

/** The SQL of notices, subscriptions and preferences (tables of migration 20261128060000). */
export const noticeStore = {
  async preferences(em: EntityManager, userId: string): Promise<NotificationPreferences> {
    const rows = await em.execute<Array<{ settings: unknown }>>('select settings from notification_preferences where user_id = ?', [userId]);
    return withDefaults(rows[0]?.settings);
  },

  async savePreferences(em: EntityManager, userId: string, prefs: NotificationPreferences, now: Date): Promise<void> {
    await em.execute(
      `insert into notification_preferences (user_id, settings, updated_at) values (?, ?::jsonb, ?)
       on conflict (user_id) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
      [userId, JSON.stringify(prefs), now],
    );
  },

  /** Stores a device's subscription for the user (a device that changed hands moves to its new user). */
  async subscribe(em: EntityManager, userId: string, s: StoredSubscription, now: Date): Promise<void> {
    await em.execute(
      `insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at) values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
      [s.endpoint, userId, s.p256dh, s.auth, now],
    );
  },

  async unsubscribe(em: EntityManager, userId: string, endpoint: string): Promise<boolean> {
    const rows = await em.execute<Array<{ endpoint: string }>>('delete from push_subscriptions where endpoint = ? and user_id = ? returning endpoint', [endpoint, userId]);
    return rows.length > 0;
  },

  async subscriptions(em: EntityManager, userId: string): Promise<StoredSubscription[]> {
    return em.execute<StoredSubscription[]>('select endpoint, p256dh, auth from push_subscriptions where user_id = ? order by created_at', [userId]);
  },

  async countSubscriptions(em: EntityManager, userId: string): Promise<number> {
    const rows = await em.execute<Array<{ n: string }>>('select count(*) as n from push_subscriptions where user_id = ?', [userId]);
    return Number(rows[0]?.n ?? 0);
  },

  async removeSubscription(em: EntityManager, endpoint: string): Promise<void> {
    await em.execute('delete from push_subscriptions where endpoint = ?', [endpoint]);
  },

  async markSubscriptionUsed(em: EntityManager, endpoint: string, now: Date): Promise<void> {
    await em.execute('update push_subscriptions set last_sent_at = ? where endpoint = ?', [now, endpoint]);
  },

  /** Adds notices (once per user and ref, however often the event's job runs). */
  /** Adds notices (once per user and ref, however often the event's job runs); answers those added. */
  async add(em: EntityManager, drafts: Array<NoticeDraft & { dueAt: Date; emailDueAt: Date | null }>, now: Date): Promise<Array<{ userId: string; emailDueAt: Date | null }>> {
    const added: Array<{ userId: string; emailDueAt: Date | null }> = [];
    for (const d of drafts) {
      // Made already read when a read in the app covered it before its event's job ran (notice_reads).
      const rows = await em.execute<Array<{ id: string; read: boolean }>>(
        `insert into notices (id, user_id, kind, urgent, scope, scope_position, actor_id, title, body, url, ref, created_at, due_at, email_due_at, read_at)
         select ?, u.id, ?, ?, ?, ?::bigint, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?,
           case when exists (select 1 from notice_reads r where r.user_id = u.id and r.scope = ? and r.up_to >= ?::bigint) then ?::timestamptz end
           from users u where u.id = ? and u.deleted_at is null
         on conflict (user_id, ref) do nothing returning id, read_at is not null as read`,
        [uuidv7(), d.kind, d.urgent, d.scope, d.scopePosition ?? null, d.actorId ?? null, JSON.stringify(d.title), JSON.stringify(d.body), d.url, d.ref, now, d.dueAt, d.emailDueAt, d.scope, d.scopePosition ?? null, now, d.userId],
      );
      if (rows.length && !rows[0]!.read) added.push({ userId: d.userId, emailDueAt: d.emailDueAt });
    }
    return added;
  },

  /**
   * A read in the app: the user's unread notices of the scope (up to the position) are marked read: not pushed
   * when still waiting, and never in an email digest (even when already pushed).
   */
  async clear(em: EntityManager, c: NoticeClear, now: Date): Promise<void> {
    // Kept for the notices of what it covered that are made after it (their event's job ran later).
    if (c.upTo !== undefined) {
      await em.execute(
        `insert into notice_reads (user_id, scope, up_to) select u.id, ?, ?::bigint from users u where u.id = ?
         on conflict (user_id, scope) do update set up_to = greatest(notice_reads.up_to, excluded.up_to)`,
        [c.scope, c.upTo, c.userId],
      );
    }
    await em.execute(
      `update notices set read_at = ? where user_id = ? and scope = ? and read_at is null
         and (?::bigint is null or scope_position <= ?::bigint)`,
      [now, c.userId, c.scope, c.upTo ?? null, c.upTo ?? null],
    );
  },

  /** Users with a notice due. */
  async dueUsers(em: EntityManager, now: Date, limit: number): Promise<string[]> {
    const rows = await em.execute<Array<{ user_id: string }>>(
      'select distinct user_id from notices where sent_at is null and read_at is null and due_at <= ? limit ?',
      [now, limit],
    );
    return rows.map((r) => r.user_id);
  },

  /** The user's waiting notices, locked for this delivery (another worker skips them). */
  async lockWaiting(em: EntityManager, userId: string): Promise<NoticeRow[]> {
    const rows = await em.execute<NoticeRow[]>(
      `select id, kind, urgent, scope, scope_position::text as scope_position, actor_id, title, body, url, created_at, due_at from notices
        where user_id = ? and sent_at is null and read_at is null order by created_at, id for update skip locked`,
      [userId],
    );
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), due_at: new Date(r.due_at) }));
  },

  async markSent(em: EntityManager, ids: string[], channels: string[], now: Date): Promise<void> {
    if (ids.length) await em.execute('update notices set sent_at = ?, sent_by = ?::text[] where id = any(?::uuid[])', [now, `{${channels.join(',')}}`, `{${ids.join(',')}}`]);
  },

  async postpone(em: EntityManager, ids: string[], until: Date): Promise<void> {
    if (ids.length) await em.execute('update notices set due_at = ? where id = any(?::uuid[])', [until, `{${ids.join(',')}}`]);
  },

  /** When the user's non-urgent bundles went out in the hour before `now` (the rate limit). */
  async recentBundles(em: EntityManager, userId: string, now: Date): Promise<Date[]> {
    const rows = await em.execute<Array<{ sent_at: Date }>>(
      `select distinct sent_at from notices where user_id = ? and not urgent and sent_at > ? and sent_at <= ? and cardinality(sent_by) > 0 order by sent_at`,
      [userId, new Date(now.getTime() - 3600_000), now],
    );
    return rows.map((r) => new Date(r.sent_at));
  },

  async recipient(em: EntityManager, userId: string): Promise<Recipient | null> {
    const rows = await em.execute<Array<{ id: string; language: 'en' | 'hi'; whatsapp_number: string | null; whatsapp_verified: boolean; email: string; email_verified: boolean; email_notifications: boolean }>>(
      'select id, language, whatsapp_number, whatsapp_verified, email, email_verified, email_notifications from users where id = ? and deleted_at is null',
      [userId],
    );
    const r = rows[0];
    return r
      ? { id: r.id, language: r.language === 'hi' ? 'hi' : 'en', whatsappNumber: r.whatsapp_verified ? r.whatsapp_number : null, email: r.email_verified && r.email_notifications ? r.email : null }
      : null;
  },

  /** Users with a notice due in an email digest. */
  async digestUsers(em: EntityManager, now: Date, limit: number): Promise<string[]> {
    const rows = await em.execute<Array<{ user_id: string }>>(
      'select distinct user_id from notices where email_due_at <= ? and emailed_at is null and read_at is null limit ?',
      [now, limit],
    );
    return rows.map((r) => r.user_id);
  },

  /** The user's notices waiting for an email digest (unread), locked for this digest (another worker skips them). */
  async lockDigest(em: EntityManager, userId: string): Promise<Array<NoticeRow & { email_due_at: Date }>> {
    const rows = await em.execute<Array<NoticeRow & { email_due_at: Date }>>(
      `select id, kind, urgent, scope, scope_position::text as scope_position, actor_id, title, body, url, created_at, due_at, email_due_at from notices
        where user_id = ? and email_due_at is not null and emailed_at is null and read_at is null
        order by created_at, id for update skip locked`,
      [userId],
    );
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), due_at: new Date(r.due_at), email_due_at: new Date(r.email_due_at) }));
  },

  /** Notices an email digest listed (or that will never be in one: the email channel was turned off). */
  async markEmailed(em: EntityManager, ids: string[], now: Date): Promise<void> {
    if (ids.length) await em.execute('update notices set emailed_at = ? where id = any(?::uuid[])', [now, `{${ids.join(',')}}`]);
  },

  /** A deleted account's devices and notices go with it. */
  async forgetUser(em: EntityManager, userId: string): Promise<void> {
    await em.execute('delete from push_subscriptions where user_id = ?', [userId]);
    await em.execute('delete from notices where user_id = ?', [userId]);
    await em.execute('delete from notice_reads where user_id = ?', [userId]);
    await em.execute('delete from notification_preferences where user_id = ?', [userId]);
  },
};
