import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { BUILT_CLIENT, ensureBuiltClient } from '../support/built-client.js';

// The web app's files as the build leaves them: hashed assets with brotli and gzip copies beside them.
const BUNDLE = `export const hello = ${JSON.stringify('नमस्ते '.repeat(400))};\n`;
const INDEX = '<!doctype html><title>Bol Bazaar</title><script type="module" src="/assets/app-Ab12Cd34.js"></script>';

let dist: string;
let app: TestApp;
beforeAll(async () => {
  dist = path.join(await mkdtemp(path.join(tmpdir(), 'bb-static-')), 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await Promise.all([
    writeFile(path.join(dist, 'index.html'), INDEX),
    writeFile(path.join(dist, 'assets', 'app-Ab12Cd34.js'), BUNDLE),
    writeFile(path.join(dist, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(BUNDLE)),
    writeFile(path.join(dist, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(BUNDLE)),
    // A file the build left uncompressed (too small to gain).
    writeFile(path.join(dist, 'assets', 'tiny-Zz99Yy88.js'), 'void 0;'),
  ]);
  app = await startTestApp({}, { clientDist: dist });
});
afterAll(async () => {
  await app?.close();
  if (dist) await rm(path.dirname(dist), { recursive: true, force: true });
});

/** A raw request (fetch would decode the body and hide what was sent). */
function get(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const YEAR_IMMUTABLE = /max-age=31536000.*immutable|immutable.*max-age=31536000/;

describe('hashed assets', () => {
  it('are sent brotli-compressed to a browser that accepts brotli, cached for a year, immutable', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toMatch(YEAR_IMMUTABLE);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(BUNDLE);
  });

  it('are sent gzip-compressed when only gzip is accepted, and as they are when nothing is', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toMatch(YEAR_IMMUTABLE);
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);

    const refusals: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of refusals) {
      const plain = await get('/assets/app-Ab12Cd34.js', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(BUNDLE);
    }
  });

  it('without compressed copies are sent as they are; a missing one is a 404', async () => {
    const tiny = await get('/assets/tiny-Zz99Yy88.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('void 0;');
    expect(tiny.headers['cache-control']).toMatch(YEAR_IMMUTABLE);
    expect((await get('/assets/app-Gone0000.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('index.html', () => {
  it('is revalidated on every load, never cached for long', async () => {
    const res = await get('/', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

// The real build: what client/dist/index.html names, and what its scripts and styles load in turn, is there.
const REAL_DIST = BUILT_CLIENT;

/** The same-origin paths index.html names in src= and href= (scripts, styles, icons, preloads). */
function namedByIndex(html: string): string[] {
  const paths = [...html.matchAll(/\s(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1]);
  return paths.filter((p) => p.startsWith('/') && !p.startsWith('//'));
}

/** Files the built scripts and styles load: lazy chunks and their preloads ("./x-hash.js", "assets/x-hash.css"), fonts and pictures (url(...)). */
function namedByAssets(dir: string): Array<{ from: string; file: string }> {
  const found: Array<{ from: string; file: string }> = [];
  const assets = path.join(dir, 'assets');
  for (const name of readdirSync(assets)) {
    const text = /\.(js|css)$/.test(name) ? readFileSync(path.join(assets, name), 'utf8') : '';
    const add = (file: string) => found.push({ from: name, file: path.posix.join('assets', path.posix.basename(file)) });
    if (name.endsWith('.js')) {
      for (const m of text.matchAll(/["'](?:\.\/|\/?assets\/)([\w.-]+-[\w-]{8}\.(?:js|css))["']/g)) add(m[1]);
    } else if (name.endsWith('.css')) {
      for (const m of text.matchAll(/url\(["']?(\/assets\/[^"')?#]+|\.\/[^"')?#]+)/g)) add(m[1]);
    }
  }
  return found;
}

describe('the built web app (client/dist)', () => {
  let built: TestApp;
  let index: string;
  beforeAll(async () => {
    ensureBuiltClient();
    index = readFileSync(path.join(REAL_DIST, 'index.html'), 'utf8');
    built = await startTestApp({}, { clientDist: REAL_DIST });
  }, 300_000);
  afterAll(async () => {
    await built?.close();
  });

  const getBuilt = (pathname: string, headers: Record<string, string>) => {
    const { port } = new URL(built.url);
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; length: number }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
        let length = 0;
        res.on('data', (c: Buffer) => (length += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, length }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('has every file index.html names, and serves each (compressed when a copy was built; cached for a year when its name is hashed)', async () => {
    const named = namedByIndex(index);
    // At least the entry script and the stylesheet: a page naming nothing would pass the check below.
    expect(named.some((p) => /^\/assets\/.+\.js$/.test(p))).toBe(true);
    expect(named.some((p) => /^\/assets\/.+\.css$/.test(p))).toBe(true);
    const missing = named.filter((p) => !existsSync(path.join(REAL_DIST, p)) || !statSync(path.join(REAL_DIST, p)).isFile());
    expect(missing, 'named by index.html, absent from client/dist').toEqual([]);
    for (const p of named) {
      const res = await getBuilt(p, { 'accept-encoding': 'br, gzip' });
      expect(res.status, p).toBe(200);
      expect(res.length, p).toBeGreaterThan(0);
      // Hashed build files never change; the installable app's icons and manifest keep their names, so a new
      // version must reach the browser: never immutable.
      if (p.startsWith('/assets/')) expect(res.headers['cache-control'], p).toMatch(YEAR_IMMUTABLE);
      else expect(res.headers['cache-control'], p).not.toMatch(/immutable/);
      if (existsSync(path.join(REAL_DIST, `${p}.br`))) expect(res.headers['content-encoding'], p).toBe('br');
    }
    expect(named.some((p) => !p.startsWith('/assets/')), 'the icons and manifest index.html names').toBe(true);
  });

  it('has every chunk, stylesheet and font its scripts and styles load', () => {
    const named = namedByAssets(REAL_DIST);
    expect(named.some((n) => n.file.endsWith('.js'))).toBe(true);
    expect(named.some((n) => /\.woff2$/.test(n.file))).toBe(true);
    const missing = named.filter((n) => !existsSync(path.join(REAL_DIST, n.file))).map((n) => `${n.file} (named in ${n.from})`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
