import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-sender.js';
import type { DevOutbox } from '../../adapters/dev-outbox/dev-outbox.js';
import type { DevOutboxMessage } from '../../adapters/dev-outbox/dev-outbox-message.entity.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { Config } from '../../config/env.js';
import type { Orm } from '../../db/orm.js';
import { addOutboxEvent, type OutboxRelay } from '../../outbox/outbox.js';
import type { AuthHooks, AuthService } from '../auth/auth.service.js';
import { User } from '../users/user.entity.js';
import { OtpCode, type OtpChannel } from './otp-code.entity.js';
import { OtpSend } from './otp-send.entity.js';
import type { OtpCrypto } from './otp-crypto.js';
import { OtpDelivery, type DeliveryOutcome } from './otp-delivery.js';
import { otpRequested } from './otp-events.js';
import { attempt, cooldownAfter, DAY_MS, limitRefusal, noAccount, otpError } from './otp-rules.js';
import {
  devOutboxQuery,
  sendEmailOtpInput,
  sendWhatsappOtpInput,
  verifyEmailOtpInput,
  verifyWhatsappOtpInput,
} from './verification.inputs.js';
import { verificationMessages } from './verification.messages.js';


/** What a client can show after asking for a code. */
export interface OtpSent {
  status: 'sent';
  channel: OtpChannel;
  to: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface SandboxInstruction {
  joinPhrase: string;
  number: string;
}

export interface WhatsappStatus {
  /** The verified number (a number becomes the user's only once its code is verified). */
  whatsappNumber: string | null;
  whatsappVerified: boolean;
  /** A number a code was sent to and not verified yet (not the verified one): the settings page offers 'Verify'. */
  pendingNumber: string | null;
  /** Seconds until another code can be sent to the pending number (0: now). */
  resendAfterSeconds: number;
  /** False when WhatsApp sending is off (WHATSAPP_DRIVER=off): no code can be sent. */
  available: boolean;
  sandbox: SandboxInstruction;
}

export const WHATSAPP_UNAVAILABLE = verificationMessages.whatsappVerificationIsNotAvailableRight;

export type { DeliveryOutcome } from './otp-delivery.js';

export interface VerificationDeps {
  config: Config;
  clock: Clock;
  orm: Orm;
  redis: Redis;
  relay: OutboxRelay;
  log: Logger;
  auth: AuthService;
  crypto: OtpCrypto;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  devOutbox: DevOutbox;
}

/** A code not delivered this long after it was asked for has lost its job (or its job keeps failing): the sweep sends it. */
const AWAITING_DELIVERY_MS = 60_000;

// Advisory-lock classes: a kind of key each, always taken in this order, so two requests never deadlock.
const LOCK_CLIENT = 7101;
const LOCK_USER = 7102;
const LOCK_ADDRESS = 7103;

/**
 * One-time codes for both channels: email (verifies the account's email; no session needed, the
 * code is the proof) and WhatsApp (verifies a number for the logged-in user). Requests only write
 * the code and an outbox event; the `otp-delivery` worker sends it (`deliver`).
 */
export class VerificationService {
  private readonly delivery: OtpDelivery;

  constructor(private readonly d: VerificationDeps) {
    this.delivery = new OtpDelivery({ ...d, ttlSeconds: d.config.OTP_TTL_SECONDS });
  }

  /** Registration sends the email code; login refuses an unverified email. */
  authHooks(): AuthHooks {
    return {
      afterRegister: async (ctx, user) => {
        // Registration is limited by the auth module; its code counts towards the caps but is never refused by them.
        await this.issue(ctx.em, { userId: user.id, channel: 'email', address: user.email, ip: ctx.ip, limited: false });
      },
      afterRegisterCommit: () => this.d.relay.nudge(),
      beforeLogin: async (_ctx, user) => {
        if (!user.emailVerified) {
          throw new AppError('EMAIL_NOT_VERIFIED', verificationMessages.emailNotVerifiedPleaseVerifyYour, { email: user.email });
        }
      },
    };
  }

  sandbox(): SandboxInstruction {
    return { joinPhrase: this.d.config.WHATSAPP_SANDBOX_JOIN_PHRASE, number: this.d.config.WHATSAPP_SANDBOX_NUMBER };
  }

  /** Whether WhatsApp codes can be sent at all (WHATSAPP_DRIVER is not `off`). */
  whatsappAvailable(): boolean {
    return this.d.config.WHATSAPP_DRIVER !== 'off';
  }

