import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  LoginDocument,
  RegisterDocument,
  SendEmailOtpDocument,
  VerifyEmailOtpDocument,
  type LoginInput,
} from '../../../graphql/generated';
import { readServerError, type ServerErrorInfo } from '../../../lib/graphql-errors';
import { OtpError, readOtpFailure, resendWaitAfter, useOtpFailureText } from '../../../lib/otp-errors';
import { useSession } from '../session-context';
import { isUnverifiedEmailError, type AuthMode, type AuthValues } from '../utils/auth-validation';

export type AuthStep =
  | { kind: 'form' }
  | { kind: 'verify'; email: string; credentials: LoginInput; notice: string | null; resendInSeconds: number };

/** Where a successful login lands (docs/product.md#states-and-transitions). */
export const AFTER_LOGIN_PATH = '/dashboard';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

/** The address of an account the server refused to log in because its email is not verified. */
function unverifiedEmail(error: ServerErrorInfo, login: string): string | null {
  const { email } = error.details;
  if (typeof email === 'string' && email) return email;
  return looksLikeEmail(login) ? login : null;
}

/**
 * Login and signup as docs/product.md#states-and-transitions tells them: signup leads to the email code step (the server
 * mails the code on register); a verified code logs in automatically; a login refused for an
 * unverified email sends a fresh code and shows the same step.
 */
export function useAuthFlow(mode: AuthMode) {
  const { t } = useTranslation('auth');
  const describeOtpFailure = useOtpFailureText('email');
  const navigate = useNavigate();
  const { markLoggedIn } = useSession();
  const [login] = useMutation(LoginDocument);
  const [register] = useMutation(RegisterDocument);
  const [sendEmailOtp] = useMutation(SendEmailOtpDocument);
  const [verifyEmailOtp] = useMutation(VerifyEmailOtpDocument);
  const [step, setStep] = useState<AuthStep>({ kind: 'form' });
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const logIn = useCallback(
    async (credentials: LoginInput) => {
      await login({ variables: { input: credentials } });
      await markLoggedIn();
      navigate(AFTER_LOGIN_PATH, { replace: true });
    },
    [login, markLoggedIn, navigate],
  );

  /** After a login refused for an unverified email: a new code, then the code step. */
  const startVerificationAfterLogin = useCallback(
    async (email: string, credentials: LoginInput) => {
      try {
        const { data } = await sendEmailOtp({ variables: { input: { email } } });
        const resendInSeconds = data?.sendEmailOtp.resendAfterSeconds ?? 0;
        setStep({ kind: 'verify', email, credentials, notice: t('verify.resent'), resendInSeconds });
      } catch (error) {
        const failure = readOtpFailure(error);
        // A code sent moments ago (e.g. at signup) is still valid: the step is still the way forward,
        // with the cooldown counted down, or, after the daily cap, a message instead of a countdown of hours.
        if (failure.status === 'cooldown') {
          setStep({ kind: 'verify', email, credentials, notice: null, resendInSeconds: resendWaitAfter(failure) ?? 0 });
        } else if (failure.status === 'daily_limit') {
          setStep({ kind: 'verify', email, credentials, notice: describeOtpFailure(failure, t('verify.resendFailed')), resendInSeconds: 0 });
        } else if (failure.status === 'already_verified') {
          setServerError(describeOtpFailure(failure, t('login.failed')));
        } else {
          setServerError(t('login.unverifiedSendFailed'));
        }
      }
    },
    [sendEmailOtp, describeOtpFailure, t],
  );

  const submit = useCallback(
    async (values: AuthValues) => {
      const credentials: LoginInput = { username: values.username.trim(), password: values.password };
      setSubmitting(true);
      setServerError(null);
      try {
        if (mode === 'signup') {
          const email = values.email.trim();
          const { data } = await register({ variables: { input: { email, ...credentials } } });
          // The server says when the next code may be asked for (its cooldown, counted from the code it just sent).
          const resendInSeconds = data?.register.emailCodeResendAfterSeconds ?? 0;
          setStep({ kind: 'verify', email, credentials, notice: null, resendInSeconds });
        } else {
          await logIn(credentials);
        }
      } catch (error) {
        const info = readServerError(error);
        const email = mode === 'login' ? unverifiedEmail(info, credentials.username) : null;
        if (email && isUnverifiedEmailError(info.message, info.code)) {
          await startVerificationAfterLogin(email, credentials);
        } else {
          setServerError(info.message ?? t(`${mode}.failed`));
        }
      } finally {
        setSubmitting(false);
      }
    },
    [mode, register, logIn, startVerificationAfterLogin, t],
  );

  /** Verifies the code, then logs in automatically; each failure keeps its own message. */
  const verify = useCallback(
    async (code: string) => {
      if (step.kind !== 'verify') return;
      try {
        await verifyEmailOtp({ variables: { input: { email: step.email, otp: code } } });
      } catch (error) {
        const failure = readOtpFailure(error);
        // Verified meanwhile (another tab, an earlier attempt whose answer was lost): the login is what is left.
        if (failure.status !== 'already_verified') throw new OtpError(describeOtpFailure(failure, t('verify.invalid')), failure);
      }
      try {
        await logIn(step.credentials);
      } catch {
        throw new Error(t('verify.loginFailed'));
      }
    },
    [step, verifyEmailOtp, logIn, describeOtpFailure, t],
  );

  const resend = useCallback(async (): Promise<number | void> => {
    if (step.kind !== 'verify') return;
    try {
      const { data } = await sendEmailOtp({ variables: { input: { email: step.email } } });
      return data?.sendEmailOtp.resendAfterSeconds;
    } catch (error) {
      // In the interface language, by the server's otpStatus; the failure goes along for the countdown.
      const failure = readOtpFailure(error);
      throw new OtpError(describeOtpFailure(failure, t('verify.resendFailed')), failure);
    }
  }, [step, sendEmailOtp, describeOtpFailure, t]);

  const backToForm = useCallback(() => setStep({ kind: 'form' }), []);

  return { step, submit, submitting, serverError, verify, resend, backToForm };
}
