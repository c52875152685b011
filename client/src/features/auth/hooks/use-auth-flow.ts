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
import { readOtpFailure, useOtpFailureText } from '../../../lib/otp-errors';
import { useSession } from '../session-context';
import { isUnverifiedEmailError, type AuthMode, type AuthValues } from '../utils/auth-validation';

export type AuthStep =
  | { kind: 'form' }
  | { kind: 'verify'; email: string; credentials: LoginInput; notice: string | null; resendInSeconds: number };

/** The server's resend cooldown after the code registration sends (its answer to register does not say). */
const SIGNUP_RESEND_SECONDS = 60;

/** Where a successful login lands (SPEC.md section 4). */
export const AFTER_LOGIN_PATH = '/dashboard';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

/** The address of an account the server refused to log in because its email is not verified. */
function unverifiedEmail(error: ServerErrorInfo, login: string): string | null {
  const { email } = error.details;
  if (typeof email === 'string' && email) return email;
  return looksLikeEmail(login) ? login : null;
}

/**
 * Login and signup as SPEC.md section 4 tells them: signup leads to the email code step (the server
 * mails the code on register); a verified code logs in automatically; a login refused for an
 * unverified email sends a fresh code and shows the same step.
 */
export function useAuthFlow(mode: AuthMode) {
  const { t } = useTranslation('auth');
  const describeOtpFailure = useOtpFailureText();
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
        const resendInSeconds = data?.sendEmailOtp.resendAfterSeconds ?? SIGNUP_RESEND_SECONDS;
        setStep({ kind: 'verify', email, credentials, notice: t('verify.resent'), resendInSeconds });
      } catch (error) {
        // A code sent moments ago (e.g. at signup) is still valid: the step is still the way forward.
        if (readServerError(error).code === 'RATE_LIMITED') {
          setStep({ kind: 'verify', email, credentials, notice: null, resendInSeconds: readOtpFailure(error).retryAfterSeconds ?? 0 });
        }
        else setServerError(t('login.unverifiedSendFailed'));
      }
    },
    [sendEmailOtp, t],
  );

  const submit = useCallback(
    async (values: AuthValues) => {
      const credentials: LoginInput = { username: values.username.trim(), password: values.password };
      setSubmitting(true);
      setServerError(null);
      try {
        if (mode === 'signup') {
          const email = values.email.trim();
          await register({ variables: { input: { email, ...credentials } } });
          setStep({ kind: 'verify', email, credentials, notice: null, resendInSeconds: SIGNUP_RESEND_SECONDS });
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
        throw new Error(describeOtpFailure(readOtpFailure(error), t('verify.invalid')));
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
      // The server says why (e.g. "Please wait 42 seconds..."); the step falls back to its own message.
      throw new Error(readServerError(error).message ?? undefined);
    }
  }, [step, sendEmailOtp]);

  const backToForm = useCallback(() => setStep({ kind: 'form' }), []);

  return { step, submit, submitting, serverError, verify, resend, backToForm };
}
