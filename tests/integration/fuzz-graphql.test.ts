import fc from 'fast-check';
import { getIntrospectionQuery, parse, type IntrospectionField, type IntrospectionQuery, type IntrospectionType, type IntrospectionTypeRef } from 'graphql';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { createProduct } from '../factories/products.js';
import { alive, fuzz, hostileBody, hostileJson, rawRequest, rowCounts } from '../support/fuzz.js';

/**
 * Property-based fuzzing of every GraphQL operation of the schema, read by introspection: each
 * query, mutation and subscription field is called with arguments built from its declared types
 * (hostile values of the right type: huge and negative numbers, NUL and lone surrogates, unknown enum
 * values, ids that are not ids) or of the wrong type, plus deep and wide documents and malformed
 * request bodies. No answer is a 5xx or INTERNAL_SERVER_ERROR, the server stays up, and an operation
 * that failed leaves every table's row count as it was. Seeds: tests/support/fuzz.ts.
 */

let app: TestApp;
let seller: ApiClient;
let productId: string;
let itemId: string;
let schema: IntrospectionQuery['__schema'];
const types = new Map<string, IntrospectionType>();

beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '100000', OTP_DAILY_CAP_PER_CLIENT: '100000' });
  seller = new ApiClient(app.url);
  await registerAndLogin(app, seller);
  const product = await createProduct(seller, {}, { galleryCount: 1 });
  productId = product.product_id;
  itemId = product.gallery[0].id;
  const res = await seller.gql<IntrospectionQuery>(getIntrospectionQuery());
  schema = res.data!.__schema;
  for (const t of schema.types) types.set(t.name, t);
  await app.drain();
});
afterAll(() => app?.close());

/** The named type under NON_NULL and LIST wrappers. */
const named = (ref: IntrospectionTypeRef): IntrospectionType => {
  let r = ref as IntrospectionTypeRef & { ofType?: IntrospectionTypeRef; name?: string };
  while (r.kind === 'NON_NULL' || r.kind === 'LIST') r = r.ofType as typeof r;
  return types.get(r.name!)!;
};

/** The type as written in a variable definition (`[ID!]!`). */
const typeText = (ref: IntrospectionTypeRef): string => {
  const r = ref as IntrospectionTypeRef & { ofType?: IntrospectionTypeRef; name?: string };
  if (r.kind === 'NON_NULL') return `${typeText(r.ofType!)}!`;
  if (r.kind === 'LIST') return `[${typeText(r.ofType!)}]`;
  return r.name!;
};

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'नमस्ते 2147483648 pieces', 'qty 3000000000', 'under 92233720368547759 rupees', '999999999999 lakh', '%E0%A4%A', "' or 1=1 --", 'a'.repeat(10_000)),
);

