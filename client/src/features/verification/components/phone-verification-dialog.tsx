import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import {
  SendWhatsappOtpDocument,
  VerifyWhatsappOtpDocument,
  WhatsappStatusDocument,
  type WhatsappStatusFieldsFragment,
} from '../../../graphql/generated';
import { readOtpFailure, useOtpFailureText } from '../../../lib/otp-errors';
import { useCountdown } from '../../../lib/use-countdown';
import { DEFAULT_COUNTRY_PREFIX, normaliseOtp, normalisePhone, PHONE_EXAMPLE } from '../utils/phone';
import './verification.css';

interface PhoneVerificationDialogProps {
  /** The number to start from (changing or verifying an existing one). */
  initialNumber: string | null;
  /**
   * A number a code was already sent to: the overlay opens at step 2 for it, counting the resend
   * down from the server's wait (the settings row's 'Verify' action).
   */
  pending?: { number: string; resendAfterSeconds: number } | null;
  sandbox: WhatsappStatusFieldsFragment['sandbox'];
  onClose: () => void;
  /** Told once the number is verified (the status has been reloaded). */
  onVerified?: (number: string) => void;
}

type Step = { kind: 'number' } | { kind: 'code'; number: string };

/**
 * The phone overlay of /settings (docs/product.md#screens-and-routes and #states-and-transitions): step 1 the number (with the WhatsApp
 * sandbox instruction, shown before anything is sent), step 2 the code (the instruction again: the
 * code only arrives once the number has joined); verifying reloads the status.
 */
export function PhoneVerificationDialog({ initialNumber, pending = null, sandbox, onClose, onVerified }: PhoneVerificationDialogProps) {
  const { t } = useTranslation('verification');
  const describeFailure = useOtpFailureText('whatsapp');
  const titleId = useId();
  const [step, setStep] = useState<Step>(pending ? { kind: 'code', number: pending.number } : { kind: 'number' });
  const [number, setNumber] = useState(pending?.number ?? initialNumber ?? DEFAULT_COUNTRY_PREFIX);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { secondsLeft, start } = useCountdown(pending?.resendAfterSeconds ?? 0);
  // The status reloads after a send: closing the overlay before the code leaves the number shown as pending.
  const [sendOtp, { loading: sending }] = useMutation(SendWhatsappOtpDocument, { refetchQueries: [WhatsappStatusDocument] });
  const [verifyOtp, { loading: verifying }] = useMutation(VerifyWhatsappOtpDocument, {
    refetchQueries: [WhatsappStatusDocument],
    awaitRefetchQueries: true,
  });
  const busy = sending || verifying;

  const send = async (raw: string) => {
    setError(null);
    setNotice(null);
    const e164 = normalisePhone(raw);
    if (!e164) return setError(t('phone.invalidNumber', { phone: PHONE_EXAMPLE }));
    try {
      const { data } = await sendOtp({ variables: { input: { whatsappNumber: e164 } } });
      const sent = data?.sendWhatsappOtp;
      start(sent?.resendAfterSeconds ?? 60);
      setStep({ kind: 'code', number: sent?.to ?? e164 });
      setNotice(t('otp.sent'));
    } catch (failure) {
      const otp = readOtpFailure(failure);
      // A code sent to this number moments ago is still good: go on to the code with the wait shown.
      if (otp.status === 'cooldown' && otp.retryAfterSeconds !== null) {
        start(otp.retryAfterSeconds);
        setStep({ kind: 'code', number: e164 });
        return;
      }
      setError(describeFailure(otp, t('otp.sendFailed')));
    }
  };

  const onSubmitNumber = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void send(number);
  };

  const onSubmitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || step.kind !== 'code') return;
    setNotice(null);
    if (code === '') return setError(t('phone.codeRequired'));
    if (code.length !== 6) return setError(t('phone.codeFormat'));
    setError(null);
    try {
      await verifyOtp({ variables: { input: { whatsappNumber: step.number, otp: code } } });
      onVerified?.(step.number);
      onClose();
    } catch (failure) {
      setError(describeFailure(readOtpFailure(failure), t('otp.verifyFailed')));
    }
  };

  const sandboxTitle = step.kind === 'number' ? t('phone.sandboxTitle') : t('phone.sandboxTitleAgain');
  const sandboxNote = (
    <div className="sandbox-note" role="note" aria-label={sandboxTitle}>
      <p className="sandbox-note__title">{sandboxTitle}</p>
      <p>{t('phone.sandboxInstruction', { phrase: sandbox.joinPhrase, number: sandbox.number })}</p>
    </div>
  );

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="phone-dialog">
        <h2 id={titleId} className="phone-dialog__title">
          {t('phone.dialogTitle')}
        </h2>
        <p className="phone-dialog__step">{step.kind === 'number' ? t('phone.stepNumber') : t('phone.stepCode')}</p>
        {step.kind === 'number' ? (
          <form className="phone-dialog__form" noValidate onSubmit={onSubmitNumber}>
            {sandboxNote}
            <TextField
              id="whatsapp-number"
              name="whatsappNumber"
              label={t('phone.numberLabel')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              error={error}
              describedBy={['whatsapp-number-hint']}
              autoFocus
            />
            <p id="whatsapp-number-hint" className="field__hint">
              {t('phone.numberHint', { example: PHONE_EXAMPLE })}
            </p>
            <div className="phone-dialog__actions">
              <button type="submit" className="button button--primary" disabled={busy} aria-busy={sending}>
                {sending ? t('phone.sending') : t('phone.sendCode')}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {t('phone.close')}
              </button>
            </div>
          </form>
        ) : (
          <form className="phone-dialog__form" noValidate onSubmit={(event) => void onSubmitCode(event)}>
            <p>{t('phone.codeSentTo', { number: step.number })}</p>
            {sandboxNote}
            <TextField
              id="whatsapp-otp"
              name="otp"
              label={t('phone.codeLabel')}
              className="field--code"
              value={code}
              onChange={(event) => setCode(normaliseOtp(event.target.value))}
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
            />
            {notice ? (
              <p className="form-notice" role="status">
                {notice}
              </p>
            ) : null}
            <div className="phone-dialog__actions">
              <button type="submit" className="button button--primary" disabled={busy} aria-busy={verifying}>
                {verifying ? t('phone.verifying') : t('phone.verifyCode')}
              </button>
              <button
                type="button"
                className="button button--link"
                disabled={busy || secondsLeft > 0}
                onClick={() => void send(step.number)}
              >
                {secondsLeft > 0 ? t('otp.resendIn', { count: secondsLeft }) : t('phone.resend')}
              </button>
              <button
                type="button"
                className="button button--link"
                disabled={busy}
                onClick={() => {
                  setStep({ kind: 'number' });
                  setCode('');
                  setError(null);
                  setNotice(null);
                }}
              >
                {t('phone.changeNumber')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
