import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { ApiClient, GqlResult } from './client.js';

export interface Credentials {
  email: string;
  username: string;
  password: string;
}

/** The REST shape of the current user (`GET /auth/user`, login and register answers). */
export interface RestUser {
  uid: string;
  username: string;
  email: string;
  email_verified: boolean;
  whatsapp_number: string | null;
  whatsapp_verified: boolean;
  language: string;
  email_notifications: boolean;
}

export const STRONG_PASSWORD = 'Str0ng!pass';

let seq = 0;
/** Fresh, valid and unique registration fields (a username of at most 20 characters). */
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  const tag = `${(seq++).toString(36)}${randomBytes(4).toString('hex')}`;
  return { email: `u.${tag}@example.com`, username: `u_${tag}`, password: STRONG_PASSWORD, ...overrides };
}

/** Marks an email verified, as if its owner had entered the emailed code. */
export async function markEmailVerified(app: TestApp, email: string): Promise<void> {
  await app.sql('update users set email_verified = true where email = lower($1)', [email]);
}

/**
 * Logs a client in over REST. When the login is refused only because the email is not verified
 * (EMAIL_NOT_VERIFIED), verifies it and tries once more, so callers keep working whether or not
 * email verification is enforced. Returns the final answer (the caller asserts on it).
 */
export async function login(app: TestApp, client: ApiClient, login: string, password: string, email?: string) {
  const res = await client.post('/auth/login', { username: login, password });
  if (res.status === 403 && res.body?.code === 'EMAIL_NOT_VERIFIED') {
    await markEmailVerified(app, email ?? login);
    return client.post('/auth/login', { username: login, password });
  }
  return res;
}

/**
 * Registers a new account over REST, marks its email verified (as its owner entering the emailed
 * code would; it saves a refused login) and logs the client in. Fails the test if a step fails.
 */
export async function registerAndLogin(
  app: TestApp,
  client: ApiClient,
  overrides: Partial<Credentials> = {},
): Promise<Credentials & { user: RestUser }> {
  const creds = newCredentials(overrides);
  const reg = await client.post('/auth/register', creds);
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  await markEmailVerified(app, creds.email);
  const res = await login(app, client, creds.username, creds.password, creds.email);
  if (res.status !== 200 || !client.cookie) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...creds, username: creds.username.toLowerCase(), email: creds.email.toLowerCase(), user: res.body.user as RestUser };
}

/** The first error of a GraphQL answer, asserting there is one. */
export function firstError(res: GqlResult) {
  expect(res.errors, 'expected a GraphQL error').toBeDefined();
  expect(res.errors!.length).toBeGreaterThan(0);
  return res.errors![0];
}

/** Asserts a GraphQL answer failed with this code (and message, when given). */
export function expectGqlError(res: GqlResult, code: string, message?: string | RegExp): void {
  const err = firstError(res);
  expect(err.extensions?.code).toBe(code);
  if (typeof message === 'string') expect(err.message).toBe(message);
  else if (message) expect(err.message).toMatch(message);
}

/** Number of rows in a table of the test app's database. */
export async function countRows(app: TestApp, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const rows = await app.sql<{ n: string }>(`select count(*)::text as n from "${table}" where ${where}`, params);
  return Number(rows[0].n);
}

/** The `bb_sid` Set-Cookie header of an answer, if any. */
export function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith('bb_sid='));
}

/** The GraphQL selection of every field of a User. */
export const USER_FIELDS = 'id username email emailVerified whatsappNumber whatsappVerified language emailNotifications';
