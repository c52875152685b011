import { describe, expect, it } from 'vitest';
import {
  EMPTY_AUTH_VALUES,
  isUnverifiedEmailError,
  PASSWORD_RULES,
  validateAuth,
} from '../utils/auth-validation';

const values = (overrides: Partial<typeof EMPTY_AUTH_VALUES>) => ({ ...EMPTY_AUTH_VALUES, ...overrides });

describe('validateAuth', () => {
  it('login: username (blank counts as empty), then password', () => {
    expect(validateAuth('login', values({ username: '   ', password: 'x' }))?.key).toBe('usernameRequired');
    expect(validateAuth('login', values({ username: 'asha' }))?.key).toBe('passwordRequired');
    expect(validateAuth('login', values({ username: 'asha', password: 'x' }))).toBeNull();
  });

  it('signup: email and username together, then password, then the match', () => {
    expect(validateAuth('signup', values({ username: 'asha' }))).toEqual({
      key: 'emailAndUsernameRequired',
      fields: ['email'],
    });
    expect(validateAuth('signup', values({}))?.fields).toEqual(['email', 'username']);
    expect(validateAuth('signup', values({ email: 'a@b.in', username: 'asha' }))?.key).toBe('passwordRequired');
    expect(validateAuth('signup', values({ email: 'a@b.in', username: 'asha', password: 'x', confirmPassword: 'y' }))?.key).toBe(
      'passwordMismatch',
    );
    expect(validateAuth('signup', values({ email: 'a@b.in', username: 'asha', password: 'x', confirmPassword: 'x' }))).toBeNull();
  });
});

describe('password hint rules', () => {
  it('recognises each requirement', () => {
    const met = (password: string) => PASSWORD_RULES.filter((rule) => rule.test(password)).map((rule) => rule.key);
    expect(met('')).toEqual([]);
    expect(met('Abcdefg1!')).toEqual(['minLength', 'uppercase', 'lowercase', 'number', 'special']);
    expect(met('abcdefgh')).toEqual(['minLength', 'lowercase']);
    expect(met('?')).toEqual([]); // only !@#$%^&* count as special
  });
});

describe('isUnverifiedEmailError', () => {
  it('matches the code or a message mentioning verification', () => {
    expect(isUnverifiedEmailError(null, 'EMAIL_NOT_VERIFIED')).toBe(true);
    expect(isUnverifiedEmailError('Email not verified', 'FORBIDDEN')).toBe(true);
    expect(isUnverifiedEmailError('Invalid username or password', 'UNAUTHENTICATED')).toBe(false);
    expect(isUnverifiedEmailError(null, null)).toBe(false);
  });
});
