// First-load speed of the web app under a mobile profile, beside a floor: Chromium (playwright-core, Debian's
// /usr/bin/chromium) with CDP network and CPU throttling loads each page with an empty cache and records the
// JavaScript it downloaded (bytes on the wire, i.e. compressed), first contentful paint and largest
// contentful paint; the search overlay is opened from `/` and timed until its composer is there.
//
//   bash scripts/with-node.sh node bench/web-vitals.mjs
//
// It uses the built app (run `npm run build` first; it builds nothing itself, so it never races other
// builds), a fresh database (BENCH_WEB_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bb_bench_web,
// dropped and re-created) with the demo catalogue, and a throwaway Redis prefix.
// Settings: BENCH_RUNS (5 loads per page, medians reported), CHROMIUM_PATH.
// The floor: the same server and profile sending a page that paints the home hero's text with no
// JavaScript at all (what any page costs before a byte of app code: one round trip for the HTML and one
// for the stylesheet). Not part of `npm test`. Figures: bench/README.md.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { clientIndex, serverEntry } from '../scripts/lib/build.mjs';
import { root } from '../scripts/lib/proc.mjs';

const DB_URL = process.env.BENCH_WEB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_web';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The mobile profile: 1.6 Mbps down, 750 kbps up, 150 ms round trip, a CPU 4x slower. */
const PROFILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

// ------------------------------------------------------------------ the app, on a fresh database

