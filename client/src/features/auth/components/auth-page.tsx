import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { useAuthFlow } from '../hooks/use-auth-flow';
import type { AuthMode } from '../utils/auth-validation';
import { AuthForm } from './auth-form';
import { EmailVerificationStep } from './email-verification-step';
import './auth.css';

const SWITCH_PATH = { login: '/signup', signup: '/login' } as const;

/** The /login and /signup screen: the auth form, then (when needed) the email code step. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation('auth');
  const { step, submit, submitting, serverError, verify, resend, backToForm } = useAuthFlow(mode);
  const verifying = step.kind === 'verify';
  const title = verifying ? t('verify.title') : t(`${mode}.title`);
  usePageTitle(title);

  return (
    <section className="page auth-page" aria-labelledby="auth-title">
      <div className="auth-card">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {step.kind === 'verify' ? (
          <EmailVerificationStep
            email={step.email}
            initialNotice={step.notice}
            resendInSeconds={step.resendInSeconds}
            onVerify={verify}
            onResend={resend}
            onBack={backToForm}
            backLabel={mode === 'signup' ? t('verify.back') : t('verify.backToLogin')}
          />
        ) : (
          <>
            <p className="auth-card__subtitle">{t(`${mode}.subtitle`)}</p>
            <AuthForm
              key={mode}
              mode={mode}
              submitting={submitting}
              serverError={serverError}
              onSubmit={(values) => void submit(values)}
            />
            <p className="auth-card__switch">
              {t(`${mode}.switchPrompt`)} <Link to={SWITCH_PATH[mode]}>{t(`${mode}.switchLink`)}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
