import { Migration } from '@mikro-orm/migrations';

/**
 * The commit NOTIFY carries each outbox event (id, topic, payload) when it fits in a notification, so
 * a relay publishes its live messages the moment the transaction commits, before its claiming pass
 * (docs/architecture.md#live-events). A rolled-back transaction notifies nothing.
 */
export class Migration20261124223000_outbox_notify_payload extends Migration {
  override name = 'Migration20261124223000_outbox_notify_payload';

  up(): void {
    this.addSql(`drop trigger if exists "outbox_events_notify" on "outbox_events";`);
    this.addSql(`
      create or replace function "outbox_events_notify"() returns trigger language plpgsql as $$
      declare
        message text := json_build_object('id', new.id, 'topic', new.topic, 'payload', new.payload)::text;
      begin
        -- A notification holds at most 8000 bytes: a larger event only wakes the relay.
        perform pg_notify('outbox_events', case when octet_length(message) <= 7900 then message else '' end);
        return null;
      end $$;`);
    this.addSql(`create trigger "outbox_events_notify" after insert on "outbox_events" for each row execute function "outbox_events_notify"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "outbox_events_notify" on "outbox_events";`);
    this.addSql(`
      create or replace function "outbox_events_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox_events', '');
        return null;
      end $$;`);
    this.addSql(`create trigger "outbox_events_notify" after insert on "outbox_events" for each statement execute function "outbox_events_notify"();`);
  }
}