async function freshDatabase() {
  const name = new URL(DB_URL).pathname.slice(1);
  const admin = new pg.Client({ connectionString: DB_URL.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    DATABASE_URL: DB_URL,
    REDIS_URL,
    REDIS_PREFIX: `bench-web-${process.pid}`,
    UPLOAD_DIR: path.join(os.tmpdir(), `bb-bench-web-${process.pid}`),
    SEED_DEMO_DATA: 'true',
  };
  const child = spawn(process.execPath, [serverEntry, 'all'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.cleanup = async () => {
    rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
    await redis.quit();
  };
  const output = [];
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the app stopped:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not start:\n${output.join('')}`);
}

/** A verified account logged in through the REST shim (the development outbox has the code). */
async function login(url) {
  const username = `bench${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = 'Bench#Pass1';
  const json = { 'content-type': 'application/json', accept: 'application/json', origin: url };
  const post = (p, body, headers = {}) => fetch(url + p, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  let res = await post('/auth/register', { email, username, password });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  let code = null;
  for (let i = 0; i < 100 && !code; i++) {
    const outbox = await (await fetch(`${url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json();
    code = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1] ?? null;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  res = await post('/auth/verify-email-otp', { email, otp: code });
  if (!res.ok) throw new Error(`verify: ${res.status} ${await res.text()}`);
  res = await post('/auth/login', { username, password });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const sid = /bb_sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { name: 'bb_sid', value: sid, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' };
}

// ------------------------------------------------------------------ the floor: a page without JavaScript

function startFloor() {
  const index = readFileSync(clientIndex, 'utf8');
  const cssPath = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(index)?.[1];
  // The app's own stylesheet, brotli-compressed as the app sends it.
  const css = cssPath ? readFileSync(path.join(path.dirname(clientIndex), `${cssPath}.br`)) : Buffer.alloc(0);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bol Bazaar</title><link rel="stylesheet" href="/floor.css"></head>
<body><main class="app-main"><section class="home-hero"><h1 class="home-hero__title">Bol Bazaar: the voice platform for business goods</h1>
<p>Search by voice, text or photo in English or Hindi.</p></section></main></body></html>`;
  return new Promise((resolve) => {
    const srv = createServer((req, res) => {
      if (req.url === '/floor.css') {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'content-encoding': 'br' });
        return res.end(css);
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(html);
    }).listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${srv.address().port}/`, close: () => srv.close() }));
  });
}

// ------------------------------------------------------------------ measuring one page load

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};

/** A fresh profile (empty cache) with the mobile profile's network and CPU. */
async function throttledPage(browser, cookies) {
  const context = await browser.newContext({ ...PHONE });
  if (cookies.length) {
    await context.addCookies(cookies);
    // What the app keeps after a login besides the cookie (features/auth/session-context.tsx).
    await context.addInitScript(() => globalThis.localStorage.setItem('bb.loggedIn', '1'));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  // Bytes on the wire per request (compressed bodies and headers), by resource type.
  const responses = new Map();
  const bytes = { Script: 0, ScriptBodies: 0, total: 0, requests: 0 };
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, headerBytes: Math.max(0, e.response.encodedDataLength ?? 0) }));
  cdp.on('Network.loadingFinished', (e) => {
    bytes.total += e.encodedDataLength;
    bytes.requests += 1;
    const r = responses.get(e.requestId);
    if (r?.type === 'Script') {
      bytes.Script += e.encodedDataLength;
      bytes.ScriptBodies += e.encodedDataLength - r.headerBytes;
    }
  });
  await page.addInitScript(() => {
    globalThis.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return { context, page, bytes };
}

async function paintTimes(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: globalThis.__lcp || NaN,
  }));
}

async function measurePage(browser, url, cookies, ready) {
  const { context, page, bytes } = await throttledPage(browser, cookies);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  if (ready) await ready(page);
  const times = await paintTimes(page);
  const result = { ...times, js: bytes.Script, jsBodies: bytes.ScriptBodies, total: bytes.total, requests: bytes.requests, url: page.url() };
  await context.close();
  return result;
}

/** `/`, then the buyer opens the search overlay: time from the tap to its composer, and the JS it fetched. */
async function measureOverlay(browser, url) {
  const { context, page, bytes } = await throttledPage(browser, []);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const before = bytes.Script;
  // On a phone, home's top bar leaves the search entries to its hero: the hero's search box ("What does your
  // business need?", named "Search by typing"); on a wider screen the top bar's Type would do the same.
  const typeEntry = page.getByRole('button', { name: /search by typing|^type$/i }).first();
  const start = Date.now();
  await typeEntry.click();
  await page.getByRole('dialog').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('textbox').first().waitFor({ state: 'visible', timeout: 60_000 });
  const openMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  const result = { openMs, js: bytes.Script - before };
  await context.close();
  return result;
}

// ------------------------------------------------------------------ run

await freshDatabase();
const app = await startApp();
const floor = await startFloor();
try {
  // The worker indexes the demo catalogue after the start: wait for it.
  let productId = null;
  for (let i = 0; i < 300 && !productId; i++) {
    const search = await (
      await fetch(`${app.url}/products/search`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: 'office chair' }) })
    ).json();
    productId = search.results?.[0]?.product_id ?? null;
    if (!productId) await new Promise((r) => setTimeout(r, 200));
  }
  if (!productId) throw new Error('the demo catalogue has no office chair: is SEED_DEMO_DATA on?');
  const cookie = await login(app.url);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
  const pages = [
    { name: '/ (floor: no JavaScript)', url: floor.url, cookies: [] },
    { name: '/', url: `${app.url}/`, cookies: [], ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 }) },
    { name: '/product/{id}', url: `${app.url}/product/${productId}`, cookies: [], ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 }) },
    { name: '/dashboard (logged in)', url: `${app.url}/dashboard`, cookies: [cookie], ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 }) },
  ];
  const rows = [];
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measurePage(browser, p.url, p.cookies, p.ready));
    if (p.cookies.length && !runs[0].url.includes('/dashboard')) throw new Error(`the dashboard sent the bench to ${runs[0].url}`);
    rows.push({
      page: p.name,
      js_kb: +(median(runs.map((r) => r.js)) / 1024).toFixed(1),
      js_bodies_kb: +(median(runs.map((r) => r.jsBodies)) / 1024).toFixed(1),
      total_kb: +(median(runs.map((r) => r.total)) / 1024).toFixed(1),
      requests: median(runs.map((r) => r.requests)),
      fcp_ms: Math.round(median(runs.map((r) => r.fcp))),
      lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
    });
    console.log(rows.at(-1));
  }
  const overlays = [];
  for (let i = 0; i < RUNS; i++) overlays.push(await measureOverlay(browser, `${app.url}/`));
  const overlay = { page: 'search overlay (opened on /)', open_ms: Math.round(median(overlays.map((o) => o.openMs))), extra_js_kb: +(median(overlays.map((o) => o.js)) / 1024).toFixed(1) };
  console.log(overlay);
  await browser.close();

  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, load: os.loadavg().map((l) => l.toFixed(2)).join(' '), node: process.version, date: new Date().toISOString() };
  console.log('\n| page | JS bodies (KB, compressed) | JS on the wire (KB, with headers) | all bytes (KB) | requests | FCP (ms) | LCP (ms) |\n|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${r.js_bodies_kb} | ${r.js_kb} | ${r.total_kb} | ${r.requests} | ${r.fcp_ms} | ${r.lcp_ms} |`);
  console.log(`\nSearch overlay from /: open in ${overlay.open_ms} ms, ${overlay.extra_js_kb} KB more JavaScript.`);
  console.log(`Machine: ${machine.cpus} x ${machine.cpu}, load ${machine.load}, ${machine.node}, ${machine.date}; ${RUNS} loads per page, medians.`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/web-vitals.json'), JSON.stringify({ profile: PROFILE, runs: RUNS, machine, pages: rows, overlay }, null, 2));
} finally {
  floor.close();
  if (app.child.exitCode === null) {
    const exited = new Promise((r) => app.child.once('exit', r));
    app.child.kill('SIGTERM');
    await exited;
  }
  await app.child.cleanup();
}
