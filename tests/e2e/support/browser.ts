import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the app server started by tests/e2e/setup/app-server.ts (API + built client). */
    baseUrl: string;
    /** That app's database and Redis prefix, for the server's commands (`operator add`). */
    appStore: { databaseUrl: string; redisPrefix: string };
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The shared browser's binary: Chromium's headless shell (Debian's `chromium-headless-shell`, the one Playwright
 * itself runs headless tests in: the same Blink and V8 as the full browser without its own UI and services) when
 * it is installed, else CHROMIUM_PATH. It costs the shared cores about a third less CPU for the same journey (the
 * header journey's Chromium: 43.3 -> 30.0 s, README.md#tests). `CHROMIUM_HEADLESS_SHELL_PATH` points elsewhere; a
 * CHROMIUM_PATH given alone is used for every session. A session with switches of its own (the fake microphone)
 * launches one of these of its own; one with a profile on disk (the install prompt, the full browser's) CHROMIUM_PATH.
 */
export const SHARED_CHROMIUM_PATH = ((shell) => (shell && existsSync(shell) ? shell : CHROMIUM_PATH))(
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? (process.env.CHROMIUM_PATH ? undefined : '/usr/lib/chromium/chromium-headless-shell'),
);

/** Quiet, deterministic headless Chromium: no GPU, no QUIC, no background traffic or updates. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why browser journeys cannot run on this machine, or null when they can. */
export function browserUnavailableReason(): string | null {
  if (!existsSync(CHROMIUM_PATH)) {
    return (
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium fonts-lohit-deva) ` +
      'or point CHROMIUM_PATH at a Chromium binary.'
    );
  }
  return null;
}

/**
 * `describe`, or `describe.skip` with the reason printed once, for a file of browser journeys:
 * `const journey = browserDescribe(describe);` then `journey('...', () => { ... })`.
 */
export function browserDescribe<D extends { skip: unknown }>(describe: D): D | D['skip'] {
  const reason = browserUnavailableReason();
  if (!reason) return describe;
  console.warn(`[e2e] Skipping browser journeys: ${reason}`);
  return describe.skip;
}

export interface BrowserSession {
  baseUrl: string;
  /** One browser profile: every page shares cookies and localStorage, like tabs of one window. */
  context: BrowserContext;
  /** Opens a new tab at `path` (relative to baseUrl) and starts recording its errors. */
  newPage(path?: string): Promise<Page>;
  /** Uncaught exceptions and console errors of every tab so far, for a final "no errors" check. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * How long the shared Chromium stays open with no session, for the next test or file: the journeys' one worker runs
 * their files one after another and keeps its modules from file to file (`isolate: false`), so the next file's
 * first session finds it open. A Chromium's start and its first page cost about 1.5 s of CPU more than a new
 * context of a running one (README.md#tests).
 */
const IDLE_CLOSE_MS = 5_000;

/** The worker's shared Chromium, launched for the first session, closed once no session has used it for a while. */
let shared: { browser: Promise<Browser>; sessions: number; idle?: NodeJS.Timeout } | null = null;

async function sharedContext(options: BrowserContextOptions): Promise<{ context: BrowserContext; release(): Promise<void> }> {
  if (!shared) {
    const browser = chromium.launch({ executablePath: SHARED_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const launched = { browser, sessions: 0 };
    shared = launched;
    // A Chromium that went away (crashed, or killed) is launched again for the next session.
    browser.then((b) => b.on('disconnected', () => shared === launched && (shared = null))).catch(() => shared === launched && (shared = null));
  }
  const mine = shared;
  clearTimeout(mine.idle);
  mine.sessions += 1;
  let context: BrowserContext;
  try {
    context = await (await mine.browser).newContext(options);
  } catch (err) {
    leave(mine);
    throw err;
  }
  return {
    context,
    async release() {
      try {
        await context.close();
      } catch (err) {
        // A Chromium that went away (it crashed under load once, after its file's tests had passed) took its
        // contexts with it: nothing is left to close. Any other failure to close is the test's.
        if ((await mine.browser).isConnected()) throw err;
      } finally {
        leave(mine);
      }
    },
  };
}

/**
 * One session fewer in the browser; once none is left it is closed after IDLE_CLOSE_MS unless a session starts
 * meanwhile (the timer does not keep the worker alive; a worker that exits first takes its Chromium with it).
 */
function leave(browser: NonNullable<typeof shared>) {
  browser.sessions -= 1;
  if (browser.sessions > 0) return;
  clearTimeout(browser.idle);
  browser.idle = setTimeout(() => {
    if (browser.sessions > 0) return;
    if (shared === browser) shared = null;
    void browser.browser.then((b) => b.close()).catch(() => undefined);
  }, IDLE_CLOSE_MS);
  browser.idle.unref();
}

/**
 * A fresh browser session against the e2e app server: a new context of the worker's shared Chromium (one for the
 * journeys' files, one after another, README.md#tests), as fresh as a new profile: its own cookies, storage, cache and service
 * workers. `args`: more Chromium switches (such as a fake
 * microphone's) and `ownBrowser` (a profile on disk, which Chrome's install prompt needs: it never offers to install
 * from a private context) launch a Chromium of its own with a throw-away user-data dir instead. `permissions`:
 * granted to the app, such as 'microphone'.
 */
export async function launchBrowser(options: { locale?: string; viewport?: { width: number; height: number }; args?: string[]; permissions?: string[]; ownBrowser?: boolean } = {}): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const contextOptions = {
    permissions: options.permissions,
    baseURL: baseUrl,
    locale: options.locale ?? 'en-IN',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  };
  let context: BrowserContext;
  let release: () => Promise<void>;
  if (options.args?.length || options.ownBrowser) {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-e2e-profile-'));
    const own = await chromium.launchPersistentContext(userDataDir, {
      ...contextOptions,
      // The install prompt is the full browser's; switches alone (a fake microphone) work in the headless shell.
      executablePath: options.ownBrowser ? CHROMIUM_PATH : SHARED_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
      headless: true,
    });
    context = own;
    release = async () => {
      await own.close();
      await rm(userDataDir, { recursive: true, force: true });
    };
  } else {
    ({ context, release } = await sharedContext(contextOptions));
  }
  context.setDefaultTimeout(15_000);
  const errors: string[] = [];

  const watch = (page: Page) => {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
  };
  // A persistent context opens with one blank tab; reuse it for the first page.
  let spare: Page | undefined = context.pages()[0];

  return {
    baseUrl,
    context,
    errors,
    async newPage(pagePath = '/') {
      const page = spare ?? (await context.newPage());
      spare = undefined;
      watch(page);
      await page.goto(pagePath);
      return page;
    },
    close: release,
  };
}

export interface Account {
  email: string;
  username: string;
  password: string;
}

/** A fresh account that passes the signup rules (usernames are at most 20 characters). */
export function newAccount(): Account {
  const tag = randomBytes(5).toString('hex');
  return { email: `e2e.${tag}@example.com`, username: `e2e_${tag}`, password: 'Journey#2026x' };
}

/** The top bar of a page (its `banner` landmark). */
export const topBar = (page: Page): Locator => page.getByRole('banner');

/** Waits until one of the locators is visible and returns its index. */
export async function firstVisible(locators: Locator[], timeout = 15_000): Promise<number> {
  try {
    return await Promise.any(
      locators.map((locator, index) => locator.waitFor({ state: 'visible', timeout }).then(() => index)),
    );
  } catch {
    throw new Error(`None of ${locators.map(String).join(', ')} became visible within ${timeout} ms`);
  }
}

/** A message of the development outbox, as `GET /dev/outbox` lists it. */
export interface OutboxMessage {
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

interface RawOutboxMessage {
  to?: string;
  subject?: string | null;
  text?: string;
  body?: string;
  createdAt?: string;
  created_at?: string;
}

/**
 * EMAIL VERIFICATION HELPER: every message the dev outbox holds for `to`, newest first
 * (`GET /dev/outbox?to=...` as JSON; non-production servers only).
 */
export async function outboxMessages(to: string): Promise<OutboxMessage[]> {
  const url = new URL('/dev/outbox', inject('baseUrl'));
  url.searchParams.set('to', to);
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const body = (await res.json()) as RawOutboxMessage[] | { messages: RawOutboxMessage[] };
  const raw = Array.isArray(body) ? body : body.messages;
  return raw.map((message) => ({
    to: message.to ?? '',
    subject: message.subject ?? null,
    text: message.text ?? message.body ?? '',
    createdAt: message.createdAt ?? message.created_at ?? '',
  }));
}

/**
 * EMAIL VERIFICATION HELPER: the 6-digit code in the newest message sent to `email`. Polls, because mail
 * is written by the worker after the request that caused it has returned; with `after`, waits until the
 * outbox holds more than that many messages for the address (i.e. until a new code has arrived).
 */
export async function readLatestCode(email: string, { after = 0, timeout = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const messages = await outboxMessages(email);
    const newest = messages[0];
    const code = /\b(\d{6})\b/.exec(`${newest?.subject ?? ''}\n${newest?.text ?? ''}`)?.[1];
    if (messages.length > after && code) return code;
    if (Date.now() > deadline) {
      throw new Error(`No new 6-digit code for ${email} in the dev outbox (${messages.length} messages)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * An account made through the REST shim in this browser profile (register, the emailed code,
 * login), so the profile's cookie is logged in; the pages under test are what a journey checks.
 */
export async function apiAccount(session: BrowserSession): Promise<Account> {
  const account = newAccount();
  const api = session.context.request;
  const origin = { origin: session.baseUrl };
  const registered = await api.post('/auth/register', { data: account, headers: origin });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
  const otp = await readLatestCode(account.email);
  if (!(await api.post('/auth/verify-email-otp', { data: { email: account.email, otp }, headers: origin })).ok()) throw new Error('verify failed');
  if (!(await api.post('/auth/login', { data: { username: account.username, password: account.password }, headers: origin })).ok()) throw new Error('login failed');
  return account;
}

/** A product of the profile's (logged-in) account, made through the REST shim with a plain thumbnail; answers its id. */
export async function createProductIn(session: BrowserSession, product: Record<string, unknown>, colour = '#8e44ad'): Promise<string> {
  const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: colour } }).jpeg().toBuffer();
  const created = await session.context.request.post('/seller/products/create', {
    headers: { origin: session.baseUrl },
    multipart: { product: JSON.stringify(product), thumbnail: { name: 'picture.jpg', mimeType: 'image/jpeg', buffer: thumbnail } },
  });
  if (created.status() !== 201) throw new Error(`create product: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { product_id: string }).product_id;
}

/**
 * Switches the interface language as a person does: the top bar's switch on a wide screen, the menu's on a
 * phone (where the bar leaves it to the menu); the menu is closed again.
 */
export async function chooseLanguage(page: Page, name: 'English' | 'हिन्दी'): Promise<void> {
  const inBar = topBar(page).getByRole('button', { name });
  if (await inBar.isVisible()) return inBar.click();
  await topBar(page).getByRole('button', { name: /^(Open menu|मेनू खोलें)$/ }).click();
  const menu = page.getByRole('dialog', { name: /^(Menu|मेनू)$/ });
  await menu.getByRole('button', { name }).click();
  await menu.getByRole('button', { name: name === 'English' ? 'Close menu' : 'मेनू बंद करें' }).click();
  await menu.waitFor({ state: 'hidden' });
}
