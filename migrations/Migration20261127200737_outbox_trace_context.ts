import { Migration } from '@mikro-orm/migrations';

/**
 * An outbox event remembers the trace of the request that wrote it (its W3C `traceparent`, only while
 * tracing is on), so the relay, the job and the live delivery it causes join that trace
 * (docs/operations.md#traces). The commit notification carries it too, for the relays that publish
 * from the notification.
 */
export class Migration20261127200737_outbox_trace_context extends Migration {
  override name = 'Migration20261127200737_outbox_trace_context';

  up(): void {
    this.addSql(`alter table "outbox_events" add column if not exists "trace_context" text null;`);
    this.addSql(`
      create or replace function "outbox_events_notify"() returns trigger language plpgsql as $$
      declare
        message text := case when new.trace_context is null
          then json_build_object('id', new.id, 'topic', new.topic, 'payload', new.payload)
          else json_build_object('id', new.id, 'topic', new.topic, 'payload', new.payload, 'traceContext', new.trace_context) end::text;
      begin
        -- A notification holds at most 8000 bytes: a larger event only wakes the relay.
        perform pg_notify('outbox_events', case when octet_length(message) <= 7900 then message else '' end);
        return null;
      end $$;`);
  }

  override down(): void {
    this.addSql(`
      create or replace function "outbox_events_notify"() returns trigger language plpgsql as $$
      declare
        message text := json_build_object('id', new.id, 'topic', new.topic, 'payload', new.payload)::text;
      begin
        perform pg_notify('outbox_events', case when octet_length(message) <= 7900 then message else '' end);
        return null;
      end $$;`);
    this.addSql(`alter table "outbox_events" drop column if exists "trace_context";`);
  }
}
