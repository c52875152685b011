import { AppError, notFound } from '../../common/app-error.js';
import type { OtpChannel, OtpCode } from './otp-code.entity.js';

// The rules of one-time codes (docs/verification-and-accounts.md): the resend cooldown and the daily
// caps, and what an attempt at a code comes to. Pure: the service reads the rows and applies the outcome.

export const DAY_MS = 24 * 3600 * 1000;

type OtpErrorCode = 'BAD_USER_INPUT' | 'GONE' | 'RATE_LIMITED' | 'CONFLICT';
export const otpError = (code: OtpErrorCode, message: string, details: Record<string, unknown>) => new AppError(code, message, details);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
    return otpError('RATE_LIMITED', `Please wait ${plural(cooldown, 'second')} before requesting a new code.`, { otpStatus: 'cooldown', retryAfterSeconds: cooldown });
  }
  if (counts.address.n >= s.capPerAddress) {
    return otpError('RATE_LIMITED', `Too many codes were sent to this ${channel === 'email' ? 'email' : 'number'} today. Please try again later.`, {
      otpStatus: 'daily_limit',
      retryAfterSeconds: dayAfter(counts.address.first),
    });
  }
  if (counts.client.n >= s.capPerClient) {
    return otpError('RATE_LIMITED', 'Too many codes were requested from this device today. Please try again later.', {
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
    return { ok: false, refusal: otpError('BAD_USER_INPUT', `No code was sent to this ${channel === 'email' ? 'email' : 'number'}. Please request a new code.`, { otpStatus: 'not_sent' }) };
  }
  if (otp.consumedAt) return { ok: false, refusal: otpError('BAD_USER_INPUT', 'This code has already been used. Please request a new code.', { otpStatus: 'used' }) };
  if (otp.attempts >= maxAttempts) {
    return { ok: false, refusal: otpError('RATE_LIMITED', 'Too many wrong attempts. Please request a new code.', { otpStatus: 'too_many_attempts' }) };
  }
  if (now >= otp.expiresAt) return { ok: false, refusal: otpError('GONE', 'This code has expired. Please request a new code.', { otpStatus: 'expired' }) };
  if (!matches(otp)) {
    otp.attempts += 1;
    const left = maxAttempts - otp.attempts;
    if (!left) {
      otp.voidedAt = now;
      otp.sealedCode = null;
      return {
        ok: false,
        refusal: otpError('BAD_USER_INPUT', 'Invalid verification code. No attempts left; please request a new code.', { otpStatus: 'invalid', attemptsLeft: 0 }),
      };
    }
    return { ok: false, refusal: otpError('BAD_USER_INPUT', `Invalid verification code. ${plural(left, 'attempt')} left.`, { otpStatus: 'invalid', attemptsLeft: left }) };
  }
  otp.consumedAt = now;
  otp.sealedCode = null;
  return { ok: true };
}

/** The account a code verifies is gone. */
export const noAccount = () => notFound('No account found');
