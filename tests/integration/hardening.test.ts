import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { countRows, newCredentials } from '../support/accounts.js';

/**
 * Hostile and careless requests that used to earn a 500 (or pass a check they should not):
 * each gets its 4xx with `{message, code}`, writes nothing and logs no error.
 */

const logs: Array<{ level: number; msg: string }> = [];
const memoryLog = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
const errorLogs = () => logs.filter((l) => l.level >= 50);
beforeEach(() => {
  logs.length = 0;
});

let dist: string;
let app: TestApp;
beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'bb-hard-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(dist, 'graphiql.html'), '<!doctype html><title>GraphiQL</title>');
  await writeFile(path.join(dist, 'assets', 'app.js'), 'void 0;');
  await writeFile(path.join(root, 'package.json'), '{"secret":"outside the web root"}');
  app = await startTestApp({ PUBLIC_URL: 'http://shop.example', ALLOWED_ORIGINS: 'https://partner.example' }, { clientDist: dist, log: memoryLog });
});
afterAll(async () => {
  await app?.close();
  if (dist) await rm(path.dirname(dist), { recursive: true, force: true });
});

/** A raw HTTP request: the path is sent exactly as given (fetch would normalise `..` and `%2e`). */
function raw(method: string, rawPath: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  const { port } = new URL(app.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers: { accept: 'application/json', ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function expectJsonError(res: { status: number; text: string }, statuses: number[], what: string) {
  expect(statuses, `${what}: ${res.status} ${res.text}`).toContain(res.status);
  const body = JSON.parse(res.text) as { message?: unknown; code?: unknown };
  expect(typeof body.message, what).toBe('string');
  expect(typeof body.code, what).toBe('string');
}

describe('bad Content-Encoding', () => {
  const json = JSON.stringify({ ...newCredentials() });
  const cases: Array<[string, string, Buffer]> = [
    ['gzip, not gzip', 'gzip', Buffer.from(json)],
    ['deflate, not deflate', 'deflate', Buffer.from(json)],
    ['br, not brotli', 'br', Buffer.from(json)],
    ['truncated gzip', 'gzip', gzipSync(json).subarray(0, 12)],
    ['an unknown coding', 'x-zip', Buffer.from(json)],
  ];
  for (const [what, coding, body] of cases) {
    it(`${what}: 400/415 on REST and /graphql, nothing written`, async () => {
      const rest = await raw('POST', '/auth/register', { 'content-type': 'application/json', 'content-encoding': coding }, body);
      expectJsonError(rest, [400, 415], `REST ${what}`);
      const gql = await raw('POST', '/graphql', { 'content-type': 'application/json', 'content-encoding': coding }, body);
      expect([400, 415], `GraphQL ${what}: ${gql.text}`).toContain(gql.status);
      expect(await countRows(app, 'users')).toBe(0);
      expect(errorLogs()).toEqual([]);
    });
  }

  it('a well-formed gzip, deflate or br body is read', async () => {
    for (const [coding, enc] of [['gzip', gzipSync], ['deflate', deflateSync], ['br', brotliCompressSync]] as const) {
      const res = await raw('POST', '/graphql', { 'content-type': 'application/json', 'content-encoding': coding }, enc(JSON.stringify({ query: '{ __typename }' })));
      expect(res.status, coding).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ data: { __typename: 'Query' } });
    }
  });
});

describe('malformed percent-encoding in paths', () => {
  const paths: Array<[string, string]> = [
    ['GET', '/products/%E0%A4%A'],
    ['GET', '/products/%ZZ'],
    ['GET', '/seller/products/%C0%AF'],
    ['GET', '/uploads/%E0%A4%A'],
    ['GET', '/uploads/products/%ZZ.jpg'],
    ['DELETE', '/seller/products/1/gallery/items/%E0%A4%A'],
    ['PUT', '/seller/products/%E0%A4%A'],
    ['GET', '/%E0%A4%A'],
  ];
  for (const [method, p] of paths) {
    it(`${method} ${p} answers 400/404 with message and code`, async () => {
      const res = await raw(method, p, method === 'GET' ? {} : { 'content-type': 'application/json' }, method === 'GET' ? undefined : '{}');
      expectJsonError(res, [400, 401, 404], `${method} ${p}`);
      expect(errorLogs()).toEqual([]);
    });
  }
});

describe('traversal under /assets', () => {
  for (const p of ['/assets/../../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/assets/%2e%2e%5c%2e%2e%5cpackage.json', '/assets/%00.js']) {
    it(`${p} answers 400/403/404 and never the file`, async () => {
      for (const accept of ['application/json', 'text/html']) {
        const res = await raw('GET', p, { accept });
        expect([400, 403, 404], `${p} ${res.status} ${res.text}`).toContain(res.status);
        expect(res.text).not.toContain('outside the web root');
      }
      expect(errorLogs()).toEqual([]);
    });
  }
});

describe('persisted queries', () => {
  it('a hash that does not match the query answers 400 with a client code, logged below error', async () => {
    const query = '{ __typename }';
    const res = await new ApiClient(app.url).request('POST', '/graphql', {
      query,
      extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(res.body.errors[0].extensions.code).toMatch(/BAD_REQUEST|PERSISTED_QUERY/);
    expect(errorLogs()).toEqual([]);
    // The right hash is served.
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const ok = await new ApiClient(app.url).request('POST', '/graphql', { query, extensions: { persistedQuery: { version: 1, sha256Hash } } });
    expect(ok.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('Origin check: PUBLIC_URL and ALLOWED_ORIGINS only, never the Host header', () => {
  const spoof = { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' };

  it('REST: a state-changing request whose Origin matches a forged Host is refused (403), nothing written', async () => {
    const res = await raw('POST', '/auth/register', spoof, JSON.stringify(newCredentials()));
    expectJsonError(res, [403], 'spoofed host');
    expect(JSON.parse(res.text).code).toBe('FORBIDDEN');
    expect(await countRows(app, 'users')).toBe(0);
  });

  it('REST: PUBLIC_URL and ALLOWED_ORIGINS pass, whatever the Host', async () => {
    for (const origin of ['http://shop.example', 'https://partner.example']) {
      const res = await raw('POST', '/auth/login', { host: 'evil.example', origin, 'content-type': 'application/json' }, '{}');
      expect(res.status, origin).toBe(400); // past the Origin check: the login fields are missing
    }
  });

  it('GraphQL over HTTP: a forged Host does not make its Origin the site', async () => {
    const res = await raw('POST', '/graphql', spoof, JSON.stringify({ query: 'mutation { logout }' }));
    expect(res.status).toBe(403);
  });

  function openSocket(headers: Record<string, string>) {
    const { port } = new URL(app.url);
    return new Promise<'open' | number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers });
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      ws.on('error', () => undefined);
    });
  }

  it('WebSocket: the upgrade is refused for a forged Host and its Origin; allowed origins and no Origin open', async () => {
    expect(await openSocket({ host: 'evil.example', origin: 'http://evil.example' })).toBe(403);
    expect(await openSocket({ host: `127.0.0.1:9`, origin: 'http://127.0.0.1:9' })).toBe(403);
    expect(await openSocket({ host: 'evil.example', origin: 'http://shop.example' })).toBe('open');
    expect(await openSocket({ origin: 'https://partner.example' })).toBe('open');
    expect(await openSocket({})).toBe('open');
  });
});

describe('security headers', () => {
  it('pages carry a CSP with frame-ancestors, X-Frame-Options and nosniff', async () => {
    for (const p of ['/', '/chat', '/graphql']) {
      const res = await raw('GET', p, { accept: 'text/html' });
      expect(res.status, p).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, p).toMatch(/default-src 'self'/);
      expect(csp, p).toMatch(/frame-ancestors 'none'/);
      expect(csp, p).toMatch(/object-src 'none'/);
      expect(res.headers['x-frame-options'], p).toBe('DENY');
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
    }
  });

  it('JSON answers and errors carry nosniff', async () => {
    for (const p of ['/', '/auth/user', '/no/such/route']) {
      const res = await raw('GET', p);
      expect(res.headers['content-type'], p).toMatch(/application\/json/);
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
    }
    const gql = await raw('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: '{ __typename }' }));
    expect(gql.headers['x-content-type-options']).toBe('nosniff');
  });
});
