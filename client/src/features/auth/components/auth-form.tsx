import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import {
  EMPTY_AUTH_VALUES,
  passwordsMismatch,
  validateAuth,
  type AuthField,
  type AuthMode,
  type AuthValidationError,
  type AuthValues,
} from '../utils/auth-validation';
import { PasswordHint } from './password-hint';

interface AuthFormProps {
  mode: AuthMode;
  submitting: boolean;
  /** The server's answer to the last submit, already worded for the user. */
  serverError: string | null;
  onSubmit: (values: AuthValues) => void;
}

const FORM_ERROR_ID = 'auth-form-error';
const PASSWORD_HINT_ID = 'auth-password-hint';

/** The one login / signup form (docs/product.md#screens-and-routes): the mode decides the fields and the checks. */
export function AuthForm({ mode, submitting, serverError, onSubmit }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<AuthValues>(EMPTY_AUTH_VALUES);
  const [validationError, setValidationError] = useState<AuthValidationError | null>(null);
  const [passwordFocused, setPasswordFocused] = useState(false);
  const fieldRefs = useRef<Partial<Record<AuthField, HTMLInputElement | null>>>({});

  const isSignup = mode === 'signup';
  const showMismatch = isSignup && (passwordsMismatch(values) || validationError?.key === 'passwordMismatch');
  // The live mismatch message sits under the confirm field; everything else is a form-level message.
  const formErrorMessage =
    validationError && validationError.key !== 'passwordMismatch' ? t(`errors.${validationError.key}`) : serverError;
  const fieldsInError = new Set(validationError?.fields ?? []);

  const update = (field: AuthField) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((previous) => ({ ...previous, [field]: value }));
    if (validationError?.fields.includes(field)) setValidationError(null);
  };

  const fieldProps = (field: AuthField) => ({
    id: `auth-${field}`,
    name: field,
    value: values[field],
    onChange: update(field),
    ref: (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    invalid: fieldsInError.has(field),
    describedBy: [fieldsInError.has(field) && formErrorMessage ? FORM_ERROR_ID : null],
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const error = validateAuth(mode, values);
    setValidationError(error);
    if (error) {
      const firstField = error.fields[0];
      if (firstField) fieldRefs.current[firstField]?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      {formErrorMessage ? (
        <p id={FORM_ERROR_ID} className="form-error" role="alert">
          {formErrorMessage}
        </p>
      ) : null}

      {isSignup ? (
        <TextField {...fieldProps('email')} label={t('fields.email')} type="email" autoComplete="email" inputMode="email" />
      ) : null}

      <TextField
        {...fieldProps('username')}
        label={isSignup ? t('fields.username') : t('fields.usernameOrEmail')}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />

      <TextField
        {...fieldProps('password')}
        label={t('fields.password')}
        type="password"
        autoComplete={isSignup ? 'new-password' : 'current-password'}
        describedBy={[
          fieldsInError.has('password') && formErrorMessage ? FORM_ERROR_ID : null,
          isSignup && passwordFocused ? PASSWORD_HINT_ID : null,
        ]}
        onFocus={() => setPasswordFocused(true)}
        onBlur={() => setPasswordFocused(false)}
      />
      {isSignup && passwordFocused ? <PasswordHint id={PASSWORD_HINT_ID} password={values.password} /> : null}

      {isSignup ? (
        <TextField
          {...fieldProps('confirmPassword')}
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={showMismatch ? t('errors.passwordMismatch') : null}
        />
      ) : null}

      <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting}>
        {submitting ? t(`${mode}.submitting`) : t(`${mode}.submit`)}
      </button>
    </form>
  );
}