/** A value for a declared input type: mostly of that type (with its edge cases), sometimes not. */
function valueOf(ref: IntrospectionTypeRef, depth = 0): fc.Arbitrary<unknown> {
  const r = ref as IntrospectionTypeRef & { ofType?: IntrospectionTypeRef; name?: string };
  const wrong = hostileJson;
  if (r.kind === 'NON_NULL') return fc.oneof({ weight: 12, arbitrary: valueOf(r.ofType!, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (r.kind === 'LIST') return fc.oneof({ weight: 8, arbitrary: fc.array(valueOf(r.ofType!, depth + 1), { maxLength: depth > 1 ? 2 : 6 }) }, { weight: 1, arbitrary: wrong });
  const t = types.get(r.name!)!;
  let right: fc.Arbitrary<unknown>;
  if (t.kind === 'ENUM') right = fc.constantFrom(...t.enumValues.map((v) => v.name), 'NOT_A_VALUE', '');
  else if (t.kind === 'INPUT_OBJECT') {
    right = depth > 3 ? fc.constant({}) : fc.record(Object.fromEntries(t.inputFields.map((f) => [f.name, valueOf(f.type, depth + 1)])), { requiredKeys: [] });
  } else if (t.name === 'Int') right = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.integer(), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e20, -1, 0, 1.5));
  else if (t.name === 'Float') right = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e308, -1e308, 0.1, -0.0));
  else if (t.name === 'Boolean') right = fc.boolean();
  else if (t.name === 'ID') right = fc.oneof(fc.constant(productId), fc.constant(itemId), fc.uuid(), hostileString);
  else right = hostileString; // String and custom scalars
  return fc.oneof({ weight: 8, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

/** A selection of leaf fields (two levels), so the operation is valid whatever its return type. */
function selection(ref: IntrospectionTypeRef, depth = 0): string {
  const t = named(ref);
  if (t.kind === 'SCALAR' || t.kind === 'ENUM') return '';
  if (t.kind !== 'OBJECT') return '{ __typename }';
  const fields = t.fields.filter((f) => !f.args.some((a) => a.type.kind === 'NON_NULL'));
  const leaves = fields.filter((f) => ['SCALAR', 'ENUM'].includes(named(f.type).kind)).map((f) => f.name);
  const nested = depth < 1 ? fields.filter((f) => named(f.type).kind === 'OBJECT').map((f) => `${f.name} ${selection(f.type, depth + 1)}`) : [];
  return `{ __typename ${[...leaves, ...nested].join(' ')} }`;
}

interface Operation {
  kind: 'query' | 'mutation' | 'subscription';
  field: IntrospectionField;
}

const operations = (): Operation[] => [
  ...(['query', 'mutation', 'subscription'] as const).flatMap((kind) => {
    const root = { query: schema.queryType, mutation: schema.mutationType, subscription: schema.subscriptionType }[kind];
    const t = root ? types.get(root.name) : undefined;
    return t?.kind === 'OBJECT' ? t.fields.map((field) => ({ kind, field })) : [];
  }),
];

function document(op: Operation): string {
  const vars = op.field.args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ');
  const args = op.field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${op.kind} Fuzz${vars ? `(${vars})` : ''} { ${op.field.name}${args ? `(${args})` : ''} ${selection(op.field.type)} }`;
}

const operationCase = () =>
  fc
    .constantFrom(...operations())
    .chain((op) =>
      fc.record({
        op: fc.constant(op),
        variables: fc.record(Object.fromEntries(op.field.args.map((a) => [a.name, valueOf(a.type)])), { requiredKeys: [] }),
        asSeller: fc.boolean(),
      }),
    )
    // The seller keeps its session and product (those two are fuzzed anonymously).
    .filter((c) => !(c.asSeller && ['logout', 'deleteProduct', 'deleteAccount'].includes(c.op.field.name)));

type GqlAnswer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

function expectNoServerFault(answer: GqlAnswer, what: string) {
  for (const e of answer.errors ?? []) {
    expect(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'], `${what}: ${JSON.stringify(e)}`).not.toContain(e.extensions?.code);
  }
}

/** Deep, wide and malformed documents. */
const documentCase = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map((n) => `{ __schema { types { ${'fields { type { '.repeat(n)}name${' } }'.repeat(n)} } } }`),
  fc.integer({ min: 1, max: 400 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`),
  fc.integer({ min: 1, max: 200 }).map((n) => `{ productCategories { ${Array.from({ length: n }, (_, i) => `k${i}: key`).join(' ')} } }`),
  fc.integer({ min: 1, max: 120 }).map((n) => `query { myProducts(limit: ${n * 1000}) { items { id title } } }`),
  fc.constantFrom('fragment A on Query { ...A } { ...A }', '{', '}', '{ __typename', 'query ($a: Int!) { __typename }', 'subscription { accountEvents { type } }', '{ me { id } } { me { id } }', '#', 'mutation { logout } query { me { id } }'),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => `{ ${'__typename '.repeat(n / 11)} }`),
  fc.string({ maxLength: 200 }),
);

/** Whether a document is one well-formed subscription operation (a live one may stay quiet). */
function isSubscription(text: string): boolean {
  try {
    const defs = parse(text).definitions;
    return defs.length === 1 && defs[0]!.kind === 'OperationDefinition' && defs[0]!.operation === 'subscription';
  } catch {
    return false;
  }
}

