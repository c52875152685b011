import { AppError, notFound } from '../../common/app-error.js';
import type { Message } from '../../common/message.js';
import type { OtpChannel, OtpCode } from './otp-code.entity.js';
import { verificationMessages } from './verification.messages.js';

// The rules of one-time codes (docs/verification-and-accounts.md): the resend cooldown and the daily
// caps, and what an attempt at a code comes to. Pure: the service reads the rows and applies the outcome.

export const DAY_MS = 24 * 3600 * 1000;

type OtpErrorCode = 'BAD_USER_INPUT' | 'GONE' | 'RATE_LIMITED' | 'CONFLICT';
export const otpError = (code: OtpErrorCode, message: Message, details: Record<string, unknown>) => new AppError(code, message, details);

/** Seconds left at `now` of the resend cooldown after a code sent at `last` (0: none). */
export function cooldownAfter(last: Date | string | null, now: Date, cooldownSeconds: number): number {
  if (!last) return 0;
  const until = new Date(last).getTime() + cooldownSeconds * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

/** The send records of the last 24 hours that a new code is counted against. */
export interface SendCounts {
  /** To this address: how many, the first and the last. */
  address: { n: number; first: Date | string | null; last: Date | string | null };
  /** From this client: how many, the first. */
  client: { n: number; first: Date | string | null };
}

export interface LimitSettings {
  cooldownSeconds: number;
  capPerAddress: number;
  capPerClient: number;
}

/**
 * Why another code may not be sent now, or null: the address's cooldown, then its daily cap, then
 * the client's; each refusal says when to try again (`retryAfterSeconds`).
 */
export function limitRefusal(channel: OtpChannel, counts: SendCounts, now: Date, s: LimitSettings): AppError | null {
  const secondsUntil = (t: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));
  const dayAfter = (first: Date | string | null) => secondsUntil(new Date(new Date(first!).getTime() + DAY_MS));
  const cooldown = cooldownAfter(counts.address.last, now, s.cooldownSeconds);
  if (cooldown > 0) {
    return otpError('RATE_LIMITED', (cooldown === 1 ? verificationMessages.waitSecond : verificationMessages.waitSeconds)({ n: cooldown }), { otpStatus: 'cooldown', retryAfterSeconds: cooldown });
  }
  if (counts.address.n >= s.capPerAddress) {
    return otpError('RATE_LIMITED', channel === 'email' ? verificationMessages.tooManyCodesToEmail : verificationMessages.tooManyCodesToNumber, {
      otpStatus: 'daily_limit',
      retryAfterSeconds: dayAfter(counts.address.first),
    });
  }
  if (counts.client.n >= s.capPerClient) {
    return otpError('RATE_LIMITED', verificationMessages.tooManyCodesWereRequestedFrom, {
      otpStatus: 'daily_limit',
      retryAfterSeconds: dayAfter(counts.client.first),
    });
  }
  return null;
}

/** What an attempt at a code comes to: a refusal (with the code's changes to keep), or the code used. */
export type AttemptOutcome = { ok: true } | { ok: false; refusal: AppError };

/**
 * An attempt at the latest code of a channel for `address`: refused when no code went to this
 * address (or it was replaced), used, spent by wrong attempts or expired; a wrong code counts an
 * attempt (the last allowed one voids the code); a right one consumes it. Changes `otp` as it says.
 */
export function attempt(otp: OtpCode | null, channel: OtpChannel, address: string, now: Date, maxAttempts: number, matches: (otp: OtpCode) => boolean): AttemptOutcome {
  if (!otp || otp.address !== address || (otp.voidedAt && otp.attempts < maxAttempts)) {
    return { ok: false, refusal: otpError('BAD_USER_INPUT', channel === 'email' ? verificationMessages.noCodeToEmail : verificationMessages.noCodeToNumber, { otpStatus: 'not_sent' }) };
  }
  if (otp.consumedAt) return { ok: false, refusal: otpError('BAD_USER_INPUT', verificationMessages.thisCodeHasAlreadyBeenUsed, { otpStatus: 'used' }) };
  if (otp.attempts >= maxAttempts) {
    return { ok: false, refusal: otpError('RATE_LIMITED', verificationMessages.tooManyWrongAttemptsPleaseRequest, { otpStatus: 'too_many_attempts' }) };
  }
  if (now >= otp.expiresAt) return { ok: false, refusal: otpError('GONE', verificationMessages.thisCodeHasExpiredPleaseRequest, { otpStatus: 'expired' }) };
  if (!matches(otp)) {
    otp.attempts += 1;
    const left = maxAttempts - otp.attempts;
    if (!left) {
      otp.voidedAt = now;
      otp.sealedCode = null;
      return {
        ok: false,
        refusal: otpError('BAD_USER_INPUT', verificationMessages.invalidVerificationCodeNoAttemptsLeft, { otpStatus: 'invalid', attemptsLeft: 0 }),
      };
    }
    return { ok: false, refusal: otpError('BAD_USER_INPUT', (left === 1 ? verificationMessages.attemptLeft : verificationMessages.attemptsLeft)({ n: left }), { otpStatus: 'invalid', attemptsLeft: left }) };
  }
  otp.consumedAt = now;
  otp.sealedCode = null;
  return { ok: true };
}

/** The account a code verifies is gone. */
export const noAccount = () => notFound(verificationMessages.noAccountFound);
