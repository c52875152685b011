export type AuthMode = 'login' | 'signup';

export interface AuthValues {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export type AuthField = keyof AuthValues;

export const EMPTY_AUTH_VALUES: AuthValues = { email: '', username: '', password: '', confirmPassword: '' };

export type AuthErrorKey = 'usernameRequired' | 'passwordRequired' | 'emailAndUsernameRequired' | 'passwordMismatch';

export interface AuthValidationError {
  key: AuthErrorKey;
  /** The fields the message is about: marked invalid and described by it. */
  fields: AuthField[];
}

const isBlank = (value: string) => value.trim() === '';

/** True once the confirmation has been typed and differs: shown live, before any submit. */
export function passwordsMismatch(values: AuthValues): boolean {
  return values.confirmPassword !== '' && values.confirmPassword !== values.password;
}

/** docs/product.md#validation checks, first failure wins. The server validates again; these only save a round trip. */
export function validateAuth(mode: AuthMode, values: AuthValues): AuthValidationError | null {
  if (mode === 'login') {
    if (isBlank(values.username)) return { key: 'usernameRequired', fields: ['username'] };
    if (values.password === '') return { key: 'passwordRequired', fields: ['password'] };
    return null;
  }
  const missing = (['email', 'username'] as const).filter((field) => isBlank(values[field]));
  if (missing.length > 0) return { key: 'emailAndUsernameRequired', fields: missing };
  if (values.password === '') return { key: 'passwordRequired', fields: ['password'] };
  if (values.confirmPassword !== values.password) return { key: 'passwordMismatch', fields: ['confirmPassword'] };
  return null;
}

export type PasswordRuleKey = 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special';

/** The signup hint's checklist. A hint only: the server owns the password policy. */
export const PASSWORD_RULES: ReadonlyArray<{ key: PasswordRuleKey; test: (password: string) => boolean }> = [
  { key: 'minLength', test: (password) => password.length >= 8 },
  { key: 'uppercase', test: (password) => /[A-Z]/.test(password) },
  { key: 'lowercase', test: (password) => /[a-z]/.test(password) },
  { key: 'number', test: (password) => /[0-9]/.test(password) },
  { key: 'special', test: (password) => /[!@#$%^&*]/.test(password) },
];

/** A failed login whose message says the email still needs verifying (docs/product.md#states-and-transitions). */
export function isUnverifiedEmailError(message: string | null, code: string | null): boolean {
  return code === 'EMAIL_NOT_VERIFIED' || (message ?? '').toLowerCase().includes('verified');
}

/** Verification codes are 6 digits; anything else typed or pasted is dropped. */
export function normaliseVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}
