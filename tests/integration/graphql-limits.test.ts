import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import WebSocket from 'ws';
import { ApiClient, waitFor } from '../support/client.js';
import { countRows, expectGqlError, newCredentials, registerAndLogin } from '../support/accounts.js';
import { wsOnce } from '../support/subscriptions.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_ALIASES: '4', GRAPHQL_MAX_COST: '12' });
});
afterAll(() => app?.close());

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { id } }';

/** POSTs a raw body to a path, with only the headers given (no cookie jar, no defaults). */
async function raw(path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  const res = await fetch(app.url + path, { method: init.method ?? 'POST', body: init.body, headers: init.headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as { errors?: Array<{ message: string; extensions?: { code?: string } }> } & Record<string, unknown>, text };
}

describe('query limits (depth 3, aliases 4, cost 12 in this file)', () => {
  it('refuses a query deeper than GRAPHQL_MAX_DEPTH with QUERY_TOO_COMPLEX, and accepts one at the limit', async () => {
    const client = new ApiClient(app.url);
    const deep = await client.gql('{ __type(name: "User") { fields { type { name } } } }');
    expect(deep.status).toBe(400);
    expect(deep.data ?? null).toBeNull();
    expectGqlError(deep, 'QUERY_TOO_COMPLEX', 'Query is too deep: 4 levels (at most 3)');

    const viaFragments = await client.gql('query { __type(name: "User") { ...F } } fragment F on __Type { fields { type { name } } }');
    expectGqlError(viaFragments, 'QUERY_TOO_COMPLEX', /too deep/);

    const atLimit = await client.gql('{ __type(name: "User") { fields { name } } }');
    expect(atLimit.errors).toBeUndefined();
    expect(atLimit.data?.__type.fields.length).toBeGreaterThan(0);
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES, counting nested ones', async () => {
    const client = new ApiClient(app.url);
    const five = await client.gql('{ a: me { id } b: me { id } c: me { id } d: me { id } e: me { id } }');
    expectGqlError(five, 'QUERY_TOO_COMPLEX', 'Too many aliases: 5 (at most 4)');
    const nested = await client.gql('{ a: me { x: id y: id z: id } b: __typename c: __typename }');
    expectGqlError(nested, 'QUERY_TOO_COMPLEX', 'Too many aliases: 6 (at most 4)');
    const four = await client.gql('{ a: me { id } b: me { id } c: me { id } d: me { id } }');
    expect(four.errors).toBeUndefined();
  });

  it('refuses a query costing more than GRAPHQL_MAX_COST', async () => {
    const client = new ApiClient(app.url);
    const ids = (n: number) => Array.from({ length: n }, () => 'id').join(' ');
    const expensive = await client.gql(`{ me { ${ids(12)} } }`);
    expectGqlError(expensive, 'QUERY_TOO_COMPLEX', 'Query is too expensive: cost 13 (at most 12)');
    const cheap = await client.gql(`{ me { ${ids(11)} } }`);
    expect(cheap.errors).toBeUndefined();
  });

  it('counts page sizes given as variables, inside input objects, and the default page size when none is given', async () => {
    const client = new ApiClient(app.url);
    // myProducts costs 1 + limit x (items 1 + id 1) = 1 + 2 x limit; the limit is 12 in this file.
    const MY = 'query($n: Int) { myProducts(limit: $n) { items { id } } }';
    expectGqlError(await client.gql(MY, { n: 6 }), 'QUERY_TOO_COMPLEX', 'Query is too expensive: cost 13 (at most 12)');
    const within = await client.gql(MY, { n: 5 });
    expect(within.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED'); // measured, allowed, then run
    // Not given: the default page size (20) counts.
    expectGqlError(await client.gql('{ myProducts { items { id } } }'), 'QUERY_TOO_COMPLEX', 'Query is too expensive: cost 41 (at most 12)');
    expectGqlError(await client.gql(MY), 'QUERY_TOO_COMPLEX', /cost 41/);
    // A variable's default counts when the variable is not sent.
    expectGqlError(await client.gql('query($n: Int = 6) { myProducts(limit: $n) { items { id } } }'), 'QUERY_TOO_COMPLEX', /cost 13/);

    // searchProducts(input: {limit}) costs 1 + limit x (results 1 + conditionText 1).
    const literal = (n: number) => `{ searchProducts(input: { query: "chair", limit: ${n} }) { results { conditionText } } }`;
    expectGqlError(await client.gql(literal(6)), 'QUERY_TOO_COMPLEX', /cost 13/);
    expect((await client.gql(literal(5))).errors).toBeUndefined();
    const SEARCH = 'query($input: SearchProductsInput!) { searchProducts(input: $input) { results { conditionText } } }';
    expectGqlError(await client.gql(SEARCH, { input: { query: 'chair', limit: 6 } }), 'QUERY_TOO_COMPLEX', /cost 13/);
    expect((await client.gql(SEARCH, { input: { query: 'chair', limit: 5 } })).errors).toBeUndefined();
    expectGqlError(await client.gql(SEARCH, { input: { query: 'chair' } }), 'QUERY_TOO_COMPLEX', /cost 41/);
    const nested = 'query($n: Int) { searchProducts(input: { query: "chair", limit: $n }) { results { conditionText } } }';
    expectGqlError(await client.gql(nested, { n: 6 }), 'QUERY_TOO_COMPLEX', /cost 13/);
    expect((await client.gql(nested, { n: 5 })).errors).toBeUndefined();
  });

  it('answers a fragment explosion (each fragment spreading the next twice) at once, and stays responsive', async () => {
    const client = new ApiClient(app.url);
    // 40 fragments, each spreading the next twice: 2^40 spreads of the leaf in a 2 KB query. Walked
    // per spread, this would never finish (the test would time out); measured once per fragment, it is instant.
    const chain = (leaf: string) =>
      'query { ...F0 } ' +
      Array.from({ length: 40 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ') +
      ` fragment F40 on Query { ${leaf} }`;
    const costly = chain('me { id }');
    expect(costly.length).toBeLessThan(2500);
    const [refused, health] = await Promise.all([client.gql(costly), client.get('/healthz')]);
    expect(refused.status).toBe(400);
    expectGqlError(refused, 'QUERY_TOO_COMPLEX', 'Query is too expensive: cost 2199023255552 (at most 12)');
    expect(health.status).toBe(200);
    // The same with an alias in the leaf: refused by the alias limit during validation.
    expectGqlError(await client.gql(chain('a: __typename')), 'QUERY_TOO_COMPLEX', 'Too many aliases: 1099511627776 (at most 4)');
    // Over WebSocket too.
    const ws = new ApiClient(app.url).ws();
    await expect(wsOnce(ws, costly)).rejects.toEqual([
      expect.objectContaining({ message: 'Query is too expensive: cost 2199023255552 (at most 12)', extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    ]);
    await ws.dispose();
    expect((await client.get('/healthz')).status).toBe(200);
  });

  it('a refused mutation is not executed', async () => {
    const before = await countRows(app, 'users');
    const a = newCredentials();
    const b = newCredentials();
    const res = await new ApiClient(app.url).gql(
      `mutation($a: RegisterInput!, $b: RegisterInput!) { a: register(input: $a) { id } b: register(input: $b) { x: id y: id z: id } }`,
      { a, b },
    );
    expectGqlError(res, 'QUERY_TOO_COMPLEX');
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('applies the same limits over WebSocket', async () => {
    const ws = new ApiClient(app.url).ws();
    await expect(wsOnce(ws, '{ __type(name: "User") { fields { type { name } } } }')).rejects.toEqual([
      expect.objectContaining({ message: 'Query is too deep: 4 levels (at most 3)', extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    ]);
    await expect(wsOnce(ws, '{ a: me { id } b: me { id } c: me { id } d: me { id } e: me { id } }')).rejects.toEqual([
      expect.objectContaining({ extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    ]);
    // The cost counts the operation's variables over WebSocket as over HTTP.
    await expect(wsOnce(ws, 'query($n: Int) { myProducts(limit: $n) { items { id } } }', { n: 6 })).rejects.toEqual([
      expect.objectContaining({ message: 'Query is too expensive: cost 13 (at most 12)', extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    ]);
    const within = await wsOnce(ws, 'query($n: Int) { myProducts(limit: $n) { items { id } } }', { n: 5 });
    expect(within.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    await ws.dispose();
  });
});

describe('GraphQL over HTTP: batching and CSRF prevention', () => {
  it('refuses batched requests (a JSON array body) and executes none of them', async () => {
    const before = await countRows(app, 'users');
    const res = await raw('/graphql', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { query: REGISTER, variables: { input: newCredentials() } },
        { query: REGISTER, variables: { input: newCredentials() } },
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/batching/i);
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('refuses a GET query without a preflight header, answers it with one', async () => {
    const q = encodeURIComponent('{ __typename }');
    const blocked = await raw(`/graphql?query=${q}`, { method: 'GET', headers: { accept: 'application/json' } });
    expect(blocked.status).toBe(400);
    expect(blocked.text).toMatch(/Cross-Site Request Forgery/i);
    expect(blocked.text).not.toContain('"data"');

    for (const header of ['apollo-require-preflight', 'x-apollo-operation-name']) {
      const ok = await raw(`/graphql?query=${q}`, { method: 'GET', headers: { accept: 'application/json', [header]: 'true' } });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('never runs a mutation sent with GET', async () => {
    const before = await countRows(app, 'users');
    const input = newCredentials();
    const q = encodeURIComponent(REGISTER);
    const v = encodeURIComponent(JSON.stringify({ input }));
    const res = await raw(`/graphql?query=${q}&variables=${v}`, { method: 'GET', headers: { accept: 'application/json', 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(405);
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('refuses "simple" cross-site POSTs (text/plain, form encoded) without a preflight header, writing nothing', async () => {
    const before = await countRows(app, 'users');
    const body = JSON.stringify({ query: REGISTER, variables: { input: newCredentials() } });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await raw('/graphql', { headers: { 'content-type': type }, body });
      expect(res.status, type).toBe(400);
      expect(res.text, type).toMatch(/Cross-Site Request Forgery/i);
    }
    expect(await countRows(app, 'users')).toBe(before);
  });
});

describe('Origin check on state-changing requests', () => {
  const EVIL = 'https://evil.example';

  it('REST: a foreign Origin is refused with 403 FORBIDDEN and nothing is written', async () => {
    const before = await countRows(app, 'users');
    const res = await new ApiClient(app.url, { origin: EVIL }).post('/auth/register', newCredentials());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('REST: the own origin, the public URL and no Origin are accepted', async () => {
    const variants: Array<Record<string, string>> = [{ origin: app.url }, { origin: app.config.PUBLIC_URL }, {}];
    for (const headers of variants) {
      const res = await new ApiClient(app.url, headers).post('/auth/register', newCredentials());
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('a cross-site logout or password change does not touch the session', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const forged = new ApiClient(app.url, { origin: EVIL });
    forged.cookie = client.cookie;
    expect((await forged.post('/auth/logout')).status).toBe(403);
    expect((await forged.post('/auth/change-password', { current_password: a.password, new_password: 'N3w!password' })).status).toBe(403);
    expect((await client.get('/auth/user')).status).toBe(200);
    expect((await client.post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
  });

  it('GraphQL: a foreign Origin is refused before anything runs', async () => {
    const before = await countRows(app, 'users');
    const res = await new ApiClient(app.url, { origin: EVIL }).gql(REGISTER, { input: newCredentials() });
    expect(res.status).toBe(403);
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('safe methods pass whatever the Origin', async () => {
    const res = await new ApiClient(app.url, { origin: EVIL }).get('/');
    expect(res.status).toBe(200);
  });
});

describe('field suggestions outside production', () => {
  it('are kept: a developer is told the field they meant (production leaves them out: production-mode.test.ts)', async () => {
    const res = await new ApiClient(app.url).gql('{ mee { id } }');
    expect(res.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query". Did you mean "me"?');
  });
});

describe('deeply nested variables', () => {
  /** `{ a: { a: ... { a: 1 } } }`, `levels` deep, as JSON text (JSON.stringify would recurse as deep). */
  const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it.each([
    ['a visitor (whose answers may be kept)', false],
    ['a signed-in user', true],
  ])('refuses 5,000 levels of variables from %s with 400, over HTTP and WebSocket', async (_who, signedIn) => {
    const client = new ApiClient(app.url);
    if (signedIn) await registerAndLogin(app, client);
    const query = 'query Product($x: ID!) { product(id: $x) { id } }';
    const body = `{"query":${JSON.stringify(query)},"operationName":"Product","variables":{"x":${nested(5000)}}}`;
    const res = await raw('/graphql', { body, headers: { 'content-type': 'application/json', ...(client.cookie ? { cookie: client.cookie } : {}) } });
    // Refused as any unreadable body of /graphql is (docs/faults.md), before GraphQL runs.
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'The request body is nested too deeply' });
    // The same over a socket (a GraphQL error of that operation; the socket stays open). The frame is written
    // by hand: a client's JSON.stringify cannot write it either.
    const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: client.cookie ? { cookie: client.cookie } : {} });
    const frames: Array<{ id?: string; type: string; payload?: unknown }> = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await waitFor(() => frames.some((f) => f.type === 'connection_ack'), 5000, 'the ack');
    socket.send(`{"id":"1","type":"subscribe","payload":{"query":${JSON.stringify(query)},"variables":{"x":${nested(5000)}}}}`);
    socket.send(JSON.stringify({ id: '2', type: 'subscribe', payload: { query: '{ productCategories { id } }' } }));
    await waitFor(() => frames.some((f) => f.id === '2' && f.type === 'complete'), 5000, 'the next operation');
    expect(frames.find((f) => f.id === '1')).toEqual({ id: '1', type: 'error', payload: [expect.objectContaining({ message: 'The request body is nested too deeply', extensions: { code: 'BAD_USER_INPUT' } })] });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    // A REST body too.
    const rest = await raw('/auth/login', { body: `{"username":${nested(5000)}}`, headers: { 'content-type': 'application/json' } });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT' });
    // The server answers on, and 64 levels (MAX_JSON_DEPTH) are read as ever: GraphQL itself refuses an object for an ID.
    const ok = await raw('/graphql', { body: `{"query":${JSON.stringify(query)},"variables":{"x":${nested(62)}}}`, headers: { 'content-type': 'application/json' } });
    expect(ok.status).toBe(400);
    expect(ok.body.errors?.[0]?.message).toMatch(/ID cannot represent/);
  });
});
