import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { OtpError, resendWaitAfter } from '../../../lib/otp-errors';
import { useCountdown } from '../../../lib/use-countdown';
import { normaliseVerificationCode } from '../utils/auth-validation';

interface EmailVerificationStepProps {
  email: string;
  /** Checks the code; rejects with an Error whose message is shown (the server's wording). */
  onVerify: (code: string) => Promise<void>;
  /**
   * Sends a new code; resolves with the seconds until the next resend (the server's cooldown), rejects
   * with an Error whose message (if any) says why not; an OtpError of a cooldown restarts the count
   * from the server's wait. Offered only when given.
   */
  onResend?: () => Promise<number | void>;
  /** Seconds until the first resend is allowed (a code was just sent). */
  resendInSeconds?: number;
  onBack: () => void;
  backLabel: string;
  /** A status line to start with, e.g. that a new code was just sent. */
  initialNotice?: string | null;
}

type Status = 'idle' | 'verifying' | 'resending';

const CODE_LENGTH = 6;

/** Email verification (docs/product.md#screens-and-routes and #states-and-transitions): a 6-digit code, resend, and a way back to the form. */
export function EmailVerificationStep({
  email,
  onVerify,
  onResend,
  onBack,
  backLabel,
  initialNotice = null,
  resendInSeconds = 0,
}: EmailVerificationStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const { secondsLeft, start } = useCountdown(resendInSeconds);
  const busy = status !== 'idle';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (code === '') return setError(t('verify.codeRequired'));
    if (code.length !== CODE_LENGTH) return setError(t('verify.codeFormat'));
    setError(null);
    setStatus('verifying');
    try {
      await onVerify(code);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('verify.invalid'));
    } finally {
      setStatus('idle');
    }
  };

  const handleResend = async () => {
    if (!onResend || busy) return;
    setError(null);
    setNotice(null);
    setStatus('resending');
    try {
      const wait = await onResend();
      if (typeof wait === 'number') start(wait);
      setNotice(t('verify.resent'));
    } catch (failure) {
      // A cooldown counts down again from the server's figure; a daily cap only gets its message.
      const wait = failure instanceof OtpError ? resendWaitAfter(failure.failure) : null;
      if (wait) start(wait);
      setError(failure instanceof Error && failure.message ? failure.message : t('verify.resendFailed'));
    } finally {
      setStatus('idle');
    }
  };

  return (
    <div className="verification-step">
      <p>{t('verify.instructions', { email })}</p>
      <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          id="verification-code"
          name="code"
          label={t('verify.codeLabel')}
          className="field--code"
          value={code}
          onChange={(event) => setCode(normaliseVerificationCode(event.target.value))}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          autoFocus
        />
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={status === 'verifying'}>
          {status === 'verifying' ? t('verify.submitting') : t('verify.submit')}
        </button>
      </form>
      <div className="verification-step__actions">
        {onResend ? (
          <button
            type="button"
            className="button button--link"
            onClick={() => void handleResend()}
            disabled={busy || secondsLeft > 0}
          >
            {status === 'resending'
              ? t('verify.resending')
              : secondsLeft > 0
                ? t('verify.resendIn', { count: secondsLeft })
                : t('verify.resend')}
          </button>
        ) : null}
        <button type="button" className="button button--link" onClick={onBack} disabled={busy}>
          {backLabel}
        </button>
      </div>
    </div>
  );
}