describe('fuzz: GraphQL', () => {
  it('every query and mutation of the schema, with hostile arguments, answers without a server fault and a failed one writes nothing', async () => {
    expect(operations().length).toBeGreaterThan(15);
    await fuzz(
      operationCase(),
      async (c) => {
        if (c.op.kind === 'subscription') {
          // Over HTTP a subscription is refused plainly (400); over WebSocket see below.
          const res = await (c.asSeller ? seller : new ApiClient(app.url)).request('POST', '/graphql', { query: document(c.op), variables: c.variables });
          expect(res.status).toBe(400);
          return;
        }
        const before = await rowCounts(app);
        const client = c.asSeller ? seller : new ApiClient(app.url);
        const res = await client.request('POST', '/graphql', { query: document(c.op), variables: c.variables });
        const what = `${c.op.field.name} ${JSON.stringify(c.variables).slice(0, 300)} -> ${res.status}`;
        expect(res.status, what).toBeLessThan(500);
        const answer = res.body as GqlAnswer;
        expectNoServerFault(answer, what);
        if (!answer.data?.[c.op.field.name]) expect(await rowCounts(app), `${what}: failed but wrote`).toEqual(before);
        else await app.drain();
      },
      { fixed: 300, fresh: 150 },
    );
    expect(await alive(app)).toBe(true);
    expect((await seller.gql('{ me { id } }')).data?.me).toBeTruthy();
  }, 120_000);

  it('deep, wide, cyclic and malformed documents are refused with a 4xx, never a fault', async () => {
    await fuzz(
      fc.record({ query: documentCase, batched: fc.boolean() }),
      async ({ query, batched }) => {
        const body = batched ? [{ query }, { query }] : { query };
        const res = await new ApiClient(app.url).request('POST', '/graphql', body);
        expect(res.status, `${query.slice(0, 200)} -> ${res.status}`).toBeLessThan(500);
        if (res.body && typeof res.body === 'object') expectNoServerFault(res.body as GqlAnswer, query.slice(0, 200));
      },
      { fixed: 60, fresh: 40 },
    );
  }, 60_000);

  it('malformed request bodies and encodings on /graphql answer 4xx', async () => {
    await fuzz(
      hostileBody(['query', 'variables', 'operationName', 'extensions']),
      async (b) => {
        const before = await rowCounts(app);
        const res = await rawRequest(app, 'POST', '/graphql', { 'content-type': b.contentType, 'content-encoding': b.contentEncoding, 'apollo-require-preflight': 'true' }, b.body);
        expect(res.status, `${b.contentType} ${b.contentEncoding} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await rowCounts(app)).toEqual(before);
      },
      { fixed: 80, fresh: 40 },
    );
  }, 60_000);

  it('a socket whose session expired acts for nobody: hostile operations over it change nothing of the account', async () => {
    const owner = new ApiClient(app.url);
    await registerAndLogin(app, owner);
    // The session is near the end of its TTL when the socket opens (the socket reads its expiry).
    const ownerId = (await owner.get('/auth/user')).body.user.uid as string;
    for (const k of await app.infra.redis.cmd.keys(`${app.config.REDIS_PREFIX}:sess:*`)) {
      const key = k.slice(app.config.REDIS_PREFIX.length + 1); // the client adds the prefix itself
      if ((JSON.parse((await app.infra.redis.cmd.get(key)) ?? '{}') as { userId?: string }).userId === ownerId) await app.infra.redis.cmd.pexpire(key, 2000);
    }
    const ws = owner.ws();
    const once = (query: string, variables?: Record<string, unknown>) =>
      new Promise<GqlAnswer>((resolve) => {
        ws.subscribe<Record<string, unknown>>({ query, variables }, { next: (r) => resolve(r as GqlAnswer), error: (e) => resolve({ errors: Array.isArray(e) ? e : [{ message: String(e) }] }), complete: () => undefined });
      });
    expect((await once('{ me { id } }')).data?.me).toBeTruthy();
    // The session key expires in Redis (its TTL runs out), while the socket stays open.
    await waitFor(async () => (await owner.get('/auth/user')).status === 401, 5000, 'the session to expire');
    const user = async () => (await app.sql('select username, email, language, email_notifications, password_hash from users where id = $1', [ownerId]))[0];
    const before = await user();
    const ANONYMOUS_OK = new Set(['register', 'sendEmailOtp', 'verifyEmailOtp', 'assistantTurn', 'removeAssistantFilter', 'recordProductView', 'logout']);
    try {
      await fuzz(
        operationCase().filter((c) => c.op.kind !== 'subscription'),
        async (c) => {
          const counts = await rowCounts(app);
          const answer = await once(document(c.op), c.variables as Record<string, unknown>);
          expectNoServerFault(answer, c.op.field.name);
          if (c.op.kind === 'mutation' && !ANONYMOUS_OK.has(c.op.field.name)) {
            expect(answer.data?.[c.op.field.name] ?? null, `${c.op.field.name} succeeded on an expired session`).toBeNull();
            expect(await rowCounts(app)).toEqual(counts);
          }
          if (c.op.field.name === 'me') expect(answer.data?.me ?? null).toBeNull();
        },
        { fixed: 60, fresh: 30 },
      );
      expect(await user()).toEqual(before);
      expect((await once('{ me { id } }')).data?.me ?? null).toBeNull();
    } finally {
      await ws.dispose();
    }
  }, 60_000);

  it('raw WebSocket frames that break the protocol (garbage, binary, huge, out of order) close that socket only', async () => {
    const frame = fc.oneof(
      hostileJson.map((v) => JSON.stringify(v) ?? ''),
      fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
      fc.constantFrom(
        '{"type":"subscribe","id":"1","payload":{"query":"{ __typename }"}}', // before connection_init
        '{"type":"connection_init","payload":"x"}',
        '{"type":"connection_init"}',
        '{"type":"subscribe","id":"","payload":{}}',
        '{"type":"subscribe","id":"1","payload":{"query":"subscription { accountEvents { type } }"}}',
        '{"type":"complete","id":"nope"}',
        '{"type":"ping"}',
        '{"type":"pong","payload":1}',
      ),
      fc.integer({ min: 100_000, max: 3_000_000 }).map((n) => 'x'.repeat(n)),
    );
    const { port } = new URL(app.url);
    await fuzz(
      fc.record({ frames: fc.array(frame, { minLength: 1, maxLength: 5 }), init: fc.boolean(), asSeller: fc.boolean() }),
      async ({ frames, init, asSeller }) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: asSeller && seller.cookie ? { cookie: seller.cookie } : {} });
        socket.on('error', () => undefined);
        await new Promise<void>((resolve) => {
          socket.once('open', () => resolve());
          socket.once('close', () => resolve());
        });
        if (socket.readyState === WebSocket.OPEN) {
          if (init) socket.send('{"type":"connection_init"}');
          for (const f of frames) if (socket.readyState === WebSocket.OPEN) socket.send(f);
          await new Promise((r) => setTimeout(r, 20));
          socket.terminate();
        }
      },
      { fixed: 40, fresh: 20 },
    );
    expect(await alive(app)).toBe(true);
    // Sockets keep working for everyone else.
    const ws = seller.ws();
    const sub = collect<GqlAnswer>(ws, '{ __typename }');
    await waitFor(() => sub.events.length > 0, 5000, 'a query over a new socket');
    await ws.dispose();
  }, 60_000);

  it('subscriptions over WebSocket with hostile variables: an error or events, never a fault, and the socket server lives on', async () => {
    const subs = operations().filter((o) => o.kind === 'subscription');
    expect(subs.length).toBeGreaterThan(0);
    await fuzz(
      fc.constantFrom(...subs).chain((op) =>
        fc.record({ op: fc.constant(op), variables: fc.oneof(fc.record(Object.fromEntries(op.field.args.map((a) => [a.name, valueOf(a.type)])), { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), hostileJson, { maxKeys: 3 })), asSeller: fc.boolean(), extra: documentCase }),
      ),
      async (c) => {
        const client = c.asSeller ? seller : new ApiClient(app.url);
        const ws = client.ws();
        try {
          const sub = collect<GqlAnswer>(ws, document(c.op), c.variables as Record<string, unknown>);
          const bad = collect<GqlAnswer>(ws, c.extra);
          if (c.asSeller && isSubscription(c.extra)) {
            // A well-formed subscription of a logged-in user is live and quiet: the socket must still answer.
            const probe = collect<GqlAnswer>(ws, '{ __typename }');
            await waitFor(() => probe.events.length > 0, 5000, 'an answer on the socket beside a live subscription');
          } else {
            await waitFor(() => bad.isDone() || bad.events.length > 0, 5000, 'an answer to a malformed subscription');
          }
          for (const e of [...sub.errors, ...bad.errors]) {
            const list = Array.isArray(e) ? (e as GqlAnswer['errors'])! : [];
            for (const err of list) expect(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']).not.toContain(err.extensions?.code);
          }
          for (const ev of [...sub.events, ...bad.events]) expectNoServerFault(ev, c.op.field.name);
          sub.dispose();
        } finally {
          await ws.dispose();
        }
      },
      { fixed: 25, fresh: 15 },
    );
    expect(await alive(app)).toBe(true);
  }, 60_000);
});
