import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { v7 as uuidv7 } from 'uuid';
import { currentTraceparent } from '../observability/trace.js';

/**
 * An event written in the same transaction as the change it describes; the relay hands it to
 * BullMQ afterwards, so a crash between commit and enqueue loses nothing.
 */
@Entity({ tableName: 'outbox_events' })
@Index({ name: 'outbox_events_pending_idx', properties: ['id'], expression: 'create index "outbox_events_pending_idx" on "outbox_events" ("id") where "dispatched_at" is null' })
export class OutboxEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', fieldName: 'dispatched_at', nullable: true })
  dispatchedAt: Date | null = null;

  /** The writing request's trace (W3C traceparent) while tracing is on: the relay, job and delivery join it. */
  @Property({ type: 'text', fieldName: 'trace_context', nullable: true })
  traceContext: string | null = currentTraceparent();
}
