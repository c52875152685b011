import { z } from 'zod';
import { asZod } from '../common/message.js';
import { commonMessages } from '../common/messages.js';

/** The schema of an outbox event's payload: an object (it is stored as JSON). */
export type PayloadSchema = z.ZodObject;

/**
 * An outbox topic, declared once in the module that owns it: its name and the schema of its payload.
 * Producers write it with `addOutboxEvent(em, topic, payload)` (a payload that does not fit the
 * schema's input does not compile); the relay parses a committed event with the schema before its
 * routes see it, and jobs parse their data with it, so Dates and the like come back as they went in.
 */
export interface OutboxTopic<S extends PayloadSchema = PayloadSchema> {
  readonly name: string;
  readonly schema: S;
}

export function outboxTopic<S extends PayloadSchema>(name: string, schema: S): OutboxTopic<S> {
  return { name, schema };
}

/** A queued event's job data: the event's id and its payload (OutboxRelay), parsed by the topic's schema. */
export function jobDataOf<S extends PayloadSchema>(topic: OutboxTopic<S>): z.ZodType<z.output<S> & { eventId: string }> {
  return topic.schema.extend({ eventId: z.uuid() }) as unknown as z.ZodType<z.output<S> & { eventId: string }>;
}

/** What a producer writes for a topic (Dates as Date objects). */
export type PayloadIn<T extends OutboxTopic> = z.input<T['schema']>;
/** What a reader gets of a committed event of a topic, once parsed. */
export type Payload<T extends OutboxTopic> = z.output<T['schema']>;

/**
 * A time: a Date as a producer writes it, or its text as it comes back (ISO from JSON: the outbox
 * table, a commit notification, a job's data, a live message; PostgreSQL's own from a raw row, which
 * the driver leaves as text). Always a Date once parsed; text that is no time is refused.
 */
export const isoTime = z.union([z.date(), z.string()]).transform((v, ctx) => {
  const time = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(time.getTime())) {
    ctx.addIssue({ code: 'custom', message: asZod(commonMessages.notATime) });
    return z.NEVER;
  }
  return time;
});
