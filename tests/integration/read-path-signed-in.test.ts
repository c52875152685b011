import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { memoryLogger } from '../support/logs.js';

/**
 * Signed-in reads answered without Apollo's request pipeline (graphql/signed-in-reads.ts,
 * docs/architecture.md#read-path): the same answers, headers, errors, limits, session check, log line
 * and request id as through Apollo. A request with an empty `extensions` object always goes through
 * Apollo's whole pipeline: it is the reference each answer is compared with.
 */

const MY_PRODUCTS = readFileSync(path.resolve('client/src/features/seller/graphql/my-products.graphql'), 'utf8');
/** Apollo Client's Accept header, and a plain one. */
const ACCEPTS = ['application/graphql-response+json,application/json;q=0.9', 'application/json'];

const logs = memoryLogger();
let app: TestApp;
let seller: Seller;
let disabledId: string;
const apollo = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function post(body: Record<string, unknown>, opts: { cookie?: string | null; accept?: string; requestId?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: opts.accept ?? 'application/json' };
  const cookie = opts.cookie === undefined ? seller.client.cookie : opts.cookie;
  if (cookie) headers.cookie = cookie;
  if (opts.requestId) headers['x-request-id'] = opts.requestId;
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

/** Headers that differ between any two answers. */
const comparable = (h: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = h;
  return rest;
};

/**
 * The request as sent, and the same through Apollo's whole pipeline: each answer, and how many times
 * Apollo ran for the first.
 */
async function both(body: Record<string, unknown>, opts: Parameters<typeof post>[1] = {}) {
  const before = apollo.mock.calls.length;
  const direct = await post(body, opts);
  const apolloRuns = apollo.mock.calls.length - before;
  const full = await post({ ...body, extensions: {} }, opts);
  expect(apollo.mock.calls.length - before - apolloRuns).toBe(1);
  return { direct, full, apolloRuns };
}

/** Asserts that `body` is answered without Apollo, exactly as Apollo answers it; gives the parsed answer. */
async function expectDirect(body: Record<string, unknown>, opts: Parameters<typeof post>[1] = {}) {
  const { direct, full, apolloRuns } = await both(body, opts);
  expect(apolloRuns).toBe(0);
  expect(direct.status).toBe(200);
  expect(direct.text).toBe(full.text);
  expect(comparable(direct.headers)).toEqual(comparable(full.headers));
  return JSON.parse(direct.text) as { data: Record<string, unknown> };
}

/** Asserts that `body` is answered by Apollo (after a direct run that reported an error, or none), exactly as Apollo answers it. */
async function expectApollo(body: Record<string, unknown>, opts: Parameters<typeof post>[1] = {}) {
  const { direct, full, apolloRuns } = await both(body, opts);
  expect(apolloRuns).toBe(1);
  expect(direct.status).toBe(full.status);
  expect(direct.text).toBe(full.text);
  expect(comparable(direct.headers)).toEqual(comparable(full.headers));
  return { status: direct.status, ...(JSON.parse(direct.text) as { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> }) };
}

beforeAll(async () => {
  app = await startTestApp({ GRAPHQL_MAX_DEPTH: '4' }, { log: logs.log });
  seller = await createSeller(app);
  await createProduct(seller.client, { title: 'Oldest brass lamp', city: 'Pune', state: 'Maharashtra', contact: '9876543210', product_type: 'used' }, { galleryCount: 1 });
  await createProduct(seller.client, { title: 'Middle brass lamp' });
  disabledId = (await createProduct(seller.client, { title: 'Newest brass lamp', enabled: false })).product_id;
  // Apollo answers the first signed-in request of each Accept header; the path learns its content type.
  for (const accept of ACCEPTS) expect((await post({ query: '{ me { id } }' }, { accept })).status).toBe(200);
});
afterAll(() => app?.close());

describe('signed-in reads without Apollo', () => {
  it("answer the seller's list (the list page's own document) as Apollo does, for each Accept header", async () => {
    for (const accept of ACCEPTS) {
      const answer = await expectDirect({ query: MY_PRODUCTS, operationName: 'MyProducts', variables: { limit: 20, offset: 0 } }, { accept });
      const page = answer.data.myProducts as { totalCount: number; items: Array<{ title: string; enabled: boolean; thumbnail: { sm: string } }> };
      expect(page.totalCount).toBe(3);
      expect(page.items.map((i) => [i.title, i.enabled])).toEqual([['Newest brass lamp', false], ['Middle brass lamp', true], ['Oldest brass lamp', true]]);
      expect(page.items[0].thumbnail.sm).toMatch(/^\/uploads\//);
    }
    // In Hindi too (the category names), with variables left out, with a page past the end.
    await expectDirect({ query: MY_PRODUCTS, variables: null }, { accept: ACCEPTS[1] });
    await expectDirect({ query: '{ myProducts(offset: 9) { totalCount items { id } } }' });
    const hindi = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: seller.client.cookie!, 'x-locale': 'hi' },
      body: JSON.stringify({ query: '{ myProducts { items { categoryName } } }' }),
    });
    const english = (await expectDirect({ query: '{ myProducts { items { categoryName } } }' })).data.myProducts as { items: Array<{ categoryName: string }> };
    expect(((await hindi.json()) as { data: { myProducts: { items: Array<{ categoryName: string }> } } }).data.myProducts.items[0].categoryName).not.toBe(english.items[0].categoryName);
  });

  it('answer the other signed-in reads as Apollo does: the viewer, their disabled product, orders, categories, fragments and galleries', async () => {
    const me = (await expectDirect({ query: '{ __typename me { id username email } }' })).data;
    expect(me.me).toMatchObject({ id: seller.user.uid, username: seller.username });
    const own = (await expectDirect({ query: 'query P($id: ID!) { product(id: $id) { title enabled isOwner gallery { order } } }', variables: { id: disabledId } })).data;
    expect(own.product).toEqual({ title: 'Newest brass lamp', enabled: false, isOwner: true, gallery: [] });
    await expectDirect({ query: '{ myOrders { totalCount items { id } } sellerOrders(limit: 5) { totalCount } productCategories { id name } }' });
    await expectDirect({
      query: 'query Two { me { id } } query One { myProducts(limit: 2) { items { ...F ... on Product { gallery { order } thumbnail { md } } } } } fragment F on Product { id title tags soldOut createdAt }',
      operationName: 'One',
    });
  });

  it("read each item of the seller's list as the product itself reads, whichever fields are asked for", async () => {
    const list = 'id sellerId title productType purchaseType category categoryName pricePaise priceInInr minQuantity maxQuantity soldOut thumbnailUrl thumbnail { sm md lg } enabled isOwner createdAt updatedAt __typename';
    const rest = 'sellerUsername description condition tags city state contact customQuestions { id question questionType mandatory } gallery { id order url }';
    for (const fields of [list, `${list} ${rest}`, 'title description', 'title x: tags', 'title ... on Product { sellerUsername }']) {
      const query = `query($id: ID!) { myProducts { items { ...F } } product(id: $id) { ...F } } fragment F on Product { id ${fields} }`;
      const ids = ((await seller.client.gql<{ myProducts: { items: Array<{ id: string }> } }>('{ myProducts { items { id } } }')).data!.myProducts.items).map((i) => i.id);
      expect(ids).toHaveLength(3);
      for (const id of ids) {
        const data = (await expectDirect({ query, variables: { id } })).data as { myProducts: { items: Array<{ id: string }> }; product: { id: string } };
        expect(data.myProducts.items.find((i) => i.id === id)).toEqual(data.product);
      }
    }
  });

  it('leave to Apollo what they do not answer: mutations, other root fields, extensions, requests without a session', async () => {
    const update = await expectApollo({ query: `mutation { setProductEnabled(id: "${disabledId}", enabled: false) { id enabled } }` });
    expect(update.data).toEqual({ setProductEnabled: { id: disabledId, enabled: false } });
    expect((await expectApollo({ query: '{ chatUnreadTotal }' })).data).toEqual({ chatUnreadTotal: 0 });
    // No answers are kept: a change shows at once.
    await seller.client.gql(`mutation { updateProduct(id: "${disabledId}", input: { title: "Renamed brass lamp" }) { id } }`);
    const page = (await expectDirect({ query: '{ myProducts(limit: 1) { items { title } } }' })).data.myProducts;
    expect(page).toEqual({ items: [{ title: 'Renamed brass lamp' }] });
    // A visitor asking for the seller's list: UNAUTHENTICATED from Apollo.
    const visitor = await expectApollo({ query: MY_PRODUCTS }, { cookie: null });
    expect(visitor.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    // A query text longer than the path keeps (20,000 characters) is Apollo's.
    expect((await expectApollo({ query: `{ me { id } }${' '.repeat(20_000)}` })).data).toEqual({ me: { id: seller.user.uid } });
    // An Accept header Apollo has not answered yet goes through Apollo once, then not.
    expect((await both({ query: '{ me { id } }' }, { accept: '*/*' })).apolloRuns).toBe(1);
    await expectDirect({ query: '{ me { id } }' }, { accept: '*/*' });
  });

  it('keep Apollo’s errors: codes, messages, statuses, partial data', async () => {
    const notFound = await expectApollo({ query: '{ me { id } product(id: "00000000-0000-4000-8000-000000000000") { id } }' });
    expect(notFound.status).toBe(200);
    expect(notFound.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(notFound.data).toBeNull();
    const invalid = await expectApollo({ query: '{ myProducts { items { noSuchField } } }' });
    expect(invalid.status).toBe(400);
    expect(invalid.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const syntax = await expectApollo({ query: '{ myProducts { ' });
    expect(syntax.errors?.[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const badVariable = await expectApollo({ query: 'query($limit: Int) { myProducts(limit: $limit) { totalCount } }', variables: { limit: 'twenty' } });
    expect(badVariable.status).toBe(400);
    expect(badVariable.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const badLimit = await expectApollo({ query: '{ myProducts(limit: -1) { totalCount } }' });
    expect(badLimit.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    // Two operations and no name: which to run is the client's mistake (400), not ours.
    const noOperation = await expectApollo({ query: 'query A { me { id } } query B { me { id } }' });
    expect(noOperation.status).toBe(400);
    expect(noOperation.errors?.[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect((await expectApollo({ query: '{ me { id } }', variables: [1] })).status).toBe(400);
    expect((await expectApollo({ query: '{ me { id } }', operationName: 7 })).status).toBe(400);
  });

  it('keep the query limits: depth, aliases and cost', async () => {
    // This app allows 4 levels (GRAPHQL_MAX_DEPTH): the list page's document has 4.
    const tooDeep = await expectApollo({ query: '{ myProducts { items { gallery { urls { sm } } } } }' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(tooDeep.errors?.[0].message).toMatch(/too deep/);
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ');
    const tooManyAliases = await expectApollo({ query: `{ myProducts { totalCount } ${aliases} }` });
    expect(tooManyAliases.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(tooManyAliases.errors?.[0].message).toMatch(/aliases/);
    await expectDirect({ query: `{ myProducts { totalCount } ${Array.from({ length: 15 }, (_, i) => `a${i}: me { id }`).join(' ')} }` });
    const expensive = await expectApollo({ query: 'query($n: Int) { myProducts(limit: $n) { items { id title category tags } } }', variables: { n: 2000 } });
    expect(expensive.status).toBe(400);
    expect(expensive.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(expensive.errors?.[0].message).toMatch(/expensive/);
    // The same document within the limit is answered directly.
    await expectDirect({ query: 'query($n: Int) { myProducts(limit: $n) { items { id title category tags } } }', variables: { n: 2 } });
  });

  it('check the session: an ended one gets UNAUTHENTICATED', async () => {
    const other = await createSeller(app);
    await createProduct(other.client, { title: 'Copper kettle' });
    const cookie = other.client.cookie;
    await expectDirect({ query: MY_PRODUCTS }, { cookie });
    expect((await other.client.post('/auth/logout')).status).toBeLessThan(300);
    const ended = await expectApollo({ query: MY_PRODUCTS }, { cookie });
    expect(ended.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(ended.data).toBeNull();
  });

  it('log one line per request, with the request id it answers with', async () => {
    const id = `read-path-${randomUUID()}`;
    const answer = await post({ query: MY_PRODUCTS }, { requestId: id });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    const generated = await post({ query: MY_PRODUCTS });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    const mine = logs.lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ req: { id, method: 'POST', url: '/graphql' }, res: { statusCode: 200 } });
    expect(logs.lines.filter((l) => (l.req as { id?: string } | undefined)?.id === generated.headers['x-request-id'])).toHaveLength(1);
  });

  it('log a request whose client left before the answer once, as aborted', async () => {
    const id = `left-${randomUUID()}`;
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Half of the body it announces, then gone.
    socket.write(`POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Request-Id: ${id}\r\n\r\n{"query":`);
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    const mine = () => logs.lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);
    for (let i = 0; i < 50 && !mine().length; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({ level: 40, msg: 'request aborted', req: { id, method: 'POST', url: '/graphql' } });
  });
});

describe('POST /graphql without the router', () => {
  /** The request to `/graphql` (served without express's router) and to `/graphql/` (the router's route of the same middlewares). */
  const bothRoutes = async (body: string, headers: Record<string, string>) => {
    const send = async (p: string) => {
      const res = await fetch(`${app.url}${p}`, { method: 'POST', headers, body });
      return { status: res.status, headers: comparable(Object.fromEntries(res.headers)), text: await res.text() };
    };
    return { direct: await send('/graphql'), routed: await send('/graphql/') };
  };

  it('answers as the router does: reads, refusals, bad bodies, with the same security headers', async () => {
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const cases: Array<[string, Record<string, string>, number]> = [
      [JSON.stringify({ query: MY_PRODUCTS }), { ...json, cookie: seller.client.cookie! }, 200],
      [JSON.stringify({ query: '{ productCategories { id } }' }), json, 200],
      [JSON.stringify({ query: MY_PRODUCTS }), json, 200], // UNAUTHENTICATED, as GraphQL answers it
      [JSON.stringify({ query: MY_PRODUCTS }), { ...json, cookie: seller.client.cookie!, origin: 'https://elsewhere.example' }, 403],
      ['{"query": ', { ...json, cookie: seller.client.cookie! }, 400],
      [JSON.stringify({ query: 'x'.repeat(1_100_000) }), { ...json, cookie: seller.client.cookie! }, 413],
      [JSON.stringify({ query: MY_PRODUCTS }), { 'content-type': 'text/plain', cookie: seller.client.cookie! }, 400], // Apollo's CSRF rule
    ];
    for (const [body, headers, status] of cases) {
      const { direct, routed } = await bothRoutes(body, headers);
      expect(direct.status, body.slice(0, 40)).toBe(status);
      expect(direct).toEqual(routed);
      expect(direct.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(direct.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('JSON bodies of POST /graphql', () => {
  it('read as express.json reads them: the usual content type (read on its own) and one with a charset (express.json) answer alike', async () => {
    const query = JSON.stringify({ query: '{ me { id } }' });
    const bodies = [query, `\uFEFF${query}`, `  \n${query}`, 'null', '"text"', '7', '[]', '[{"query":"{ me { id } }"}]', '{"query": ', '{}', ' ', '\uFEFF'];
    for (const body of bodies) {
      const send = async (contentType: string) => {
        const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json', cookie: seller.client.cookie! }, body });
        return { status: res.status, headers: comparable(Object.fromEntries(res.headers)), text: await res.text() };
      };
      const usual = await send('application/json');
      expect(usual, JSON.stringify(body)).toEqual(await send('application/json; charset=utf-8'));
    }
  });
});

describe('signed-in reads in production', () => {
  let prod: TestApp;
  let cookie: string;
  beforeAll(async () => {
    prod = await startTestApp(
      {
        NODE_ENV: 'production',
        OTP_SECRET: 'p'.repeat(40),
        MAIL_DRIVER: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:9',
        WHATSAPP_DRIVER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC-test',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_API_URL: 'http://127.0.0.1:9',
      },
      { worker: false },
    );
    const userId = randomUUID();
    await prod.sql(
      `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), $2, $3, 'x', true, false)`,
      [userId, `${userId}@example.com`, `u${userId.slice(0, 8)}`],
    );
    cookie = `bb_sid=${await prod.services.sessions.create(userId)}`;
  });
  afterAll(() => prod?.close());

  it('refuse introspection, alone or beside a read', async () => {
    const send = async (query: string) => {
      const res = await fetch(`${prod.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie }, body: JSON.stringify({ query }) });
      return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: Array<{ message: string; extensions: { code: string } }> } };
    };
    expect((await send('{ myProducts { totalCount } }')).body).toEqual({ data: { myProducts: { totalCount: 0 } } });
    const before = apollo.mock.calls.length;
    expect((await send('{ myProducts { totalCount } }')).body).toEqual({ data: { myProducts: { totalCount: 0 } } });
    expect(apollo.mock.calls.length).toBe(before); // answered directly
    for (const query of ['{ __schema { types { name } } }', '{ myProducts { totalCount } __type(name: "User") { name } }']) {
      const res = await send(query);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.body.errors?.[0].message).toMatch(/introspection has been disabled/);
    }
  });
});