  /**
   * Seconds until another email code can be asked for this account (the register answer's
   * countdown); null once the email is verified.
   */
  async emailResendAfterSeconds(em: EntityManager, user: Pick<User, 'email' | 'emailVerified'>): Promise<number | null> {
    if (user.emailVerified) return null;
    return this.cooldownLeft(em, 'email', user.email);
  }

  /** Sends a new email code to an account whose email is not verified yet. */
  async sendEmailOtp(ctx: RequestContext, raw: unknown): Promise<OtpSent> {
    const input = parseInput(sendEmailOtpInput, raw);
    const otp = await ctx.em.transactional(async (tx) => {
      const user = await this.findUnverified(tx, input.email);
      return this.issue(tx, { userId: user.id, channel: 'email', address: input.email, ip: ctx.ip, limited: true });
    });
    await this.d.relay.nudge();
    return this.sent(otp);
  }

  async verifyEmailOtp(ctx: RequestContext, raw: unknown): Promise<{ status: 'verified'; email: string }> {
    const input = parseInput(verifyEmailOtpInput, raw);
    const user = await this.findUnverified(ctx.em, input.email);
    await this.check(ctx, { userId: user.id, channel: 'email', address: input.email, code: input.otp }, (u) => {
      u.emailVerified = true;
    });
    await this.d.auth.publishAccountEvent(user.id, 'EMAIL_VERIFIED');
    return { status: 'verified', email: input.email };
  }

  /** Sends a code to a WhatsApp number of the logged-in user. */
  async sendWhatsappOtp(ctx: RequestContext, raw: unknown): Promise<OtpSent & { sandbox: SandboxInstruction }> {
    const user = await this.d.auth.requireUser(ctx);
    if (!this.whatsappAvailable()) throw new AppError('SERVICE_UNAVAILABLE', WHATSAPP_UNAVAILABLE, { otpStatus: 'unavailable' });
    const input = parseInput(sendWhatsappOtpInput, raw);
    if (user.whatsappVerified && user.whatsappNumber === input.whatsappNumber) {
      throw otpError('CONFLICT', verificationMessages.thisWhatsappNumberIsAlreadyVerified, { otpStatus: 'already_verified' });
    }
    const otp = await ctx.em.transactional((tx) =>
      this.issue(tx, { userId: user.id, channel: 'whatsapp', address: input.whatsappNumber, ip: ctx.ip, limited: true }),
    );
    await this.d.relay.nudge();
    return { ...this.sent(otp), sandbox: this.sandbox() };
  }

  /** Verifies the code: the number becomes the user's verified WhatsApp number. */
  async verifyWhatsappOtp(ctx: RequestContext, raw: unknown): Promise<WhatsappStatus> {
    const user = await this.d.auth.requireUser(ctx);
    const input = parseInput(verifyWhatsappOtpInput, raw);
    await this.check(ctx, { userId: user.id, channel: 'whatsapp', address: input.whatsappNumber, code: input.otp }, (u) => {
      u.whatsappNumber = input.whatsappNumber;
      u.whatsappVerified = true;
    });
    await this.d.auth.publishAccountEvent(user.id, 'WHATSAPP_VERIFIED');
    return {
      whatsappNumber: input.whatsappNumber,
      whatsappVerified: true,
      pendingNumber: null,
      resendAfterSeconds: 0,
      available: this.whatsappAvailable(),
      sandbox: this.sandbox(),
    };
  }

  /**
   * The verified number, and the number pending verification: the one the newest WhatsApp code
   * went to, until that code is used (a code that expired or ran out of tries leaves the number
   * pending: step 2 can send a new one).
   */
  async whatsappStatus(ctx: RequestContext): Promise<WhatsappStatus> {
    const user = await this.d.auth.requireUser(ctx);
    const verified = user.whatsappVerified ? user.whatsappNumber : null;
    const newest = await ctx.em.findOne(
      OtpCode,
      { userId: user.id, channel: 'whatsapp' },
      { orderBy: { requestedAt: 'desc', id: 'desc' } },
    );
    const pendingNumber = newest && !newest.consumedAt && newest.address !== verified ? newest.address : null;
    return {
      whatsappNumber: user.whatsappNumber,
      whatsappVerified: user.whatsappVerified,
      pendingNumber,
      resendAfterSeconds: pendingNumber ? await this.cooldownLeft(ctx.em, 'whatsapp', pendingNumber) : 0,
      available: this.whatsappAvailable(),
      sandbox: this.sandbox(),
    };
  }

