import { Migration } from '@mikro-orm/migrations';

/**
 * Live events (docs/architecture.md#live-events): a commit that adds outbox events NOTIFYs the relays
 * (delivered at commit, never for a rollback), and one table of live positions for every stream
 * (per user, per conversation), replacing the orders-only one.
 */
export class Migration20261124220000_live_events extends Migration {
  override name = 'Migration20261124220000_live_events';

  up(): void {
    this.addSql(`
      create function "outbox_events_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox_events', '');
        return null;
      end $$;`);
    this.addSql(`create trigger "outbox_events_notify" after insert on "outbox_events" for each statement execute function "outbox_events_notify"();`);
    this.addSql(`
      create table "live_positions" (
        "scope" text not null check ("scope" in ('user', 'conversation')),
        "key" uuid not null,
        "position" bigint not null,
        primary key ("scope", "key")
      );`);
    this.addSql(`insert into "live_positions" ("scope", "key", "position") select 'user', "user_id", "position" from "order_positions";`);
    this.addSql(`drop table "order_positions";`);
  }

  override down(): void {
    this.addSql(`
      create table "order_positions" (
        "user_id" uuid primary key references "users" ("id") on delete cascade,
        "position" bigint not null
      );`);
    this.addSql(`insert into "order_positions" ("user_id", "position") select "key", "position" from "live_positions" where "scope" = 'user';`);
    this.addSql(`drop table if exists "live_positions";`);
    this.addSql(`drop trigger if exists "outbox_events_notify" on "outbox_events";`);
    this.addSql(`drop function if exists "outbox_events_notify"();`);
  }
}
