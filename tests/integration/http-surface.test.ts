import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { countRows, newCredentials } from '../support/accounts.js';

const INDEX = '<!doctype html><title>Bol Bazaar test shell</title><div id="root"></div>';
const GRAPHIQL = '<!doctype html><title>GraphiQL test page</title>';
const ASSET = 'console.log("bundle");';

let dist: string;
let app: TestApp;
beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'bb-dist-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await Promise.all([
    writeFile(path.join(dist, 'index.html'), INDEX),
    writeFile(path.join(dist, 'graphiql.html'), GRAPHIQL),
    writeFile(path.join(dist, 'assets', 'index-abc123.js'), ASSET),
    writeFile(path.join(dist, 'humans.txt'), 'Made in India'),
    writeFile(path.join(root, 'secret.txt'), 'outside the web root'),
  ]);
  app = await startTestApp({}, { clientDist: dist });
});
afterAll(async () => {
  await app?.close();
  if (dist) await rm(path.dirname(dist), { recursive: true, force: true });
});

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const JSON_ACCEPT = { accept: 'application/json' };

async function get(url: string, headers: Record<string, string>, method = 'GET') {
  const res = await fetch(url, { method, headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A raw request with a body as given (the ApiClient always sends valid JSON). */
async function send(pathname: string, body: string, headers: Record<string, string>) {
  const res = await fetch(app.url + pathname, { method: 'POST', body, headers: { accept: 'application/json', ...headers } });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

/** What an error answer must never show: stack frames, file paths, SQL, driver internals. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(text).not.toMatch(/node_modules|\/src\//);
  expect(text).not.toMatch(/\b(select|insert into|update|delete from)\b.+\b(from|values|set|where)\b/i);
  expect(text).not.toMatch(/relation "|violates|syntax error at|pg_|postgres/i);
  expect(text).not.toMatch(/"stack"|stacktrace/i);
}

describe('page loads and API calls share paths', () => {
  it('GET / : the web app for a page load, the API status for an API call', async () => {
    const page = await get(`${app.url}/`, PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toBe(INDEX);
    expect(page.headers.get('cache-control')).toBe('no-cache');

    const api = await get(`${app.url}/`, JSON_ACCEPT);
    expect(api.status).toBe(200);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(api.text)).toMatchObject({ status: 'ok' });
  });

  it('API paths answer JSON to API calls and the web app to page loads', async () => {
    for (const p of ['/auth/user', '/seller/products', '/chat', '/login', '/products/123']) {
      const page = await get(app.url + p, PAGE);
      expect(page.status, p).toBe(200);
      expect(page.text, p).toBe(INDEX);
    }
    const api = await get(`${app.url}/auth/user`, JSON_ACCEPT);
    expect(api.status).toBe(401);
    expect(JSON.parse(api.text)).toMatchObject({ code: 'UNAUTHENTICATED' });
    // fetch() without an Accept header (*/*) is an API call too.
    expect((await get(`${app.url}/auth/user`, {})).status).toBe(401);
  });

  it('HEAD page loads get the app; POSTs are always the API', async () => {
    const head = await get(`${app.url}/seller/products`, PAGE, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    const post = await fetch(`${app.url}/auth/login`, { method: 'POST', headers: { ...PAGE, 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(400);
    expect(await post.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('top-level files of the build are served as they are; nothing outside it', async () => {
    const humans = await get(`${app.url}/humans.txt`, PAGE);
    expect(humans.text).toBe('Made in India');
    for (const p of ['/..%2Fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt']) {
      const res = await get(app.url + p, PAGE);
      expect(res.text, p).not.toContain('outside the web root');
    }
  });

  it('/assets/* are served with long immutable cache lifetimes; a missing asset is a 404, not the app', async () => {
    const asset = await get(`${app.url}/assets/index-abc123.js`, { accept: '*/*' });
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(ASSET);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);

    for (const headers of [PAGE, JSON_ACCEPT]) {
      const missing = await get(`${app.url}/assets/index-gone.js`, headers);
      expect(missing.status).toBe(404);
      expect(missing.text).not.toContain(INDEX);
      expectNoInternals(missing.text);
    }
  });

  it('GET /graphql with Accept text/html is the GraphiQL page (GRAPHIQL on by default outside production)', async () => {
    const page = await get(`${app.url}/graphql`, PAGE);
    expect(page.status).toBe(200);
    expect(page.text).toBe(GRAPHIQL);
  });

  it("GraphiQL's full introspection query passes the default query limits", async () => {
    const res = await new ApiClient(app.url).gql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(res.errors).toBeUndefined();
    expect(res.data?.__schema.queryType.name).toBe('Query');
  });
});

describe('API errors', () => {
  it('unknown API paths answer 404 with message and code', async () => {
    const client = new ApiClient(app.url);
    for (const [method, p] of [
      ['GET', '/no/such/thing'],
      ['POST', '/no/such/thing'],
      ['DELETE', '/auth/user'],
    ]) {
      const res = await client.request(method, p, method === 'GET' ? undefined : {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `No such endpoint: ${method} ${p}`, code: 'NOT_FOUND' });
    }
  });

  it('a malformed JSON body answers 400 with a clear message, on REST and on /graphql', async () => {
    for (const p of ['/auth/login', '/auth/register', '/graphql']) {
      const res = await send(p, '{"username": "a", ', { 'content-type': 'application/json' });
      expect(res.status, p).toBe(400);
      expect(res.json, p).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_USER_INPUT' });
    }
  });

  it('a JSON body that is not an object, or no body, is refused with the rule message', async () => {
    for (const body of ['"just a string"', '[1, 2]', 'null']) {
      const res = await send('/auth/login', body, { 'content-type': 'application/json' });
      expect(res.status, body).toBe(400);
      expect(res.json.code).toBe('BAD_USER_INPUT');
      expectNoInternals(res.text);
    }
    const none = await fetch(`${app.url}/auth/register`, { method: 'POST', headers: JSON_ACCEPT });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT', message: 'Please enter both email and username' }));
  });

  it('a body over 1 MB answers 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'x' });
    for (const p of ['/auth/login', '/graphql']) {
      const res = await send(p, big, { 'content-type': 'application/json' });
      expect(res.status, p).toBe(413);
      expect(res.json).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('text the database cannot store (NUL) is refused with a clear 400 on any command, not a crash', async () => {
    const login = await new ApiClient(app.url).post('/auth/login', { username: 'bad\u0000name', password: 'Str0ng!pass' });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Text must not contain NUL characters', details: { fields: { username: expect.any(String) } } });
    const creds = newCredentials();
    const register = await new ApiClient(app.url).post('/auth/register', { ...creds, username: 'nul\u0000user' });
    expect(register.status).toBe(400);
    expect(await countRows(app, 'users', 'email = $1', [creds.email])).toBe(0);
  });

  it('an internal failure answers a generic 500 without stack, SQL or table names, on both doors', async () => {
    await app.sql('alter table users rename to users_hidden_for_test');
    try {
      const rest = await new ApiClient(app.url).post('/auth/register', newCredentials());
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
      const gql = await new ApiClient(app.url).gql('mutation($input: RegisterInput!) { register(input: $input) { id } }', { input: newCredentials() });
      expect(gql.errors?.[0]).toMatchObject({ message: 'Something went wrong. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      for (const text of [JSON.stringify(rest.body), JSON.stringify(gql)]) {
        expectNoInternals(text);
        expect(text).not.toContain('users');
      }
    } finally {
      await app.sql('alter table users_hidden_for_test rename to users');
    }
  });

  it('GraphQL errors carry no stack traces', async () => {
    const res = await new ApiClient(app.url).gql('{ nosuchfield }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expectNoInternals(JSON.stringify(res));
  });

  it('echoes a well-formed X-Request-Id and replaces anything else', async () => {
    const client = new ApiClient(app.url);
    const given = await client.request('GET', '/', undefined, { 'x-request-id': 'trace-123_abc' });
    expect(given.headers.get('x-request-id')).toBe('trace-123_abc');
    const bad = await client.request('GET', '/', undefined, { 'x-request-id': 'bad id\twith spaces' });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('settings: GRAPHIQL=false, and readiness', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ GRAPHIQL: 'false' }, { clientDist: dist });
  });
  afterAll(() => other?.close());

  it('GET /graphql page load is 404 when GRAPHIQL=false; the API on /graphql still works', async () => {
    const page = await get(`${other.url}/graphql`, PAGE);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('GraphiQL test page');
    const res = await new ApiClient(other.url).gql('{ __typename }');
    expect(res.data).toEqual({ __typename: 'Query' });
  });

  it('/readyz answers 503 naming Redis once Redis is unreachable; /healthz still answers', async () => {
    expect((await new ApiClient(other.url).get('/readyz')).status).toBe(200);
    // This app instance's own command connection goes away (as when Redis is down); the app is closed after.
    other.infra.redis.cmd.disconnect();
    const res = await new ApiClient(other.url).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', checks: { postgres: 'ok', redis: expect.stringMatching(/^down/) } });
    expect((await new ApiClient(other.url).get('/healthz')).status).toBe(200);
  });
});
