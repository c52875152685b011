import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, type GqlResult } from '../support/client.js';
import { expectGqlError, newCredentials, registerAndLogin, type Credentials } from '../support/accounts.js';

const PER_ACCOUNT = 2;
const PER_IP = 4;
const WINDOW = 600;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_ATTEMPTS_PER_IP: String(PER_IP),
    LOGIN_WINDOW_SECONDS: String(WINDOW),
  });
});
afterAll(() => app?.close());

// TRUST_PROXY defaults to loopback, so X-Forwarded-For from the test process sets the client
// address: each test gets addresses of its own and the per-address count does not leak between them.
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;
const from = (ip: string) => new ApiClient(app.url, { 'x-forwarded-for': ip });

const WRONG = 'Wr0ng!pass';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { id } }';

/** A verified account, registered (and logged in once) from an address no other test uses. */
async function account(): Promise<Credentials> {
  return registerAndLogin(app, from(freshIp()));
}

function expectThrottled(res: { status: number; headers: Headers; body: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW);
}

/** The error of each aliased field of a GraphQL answer, by alias. */
function codesByAlias(res: GqlResult): Record<string, string | undefined> {
  return Object.fromEntries((res.errors ?? []).map((e) => [String((e as { path?: string[] }).path?.[0]), e.extensions?.code]));
}

describe('login throttling per account', () => {
  it(`refuses the ${PER_ACCOUNT + 1}th attempt, even with the right password, from any address (429 + Retry-After)`, async () => {
    const a = await account();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await from(freshIp()).post('/auth/login', { username: a.username, password: WRONG })).status).toBe(401);
    }
    const client = from(freshIp());
    const res = await client.post('/auth/login', { username: a.username, password: a.password });
    expectThrottled(res);
    expect(client.cookie).toBeNull();
    expectGqlError(await from(freshIp()).gql(LOGIN, { input: { username: a.username, password: a.password } }), 'RATE_LIMITED', /Too many login attempts/);
  });

  it('runs the window from the first attempt: attempts while locked out do not restart it', async () => {
    const a = await account();
    for (let i = 0; i < PER_ACCOUNT; i++) await from(freshIp()).post('/auth/login', { username: a.username, password: WRONG });
    const first = await from(freshIp()).post('/auth/login', { username: a.username, password: a.password });
    expectThrottled(first);
    // Redis counts the window in whole seconds: after more than one, a window restarted by each attempt would say
    // WINDOW again; one kept from the first attempt says less.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const later = await from(freshIp()).post('/auth/login', { username: a.username, password: WRONG });
    expectThrottled(later);
    expect(Number(later.headers.get('retry-after'))).toBeLessThan(WINDOW);
    expect(Number(later.headers.get('retry-after'))).toBeLessThan(Number(first.headers.get('retry-after')));
  });

  it('counts the username and the email of one account together', async () => {
    const a = await account();
    const ip = freshIp();
    expect((await from(ip).post('/auth/login', { username: a.username.toUpperCase(), password: WRONG })).status).toBe(401);
    expect((await from(ip).post('/auth/login', { username: a.email.toUpperCase(), password: WRONG })).status).toBe(401);
    expectThrottled(await from(ip).post('/auth/login', { username: a.email, password: a.password }));
    expectThrottled(await from(ip).post('/auth/login', { username: a.username, password: a.password }));
  });

  it('a successful login clears the account count', async () => {
    const a = await account();
    const ip = freshIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_ACCOUNT - 1; i++) await from(ip).post('/auth/login', { username: a.username, password: WRONG });
      expect((await from(ip).post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
    }
  });

  it('throttling one account leaves other accounts alone', async () => {
    const a = await account();
    const b = await account();
    for (let i = 0; i <= PER_ACCOUNT; i++) await from(freshIp()).post('/auth/login', { username: a.username, password: WRONG });
    expect((await from(freshIp()).post('/auth/login', { username: b.username, password: b.password })).status).toBe(200);
  });

  it('aliased logins in one GraphQL request cannot get past the account limit', async () => {
    const a = await account();
    const input = { username: a.username, password: WRONG };
    const aliased = 'mutation($i: LoginInput!) { a1: login(input: $i) { id } a2: login(input: $i) { id } a3: login(input: $i) { id } a4: login(input: $i) { id } }';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await from(freshIp()).gql(aliased, { i: input });
      expect(res.data ?? null).toBeNull();
      // login is non-null: the first failure ends the mutation, the later aliases never run.
      expect(codesByAlias(res)).toEqual({ a1: 'UNAUTHENTICATED' });
    }
    expect(codesByAlias(await from(freshIp()).gql(aliased, { i: { ...input, password: a.password } }))).toEqual({ a1: 'RATE_LIMITED' });
    expectThrottled(await from(freshIp()).post('/auth/login', { username: a.username, password: a.password }));
  });
});