  /**
   * Account deletion: every code of the user dies, and the development outbox forgets every message
   * to an address the user ever had a code for. The send records (`otp_sends`, hashes only) stay:
   * deleting an account must not reset the cooldown and the daily caps.
   */
  async forgetUser(em: EntityManager, account: { id: string; email: string; whatsappNumber: string | null }): Promise<void> {
    const codes = await em.find(OtpCode, { userId: account.id }, { fields: ['address'] });
    const addresses = new Set([account.email, account.whatsappNumber, ...codes.map((c) => c.address)].filter((a): a is string => !!a));
    await em.nativeDelete(OtpCode, { userId: account.id });
    await this.d.devOutbox.forget(em, [...addresses]);
  }

  /** The development outbox, newest first (`GET /dev/outbox`). */
  outboxMessages(raw: unknown): Promise<DevOutboxMessage[]> {
    return this.d.devOutbox.list(parseInput(devOutboxQuery, raw));
  }

  /**
   * Delivers one code (the `otp-delivery` job). Idempotent: a code already delivered, replaced,
   * used or expired is not sent; a Redis lease keeps two runs of the same job from sending at once.
   * A retry after a failed send sends the same code again (never a second code).
   */
  deliver(otpId: string): Promise<DeliveryOutcome> {
    return this.delivery.deliver(otpId);
  }

  /**
   * The worker's sweep (Queues.registerSweep): delivers the codes still awaiting delivery a minute
   * after they were asked for and not expired, whose job Redis may have lost (a restart without
   * persistence). Each delivery is the job's own (idempotent, leased: never a second send); one that
   * fails waits for the next sweep. Answers how many were delivered.
   */
  async deliverAwaiting(): Promise<number> {
    const now = this.d.clock.now();
    const rows = await this.d.orm.em.fork().execute<Array<{ id: string }>>(
      `select id from otp_codes where sealed_code is not null and delivered_at is null and consumed_at is null and voided_at is null
         and expires_at > ? and requested_at < ? order by requested_at limit 200`,
      [now, new Date(now.getTime() - AWAITING_DELIVERY_MS)],
    );
    let delivered = 0;
    for (const { id } of rows) {
      const outcome = await this.delivery.deliver(id).catch((err: Error) => {
        this.d.log.debug({ otpId: id, err: err.message }, 'code not delivered by the sweep');
        return null;
      });
      if (outcome === 'delivered') delivered++;
    }
    return delivered;
  }

  private async findUnverified(em: EntityManager, email: string): Promise<User> {
    const user = await em.findOne(User, { email, deletedAt: null });
    if (!user) throw notFound(verificationMessages.noAccountFoundWithThisEmail);
    if (user.emailVerified) throw otpError('CONFLICT', verificationMessages.thisEmailIsAlreadyVerifiedPlease, { otpStatus: 'already_verified' });
    return user;
  }

  private sent(otp: OtpCode): OtpSent {
    return {
      status: 'sent',
      channel: otp.channel,
      to: otp.address,
      expiresInSeconds: this.d.config.OTP_TTL_SECONDS,
      resendAfterSeconds: this.d.config.OTP_RESEND_COOLDOWN_SECONDS,
    };
  }

  /**
   * Issues a new code inside the caller's transaction: checks the cooldown and the daily caps
   * (serialised per client, user and address with advisory locks, so concurrent requests cannot
   * slip past them), voids the previous live code, stores the new one and its outbox event.
   */
  private async issue(
    em: EntityManager,
    p: { userId: string; channel: OtpChannel; address: string; ip: string; limited: boolean },
  ): Promise<OtpCode> {
    const lock = (cls: number, key: string) => em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [cls, key]);
    if (p.limited) await lock(LOCK_CLIENT, p.ip);
    await lock(LOCK_USER, `${p.userId}:${p.channel}`);
    await lock(LOCK_ADDRESS, `${p.channel}:${p.address}`);
    const now = this.d.clock.now();
    const keys = { address: this.d.crypto.tag(`${p.channel}:${p.address}`), client: this.d.crypto.tag(`client:${p.ip}`) };
    if (p.limited) await this.checkLimits(em, p, keys, now);

