import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { v7 as uuidv7 } from 'uuid';

export type OtpChannel = 'email' | 'whatsapp';

/**
 * One one-time code, bound to a user, a channel and an address. The code itself is kept only as an
 * HMAC (`codeHash`); `sealedCode` (AES-GCM) exists only until the worker has delivered it.
 * Times come from the services' clock, never from the database.
 */
@Entity({ tableName: 'otp_codes' })
export class OtpCode {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'uuid', fieldName: 'user_id' })
  userId!: string;

  @Property({ type: 'text' })
  channel!: OtpChannel;

  /** A lower-cased email or an E.164 number. */
  @Property({ type: 'text' })
  address!: string;

  @Property({ type: 'text', fieldName: 'code_hash', hidden: true })
  codeHash!: string;

  @Property({ type: 'text', fieldName: 'sealed_code', nullable: true, hidden: true })
  sealedCode: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'requested_at' })
  requestedAt!: Date;

  @Property({ type: 'timestamptz', fieldName: 'expires_at' })
  expiresAt!: Date;

  @Property({ type: 'integer' })
  attempts: Opt<number> = 0;

  @Property({ type: 'timestamptz', fieldName: 'consumed_at', nullable: true })
  consumedAt: Date | null = null;

  /** Replaced by a newer code, spent by too many wrong tries, or its account deleted. */
  @Property({ type: 'timestamptz', fieldName: 'voided_at', nullable: true })
  voidedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'delivered_at', nullable: true })
  deliveredAt: Date | null = null;
}
