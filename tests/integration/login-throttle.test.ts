import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, type GqlResult } from '../support/client.js';
import { expectGqlError, registerAndLogin, type Credentials } from '../support/accounts.js';

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