describe('login throttling per address', () => {
  it(`refuses the ${PER_IP + 1}th attempt from one address, whatever the account`, async () => {
    const a = await account();
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await from(ip).post('/auth/login', { username: `nobody_${i}`, password: WRONG })).status).toBe(401);
    }
    expectThrottled(await from(ip).post('/auth/login', { username: a.username, password: a.password }));
    // The account itself is fine from elsewhere.
    expect((await from(freshIp()).post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
  });

  it('aliased logins in one GraphQL request cannot get past the address limit', async () => {
    const ip = freshIp();
    const aliased = (n: number) =>
      `mutation { ${Array.from({ length: 8 }, (_, i) => `l${i}: login(input: { username: "nobody_${n}_${i}", password: "${WRONG}" }) { id }`).join(' ')} }`;
    for (let n = 0; n < PER_IP; n++) expect(codesByAlias(await from(ip).gql(aliased(n)))).toEqual({ l0: 'UNAUTHENTICATED' });
    expect(codesByAlias(await from(ip).gql(aliased(PER_IP)))).toEqual({ l0: 'RATE_LIMITED' });
  });

  it('a successful login does not use up the address allowance', async () => {
    const a = await account();
    const ip = freshIp();
    for (let i = 0; i < PER_IP + 2; i++) {
      expect((await from(ip).post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
    }
  });
});

describe('the right password of an unverified email', () => {
  it('is not a failed attempt: the login answers EMAIL_NOT_VERIFIED every time and is never throttled', async () => {
    const creds = newCredentials();
    expect((await from(freshIp()).post('/auth/register', creds)).status).toBe(201);
    for (let i = 0; i < PER_ACCOUNT + 2; i++) {
      const res = await from(freshIp()).post('/auth/login', { username: creds.username, password: creds.password });
      expect(res.status, `attempt ${i + 1}`).toBe(403);
      expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
    }
    expectGqlError(await from(freshIp()).gql(LOGIN, { input: { username: creds.email, password: creds.password } }), 'EMAIL_NOT_VERIFIED');
  });

  it('wrong passwords still count: after the limit the right one is refused too', async () => {
    const creds = newCredentials();
    expect((await from(freshIp()).post('/auth/register', creds)).status).toBe(201);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await from(freshIp()).post('/auth/login', { username: creds.username, password: WRONG })).status).toBe(401);
    expectThrottled(await from(freshIp()).post('/auth/login', { username: creds.username, password: creds.password }));
  });
});

describe('the password asked again (password change, account deletion)', () => {
  const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) }';
  const DELETE = 'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) }';
  const NEW_PASSWORD = 'N3w!passw0rd';

  async function session() {
    const client = from(freshIp());
    const creds = await registerAndLogin(app, client);
    return { client, creds };
  }

  it('wrong guesses from a session count with the account\'s login attempts; then even the right password is refused and nothing changes', async () => {
    const { client, creds } = await session();
    const wrongChange = await client.post('/auth/change-password', { current_password: WRONG, new_password: NEW_PASSWORD });
    expect(wrongChange.status).toBe(400);
    expect(wrongChange.body.message).toBe('Current password is incorrect');
    expectGqlError(await client.gql(DELETE, { input: { password: WRONG } }), 'BAD_USER_INPUT', 'Password is incorrect');

    expectThrottled(await client.post('/auth/delete-account', { password: creds.password }));
    expectThrottled(await client.post('/auth/change-password', { current_password: creds.password, new_password: NEW_PASSWORD }));
    expectGqlError(await client.gql(CHANGE, { input: { currentPassword: creds.password, newPassword: NEW_PASSWORD } }), 'RATE_LIMITED', /Too many login attempts/);
    // The same count as logins: the account's login is throttled too, from anywhere.
    expectThrottled(await from(freshIp()).post('/auth/login', { username: creds.username, password: creds.password }));

    // Nothing changed: the session still works, and the old password is still the password.
    expect((await client.get('/auth/user')).status).toBe(200);
    const [row] = await app.sql<{ deleted_at: Date | null }>('select deleted_at from users where id = $1', [creds.user.uid]);
    expect(row.deleted_at).toBeNull();
  });

  it('the right password clears the count, as a login does', async () => {
    const { client, creds } = await session();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_ACCOUNT - 1; i++) {
        expect((await client.post('/auth/delete-account', { password: WRONG })).status).toBe(400);
      }
      const password = round === 0 ? creds.password : NEW_PASSWORD;
      const next = round === 0 ? NEW_PASSWORD : 'An0ther!pass';
      expect((await client.post('/auth/change-password', { current_password: password, new_password: next })).status).toBe(200);
    }
  });
});
