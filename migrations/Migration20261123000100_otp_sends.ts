import { Migration } from '@mikro-orm/migrations';

/**
 * A record of every code sent, kept apart from `otp_codes` so that the resend cooldown and the daily
 * caps outlive the account that asked (deleting an account deletes its codes). It holds no address:
 * only keyed hashes (HMAC with OTP_SECRET) of the address and of the client, and is pruned after a day.
 */
export class Migration20261123000100_otp_sends extends Migration {
  override name = 'Migration20261123000100_otp_sends';

  up(): void {
    this.addSql(`
      create table "otp_sends" (
        "id" uuid primary key,
        "channel" text not null check ("channel" in ('email', 'whatsapp')),
        "address_hash" text not null,
        "client_hash" text not null,
        "requested_at" timestamptz not null
      );`);
    this.addSql(`create index "otp_sends_address_idx" on "otp_sends" ("address_hash", "requested_at" desc);`);
    this.addSql(`create index "otp_sends_client_idx" on "otp_sends" ("client_hash", "requested_at" desc);`);
    this.addSql(`create index "otp_sends_requested_idx" on "otp_sends" ("requested_at");`);
    // The caps no longer read codes by address or client; the client address is not kept with a code any more.
    this.addSql(`drop index if exists "otp_codes_address_idx";`);
    this.addSql(`drop index if exists "otp_codes_client_idx";`);
    this.addSql(`alter table "otp_codes" drop column "request_ip";`);
  }

  override down(): void {
    this.addSql(`alter table "otp_codes" add column "request_ip" text not null default 'unknown';`);
    this.addSql(`create index "otp_codes_address_idx" on "otp_codes" ("channel", "address", "requested_at" desc);`);
    this.addSql(`create index "otp_codes_client_idx" on "otp_codes" ("request_ip", "requested_at" desc);`);
    this.addSql(`drop table if exists "otp_sends";`);
  }
}
