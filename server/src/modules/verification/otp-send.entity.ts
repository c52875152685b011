import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { v7 as uuidv7 } from 'uuid';
import type { OtpChannel } from './otp-code.entity.js';

/**
 * One code sent, for the resend cooldown and the daily caps only. Kept apart from the codes (which
 * die with their account) so that deleting an account does not reset the limits; holds keyed hashes
 * of the address and the client instead of the values, and is pruned once older than a day.
 */
@Entity({ tableName: 'otp_sends' })
export class OtpSend {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'text' })
  channel!: OtpChannel;

  /** HMAC of `channel:address` (OtpCrypto.tag). */
  @Property({ type: 'text', fieldName: 'address_hash' })
  addressHash!: string;

  /** HMAC of the client address that asked. */
  @Property({ type: 'text', fieldName: 'client_hash' })
  clientHash!: string;

  @Property({ type: 'timestamptz', fieldName: 'requested_at' })
  requestedAt!: Date;
}
