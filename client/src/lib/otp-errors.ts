import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readServerError } from './graphql-errors';

/** What the server says went wrong with a one-time code (`extensions.details.otpStatus`). */
export type OtpStatus = 'invalid' | 'expired' | 'used' | 'not_sent' | 'too_many_attempts' | 'cooldown' | 'daily_limit' | 'already_verified';

const STATUSES: readonly string[] = ['invalid', 'expired', 'used', 'not_sent', 'too_many_attempts', 'cooldown', 'daily_limit', 'already_verified'];

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
  const status = typeof details.otpStatus === 'string' && STATUSES.includes(details.otpStatus) ? (details.otpStatus as OtpStatus) : null;
  return { status, message, retryAfterSeconds: numberOrNull(details.retryAfterSeconds), attemptsLeft: numberOrNull(details.attemptsLeft) };
}

/**
 * Words for a code failure in the interface language (SPEC.md section 8 lists the states, in Hindi
 * too); the server's message when the state has no words of its own, else `fallback`.
 */
export function useOtpFailureText() {
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
        default:
          return failure.message ?? fallback;
      }
    },
    [t],
  );
}
