import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-sender.js';
import type { Clock } from '../../common/clock.js';
import type { Orm } from '../../db/orm.js';
import { User } from '../users/user.entity.js';
import { OtpCode } from './otp-code.entity.js';
import type { OtpCrypto } from './otp-crypto.js';
import { emailCodeMessage, whatsappCodeMessage } from './otp-messages.js';

/** The result of a delivery job (kept by BullMQ for inspection). */
export type DeliveryOutcome = 'delivered' | 'already_delivered' | 'superseded' | 'expired' | 'missing';

export interface OtpDeliveryDeps {
  orm: Orm;
  redis: Redis;
  clock: Clock;
  log: Logger;
  crypto: OtpCrypto;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  /** The code's lifetime, said in the message (OTP_TTL_SECONDS). */
  ttlSeconds: number;
}

/** Sends codes (the `otp-delivery` worker): by email or WhatsApp, in the account's language. */
export class OtpDelivery {
  constructor(private readonly d: OtpDeliveryDeps) {}

  /**
   * Delivers one code. Idempotent: a code already delivered, replaced, used or expired is not sent; a
   * Redis lease keeps two runs of the same job from sending at once. A retry after a failed send
   * sends the same code again (never a second code).
   */
  async deliver(otpId: string): Promise<DeliveryOutcome> {
    const lease = `otp:deliver:${otpId}`;
    if ((await this.d.redis.set(lease, '1', 'PX', 60_000, 'NX')) !== 'OK') {
      throw new Error('this code is being delivered by another run; retrying later');
    }
    try {
      const em = this.d.orm.em.fork();
      const otp = await em.findOne(OtpCode, { id: otpId });
      if (!otp) return 'missing';
      if (otp.deliveredAt) return 'already_delivered';
      if (otp.consumedAt || otp.voidedAt || !otp.sealedCode) return 'superseded';
      if (this.d.clock.now() >= otp.expiresAt) return 'expired';
      const user = await em.findOne(User, { id: otp.userId, deletedAt: null });
      if (!user) return 'superseded';
      const code = this.d.crypto.unseal(otp.id, otp.sealedCode);
      const minutes = Math.round(this.d.ttlSeconds / 60);
      if (otp.channel === 'email') {
        await this.d.mail.send({ to: otp.address, ...emailCodeMessage(user.language, code, minutes), idempotencyKey: otp.id });
      } else {
        await this.d.whatsapp.send({ to: otp.address, body: whatsappCodeMessage(user.language, code, minutes), idempotencyKey: otp.id });
      }
      await em.nativeUpdate(OtpCode, { id: otp.id }, { deliveredAt: this.d.clock.now(), sealedCode: null });
      this.d.log.info({ otpId: otp.id, channel: otp.channel }, 'verification code delivered');
      return 'delivered';
    } finally {
      await this.d.redis.del(lease);
    }
  }
}
