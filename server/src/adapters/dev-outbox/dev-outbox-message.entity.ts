import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { v7 as uuidv7 } from 'uuid';

export type OutboxChannel = 'email' | 'whatsapp';

/** A message the development outbox "sent" instead of a real provider (never used in production). */
@Entity({ tableName: 'dev_outbox_messages' })
export class DevOutboxMessage {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'text' })
  channel!: OutboxChannel;

  /** An email address, or an E.164 phone number. */
  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  @Property({ type: 'text' })
  body!: string;

  /** The sender's idempotency key: the same message stored twice is one row. */
  @Property({ type: 'text', fieldName: 'dedupe_key', nullable: true })
  dedupeKey: string | null = null;
}
