import { Migration } from '@mikro-orm/migrations';

/**
 * Trust and safety's operator console (docs/product.md#operators-and-reports): the operator role and a
 * suspension on users; a product's hold by the team (`held`: 'operator' when an operator hid it,
 * 'suspension' while its seller is suspended; a held product is never enabled); reports (one open report
 * per reporter and target, by a partial unique index); and the operators' audit log, append-only (a
 * trigger refuses updates and deletes).
 */
export class Migration20261127230000_operator_reports extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column if not exists "operator" boolean not null default false,
      add column if not exists "suspended_at" timestamptz null;`);
    this.addSql(`alter table "products" add column if not exists "held" text null,
      add constraint "products_held_check" check ("held" is null or ("held" in ('operator', 'suspension') and not "enabled"));`);
    this.addSql(`create index if not exists "products_held_idx" on "products" ("seller_id") where "held" is not null;`);
    this.addSql(`
      create table if not exists "reports" (
        "id" uuid primary key,
        "reporter_id" uuid not null references "users" ("id"),
        "target_type" text not null check ("target_type" in ('user', 'message', 'product')),
        "target_id" uuid not null,
        "target_user_id" uuid not null references "users" ("id"),
        "reason" text not null check ("reason" in ('spam', 'fraud', 'offensive', 'wrong_category', 'other')),
        "text" text null,
        "created_at" timestamptz not null,
        "resolved_at" timestamptz null,
        "resolved_by" uuid null references "users" ("id"),
        "action" text null check ("action" in ('dismiss', 'hide_product', 'suspend_user')),
        "note" text null,
        constraint "reports_resolved_check" check (("resolved_at" is null) = ("action" is null))
      );`);
    this.addSql(`create unique index if not exists "reports_open_unique" on "reports" ("reporter_id", "target_type", "target_id") where "resolved_at" is null;`);
    this.addSql(`create index if not exists "reports_open_idx" on "reports" ("created_at", "id") where "resolved_at" is null;`);
    this.addSql(`create index if not exists "reports_target_user_idx" on "reports" ("target_user_id", "created_at");`);
    this.addSql(`create index if not exists "reports_reporter_idx" on "reports" ("reporter_id", "created_at");`);
    this.addSql(`
      create table if not exists "operator_actions" (
        "id" uuid primary key,
        "operator_id" uuid not null references "users" ("id"),
        "action" text not null check ("action" in ('dismiss', 'hide_product', 'suspend_user', 'unsuspend_user')),
        "report_id" uuid null references "reports" ("id"),
        "target_user_id" uuid null references "users" ("id"),
        "target_product_id" uuid null references "products" ("id"),
        "note" text not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`create index if not exists "operator_actions_time_idx" on "operator_actions" ("created_at" desc, "id" desc);`);
    this.addSql(`create index if not exists "operator_actions_user_idx" on "operator_actions" ("target_user_id", "created_at");`);
    this.addSql(`
      create or replace function "operator_actions_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'operator_actions is append-only';
      end $$;`);
    this.addSql(
      `create trigger "operator_actions_append_only" before update or delete on "operator_actions" for each row execute function "operator_actions_append_only"();`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "operator_actions";`);
    this.addSql(`drop function if exists "operator_actions_append_only"();`);
    this.addSql(`drop table if exists "reports";`);
    this.addSql(`alter table "products" drop constraint if exists "products_held_check", drop column if exists "held";`);
    this.addSql(`alter table "users" drop column if exists "operator", drop column if exists "suspended_at";`);
  }
}