    await em.nativeUpdate(OtpCode, { userId: p.userId, channel: p.channel, consumedAt: null, voidedAt: null }, { voidedAt: now, sealedCode: null });
    const otp = em.create(OtpCode, {
      userId: p.userId,
      channel: p.channel,
      address: p.address,
      codeHash: '',
      requestedAt: now,
      expiresAt: new Date(now.getTime() + this.d.config.OTP_TTL_SECONDS * 1000),
    });
    const code = this.d.crypto.generate();
    otp.codeHash = this.d.crypto.hash(otp.id, code);
    otp.sealedCode = this.d.crypto.seal(otp.id, code);
    em.create(OtpSend, { channel: p.channel, addressHash: keys.address, clientHash: keys.client, requestedAt: now });
    addOutboxEvent(em, otpRequested, { otpId: otp.id });
    await em.flush();
    // Send records older than the caps' window count for nothing: a few go with every new code.
    // SKIP LOCKED: concurrent requests never wait for, or deadlock on, each other's pruning.
    await em.execute(
      'delete from otp_sends where id in (select id from otp_sends where requested_at <= ? order by requested_at limit 50 for update skip locked)',
      [new Date(now.getTime() - DAY_MS)],
    );
    return otp;
  }

  /** Seconds left of the resend cooldown of an address (0: a code can be sent now). */
  private async cooldownLeft(em: EntityManager, channel: OtpChannel, address: string): Promise<number> {
    const now = this.d.clock.now();
    const [row] = await em.execute<Array<{ last: Date | null }>>('select max(requested_at) as last from otp_sends where address_hash = ? and requested_at > ?', [
      this.d.crypto.tag(`${channel}:${address}`),
      new Date(now.getTime() - this.d.config.OTP_RESEND_COOLDOWN_SECONDS * 1000),
    ]);
    return cooldownAfter(row?.last ?? null, now, this.d.config.OTP_RESEND_COOLDOWN_SECONDS);
  }

  /**
   * The cooldown and the daily caps, counted on the send records (`otp_sends`), which outlive
   * deleted accounts: registering, sending codes to someone and deleting the account starts nothing over.
   */
  private async checkLimits(em: EntityManager, p: { channel: OtpChannel }, keys: { address: string; client: string }, now: Date): Promise<void> {
    const c = this.d.config;
    const since = new Date(now.getTime() - DAY_MS);
    const [address] = await em.execute<Array<{ n: number; first: Date | null; last: Date | null }>>(
      'select count(*)::int as n, min(requested_at) as first, max(requested_at) as last from otp_sends where address_hash = ? and requested_at > ?',
      [keys.address, since],
    );
    const [client] = await em.execute<Array<{ n: number; first: Date | null }>>(
      'select count(*)::int as n, min(requested_at) as first from otp_sends where client_hash = ? and requested_at > ?',
      [keys.client, since],
    );
    const refusal = limitRefusal(p.channel, { address, client }, now, {
      cooldownSeconds: c.OTP_RESEND_COOLDOWN_SECONDS,
      capPerAddress: c.OTP_DAILY_CAP_PER_ADDRESS,
      capPerClient: c.OTP_DAILY_CAP_PER_CLIENT,
    });
    if (refusal) throw refusal;
  }

  /**
   * Checks a code against the user's latest code of the channel, with that row locked, so
   * concurrent attempts are counted one after another. A wrong code counts an attempt (committed
   * even though the answer is an error); the last allowed wrong attempt voids the code.
   */
  private async check(
    ctx: RequestContext,
    p: { userId: string; channel: OtpChannel; address: string; code: string },
    apply: (user: User) => void,
  ): Promise<void> {
    const max = this.d.config.OTP_MAX_ATTEMPTS;
    const failure = await ctx.em.transactional(async (tx): Promise<AppError | null> => {
      const otp = await tx.findOne(
        OtpCode,
        { userId: p.userId, channel: p.channel },
        { orderBy: { requestedAt: 'desc', id: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const outcome = attempt(otp, p.channel, p.address, this.d.clock.now(), max, (o) => this.d.crypto.matches(o.id, p.code, o.codeHash));
      // A refusal keeps what it changed of the code (a wrong attempt counted, a spent code voided).
      if (!outcome.ok) return outcome.refusal;
      const user = await tx.findOne(User, { id: p.userId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) return noAccount();
      apply(user);
      return null;
    });
    if (failure) throw failure;
  }
}
