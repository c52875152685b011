import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { TestApp } from './app.js';

/**
 * Shared pieces of the property-based fuzz suites (tests/integration/fuzz-*.test.ts): hostile values,
 * a raw HTTP sender, the row counts a refused request must leave alone, and the seed policy.
 *
 * Seeds: every property runs with a fixed seed (the same cases on every run, so CI is repeatable)
 * and then with a fresh one (new cases each run). FUZZ_SEED=<n> replaces the fresh seed to replay a
 * failure; FUZZ_RUNS=<n> scales the number of cases. A failure names its seed and path.
 */
export const FIXED_SEED = 20261124;
const freshSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (process.pid << 8)) >>> 0;
const scale = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) / 100 : 1;

/** Runs an async property with the fixed seed, then with a fresh seed; a failure says how to replay it. */
export async function fuzz<T>(arb: fc.Arbitrary<T>, check: (value: T) => Promise<void>, runs: { fixed: number; fresh: number }): Promise<void> {
  for (const [label, seed, numRuns] of [
    ['fixed', FIXED_SEED, runs.fixed],
    ['fresh', freshSeed, runs.fresh],
  ] as const) {
    const details = await fc.check(fc.asyncProperty(arb, check), { seed, numRuns: Math.max(1, Math.round(numRuns * scale)), endOnFailure: true });
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `fuzz case failed (${label} seed ${seed}, path "${details.counterexamplePath}"; replay: FUZZ_SEED=${seed}):\n` +
          `${fc.stringify(details.counterexample)}\n${cause}`,
      );
    }
  }
}

/** encodeURIComponent, which throws on a lone surrogate; that one is sent as its (invalid) UTF-8 bytes. */
export const encodeSegment = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** Path segments and query values a careless or hostile client sends (raw, not re-encoded). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%2e%2e', '..', '.', '%2F', '%5C', '%25', '%u0041', '~', ''),
  fc.constantFrom('0', '-1', '2147483648', '-2147483649', '9223372036854775808', '1e309', 'NaN', 'Infinity', '0x1F', '1.5', '00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 40 }).map(encodeSegment),
  fc.uuid(),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeSegment),
  fc.integer({ min: 200, max: 5000 }).map((n) => 'a'.repeat(n)),
);

/** A JSON value of any shape, with the numbers and strings that break naive code. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 0.5, -0.0, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MAX_SAFE_INTEGER),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '𝔘𝔫𝔦', 'नमस्ते', '<script>', "'; drop table users; --", '%E0%A4%A', '99999999999999999999', '-5', '1e400', 'null', '[]', '{}'),
    fc.integer({ min: 1000, max: 20000 }).map((n) => 'x'.repeat(n)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A JSON object with the given field names (each present or not) holding hostile values. */
export function hostileObject(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(fields.map((f) => [f, hostileJson])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

export interface RawBody {
  contentType?: string;
  contentEncoding?: string;
  body?: Buffer;
}

const deepJson = (depth: number) => Buffer.from('['.repeat(depth) + ']'.repeat(depth));

/** Bodies as sent on the wire: good JSON of hostile values, bad bytes, wrong types and encodings. */
export function hostileBody(fields: string[]): fc.Arbitrary<RawBody> {
  const json = fc.oneof(hostileObject(fields), hostileJson).map((v) => Buffer.from(JSON.stringify(v) ?? 'null'));
  const bytes = fc.oneof(
    json,
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)), // malformed UTF-8 and anything else
    fc.constantFrom(Buffer.from('{"a":'), Buffer.from('{"a":"\\ud800"}'), Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), Buffer.from('')),
    fc.integer({ min: 100, max: 20000 }).map(deepJson),
  );
  const contentType = fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json; charset=koi8-r',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=zzz',
    'application/graphql',
    '*/*',
    'garbage',
  );
  return fc.record({ contentType, body: bytes, encoding: fc.constantFrom(undefined, undefined, 'gzip', 'gzip!', 'deflate', 'br', 'identity', 'gzip, gzip', 'x-unknown') }).map(
    ({ contentType, body, encoding }) => {
      if (encoding === 'gzip') return { contentType, contentEncoding: 'gzip', body: gzipSync(body) };
      // A coding the body does not have (gzip! = the header says gzip, the bytes are not).
      return { contentType, contentEncoding: encoding === 'gzip!' ? 'gzip' : encoding, body };
    },
  );
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends a request exactly as given (path not normalised, body bytes as they are). */
export function rawRequest(app: TestApp, method: string, path: string, headers: Record<string, string | undefined>, body?: Buffer): Promise<RawResponse> {
  const { port } = new URL(app.url);
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (body !== undefined) clean['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: clean }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends the first `sent` bytes of a body that announces `body.length`, then drops the connection
 * (a client that gave up mid-upload). Resolves when the socket is closed; any answer is returned.
 */
export function abortedRequest(app: TestApp, method: string, path: string, headers: Record<string, string>, body: Buffer, sent: number): Promise<RawResponse | null> {
  const { port } = new URL(app.url);
  return new Promise((resolve) => {
    let answer: RawResponse | null = null;
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      answer = { status: res.statusCode ?? 0, headers: res.headers, text: '' };
      res.resume();
    });
    req.on('error', () => resolve(answer));
    req.on('close', () => resolve(answer));
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 5));
  });
}

/** Tables whose row counts a refused request must leave as they were. */
const COUNTED = [
  'users',
  'products',
  'product_media',
  'outbox_events',
  'otp_codes',
  'otp_sends',
  'dev_outbox_messages',
  'search_documents',
  'search_interactions',
  'orders',
  'order_idempotency_keys',
  'live_positions',
];

/** The row count of every table a request could write. */
export async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const [row] = await app.sql<Record<string, string>>(`select ${COUNTED.map((t) => `(select count(*) from "${t}")::text as "${t}"`).join(', ')}`);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** Whether the server still answers (its liveness route). */
export async function alive(app: TestApp): Promise<boolean> {
  const res = await fetch(`${app.url}/healthz`).catch(() => null);
  return res?.status === 200;
}
