import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm.js';
import { DevOutboxMessage, type OutboxChannel } from './dev-outbox-message.entity.js';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  /** Storing the same key twice keeps one message (a retried delivery). */
  dedupeKey: string;
}

export interface OutboxFilter {
  to?: string;
  channel?: OutboxChannel;
  limit: number;
}

/**
 * The development outbox: every email and WhatsApp message, stored in a table instead of being
 * sent, and readable at `GET /dev/outbox` (never in production). Tests and local users read their
 * codes there.
 */
export class DevOutbox {
  constructor(private readonly orm: Orm) {}

  async store(entry: OutboxEntry): Promise<void> {
    const em = this.orm.em.fork();
    await em
      .createQueryBuilder(DevOutboxMessage)
      .insert({
        id: new DevOutboxMessage().id,
        createdAt: new Date(),
        channel: entry.channel,
        recipient: entry.to,
        subject: entry.subject,
        body: entry.body,
        dedupeKey: entry.dedupeKey,
      })
      .onConflict('dedupeKey')
      .ignore()
      .execute();
  }

  /** Newest first. */
  list(filter: OutboxFilter): Promise<DevOutboxMessage[]> {
    const em = this.orm.em.fork();
    return em.find(
      DevOutboxMessage,
      { ...(filter.to ? { recipient: filter.to } : {}), ...(filter.channel ? { channel: filter.channel } : {}) },
      { orderBy: { id: 'desc' }, limit: filter.limit },
    );
  }

  /** Removes every message to these recipients (account deletion), in the caller's transaction. */
  async forget(em: EntityManager, recipients: string[]): Promise<void> {
    if (recipients.length) await em.nativeDelete(DevOutboxMessage, { recipient: { $in: recipients } });
  }
}
