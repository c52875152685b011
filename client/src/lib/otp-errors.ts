import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readServerError } from './graphql-errors';

/** What the server says went wrong with a one-time code (`extensions.details.otpStatus`). */
const STATUSES = ['invalid', 'expired', 'used', 'not_sent', 'too_many_attempts', 'cooldown', 'daily_limit', 'already_verified', 'unavailable'] as const;
export type OtpStatus = (typeof STATUSES)[number];
const isOtpStatus = (value: unknown): value is OtpStatus => (STATUSES as readonly unknown[]).includes(value);

export interface OtpFailure {
  status: OtpStatus | null;
  /** The server's own message, if it sent one. */
  message: string | null;
  retryAfterSeconds: number | null;
  attemptsLeft: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads the state of a failed code request or check from an Apollo error. */
export function readOtpFailure(error: unknown): OtpFailure {
  const { message, details } = readServerError(error);
  const status = isOtpStatus(details.otpStatus) ? details.otpStatus : null;
  return { status, message, retryAfterSeconds: numberOrNull(details.retryAfterSeconds), attemptsLeft: numberOrNull(details.attemptsLeft) };
}

/**
 * The wait a resend button should count down after a failure: the cooldown's seconds, never the
 * hours of a daily cap (that one gets a message, not a countdown).
 */
export function resendWaitAfter(failure: OtpFailure): number | null {
  return failure.status === 'cooldown' ? failure.retryAfterSeconds : null;
}

/** A code failure already put into words (the interface language), keeping what the server said. */
export class OtpError extends Error {
  constructor(
    message: string,
    readonly failure: OtpFailure,
  ) {
    super(message);
    this.name = 'OtpError';
  }
}

/**
 * Words for a code failure in the interface language (docs/product.md#errors lists the states, in Hindi
 * too); the server's message when the state has no words of its own, else `fallback`. `channel`
 * picks the words where email and WhatsApp differ.
 */
export function useOtpFailureText(channel: 'email' | 'whatsapp' = 'email') {
  const { t } = useTranslation('verification');
  return useCallback(
    (failure: OtpFailure, fallback: string): string => {
      switch (failure.status) {
        case 'invalid':
          if (failure.attemptsLeft === 0) return t('otp.noAttemptsLeft');
          return failure.attemptsLeft === null ? t('otp.invalid') : t('otp.attemptsLeft', { count: failure.attemptsLeft });
        case 'expired':
          return t('otp.expired');
        case 'used':
          return t('otp.used');
        case 'not_sent':
          return t('otp.notSent');
        case 'too_many_attempts':
          return t('otp.tooManyAttempts');
        case 'cooldown':
          return t('otp.cooldown', { count: failure.retryAfterSeconds ?? 60 });
        case 'daily_limit':
          return t('otp.dailyLimit');
        case 'already_verified':
          return channel === 'email' ? t('otp.alreadyVerifiedEmail') : t('otp.alreadyVerifiedPhone');
        case 'unavailable':
          return t('otp.unavailable');
        default:
          return failure.message ?? fallback;
      }
    },
    [t, channel],
  );
}
