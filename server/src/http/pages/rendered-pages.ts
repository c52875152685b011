import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Locale } from '../../common/request-context.js';
import { LANGUAGE_COOKIE, readCookie, SESSION_COOKIE } from '../cookies.js';
import { PageBytes, sendBytes } from './page-bytes.js';
import type { PageCache } from './page-cache.js';
import type { ExecuteGraphQL, PageRenderer } from './page-renderer.js';

export interface RenderedPagesDeps {
  /** The web app's renderer (loaded on the first page load), or null when its build has none. */
  renderer: () => Promise<PageRenderer | null>;
  cache: PageCache;
  /** Runs a GraphQL operation as a visitor without a session, in `language` (the server's own GraphQL, in process). */
  executeAsVisitor: (req: Request, language: Locale) => ExecuteGraphQL;
  /** Whether a product existed and was deleted: its page then answers 410 Gone rather than 404. */
  productDeleted: (id: string) => Promise<boolean>;
  log: Logger;
}

const PRODUCT_TAG = /^product:(.+)$/;

/**
 * The language of a page load: the link's (`?lang=hi`), else the one the browser chose last (the `bb_lang`
 * cookie the language toggle sets), else English.
 */
export function pageLanguage(req: Request): Locale {
  const asked = req.query.lang;
  if (asked === 'hi' || asked === 'en') return asked;
  return readCookie(req, LANGUAGE_COOKIE) === 'hi' ? 'hi' : 'en';
}

/**
 * Page loads of the web app (docs/architecture.md#rendered-pages). A visitor without a session gets the public
 * pages rendered (HTML that already shows the page, its head tags and the data the app hydrates from), kept
 * per language and path until what they show changes (`PageCache`); a missing product answers 404, a deleted
 * one 410. Anyone with a session cookie gets the app's shell (their pages show their own data, rendered in
 * their browser), and so does every page that is not public (orders, chat, settings, sign-in, ...), which says
 * `noindex`. A page whose render fails is answered with the shell, rendered in the browser as before.
 */
/** A page load: answered, or handed to `fallback` (index.html as built) when the build has no renderer or it failed. */
export type PageLoadHandler = (req: Request, res: Response, fallback: () => void) => void;

export function renderedPages(deps: RenderedPagesDeps): PageLoadHandler {
  const { cache, log } = deps;
  let loading: Promise<Loaded | null> | null = null;
  /** The renderer and its two shells, made once. */
  const load = () =>
    (loading ??= deps.renderer().then(async (renderer) => {
      if (!renderer) return null;
      const shell = new PageBytes(200, Buffer.from(renderer.shell({ noindex: false })), []);
      const privateShell = new PageBytes(200, Buffer.from(renderer.shell({ noindex: true })), [], true);
      await Promise.all([shell.encode(['br', 'gzip']), privateShell.encode(['br', 'gzip'])]);
      return { renderer, shell, privateShell };
    }));

  const render = async (renderer: PageRenderer, req: Request, language: Locale): Promise<PageBytes | null> => {
    const page = await renderer.render(req.path, language, deps.executeAsVisitor(req, language));
    if (!page) return null;
    let status = page.status;
    const productId = page.dependsOn.map((tag) => PRODUCT_TAG.exec(tag)?.[1]).find(Boolean);
    if (status === 404 && productId && (await deps.productDeleted(productId))) status = 410;
    return new PageBytes(status, Buffer.from(page.html), page.dependsOn);
  };

  const answer = async (req: Request, res: Response, fallback: () => void): Promise<void> => {
    const language = pageLanguage(req);
    const key = `${language}${req.path}`;
    const signedIn = readCookie(req, SESSION_COOKIE) !== undefined;
    const kept = signedIn ? undefined : cache.get(key);
    if (kept) return sendPage(req, res, kept, language);
    const loaded = await load();
    if (!loaded) return fallback();
    const { renderer, shell, privateShell } = loaded;
    if (!renderer.isRendered(req.path)) return sendPage(req, res, privateShell, 'en');
    if (signedIn) return sendPage(req, res, shell, 'en');
    let page: PageBytes | null;
    try {
      page = await cache.fill(key, () => render(renderer, req, language), (p) => p.status === 200);
    } catch (err) {
      log.error({ err, path: req.path }, 'page not rendered: the app shell was sent');
      page = shell;
    }
    return sendPage(req, res, page ?? privateShell, page ? language : 'en');
  };

  return (req, res, fallback) => {
    answer(req, res, fallback).catch((err: unknown) => {
      log.error({ err, path: req.path }, 'page load failed: index.html was sent');
      if (!res.headersSent) fallback();
    });
  };
}

interface Loaded {
  renderer: PageRenderer;
  shell: PageBytes;
  privateShell: PageBytes;
}

/** A page in the language it is in; it varies with the cookies (a session gets the shell, `bb_lang` its language). */
const sendPage = (req: Request, res: Response, page: PageBytes, language: Locale) =>
  sendBytes(req, res, page, { 'Content-Language': language, Vary: 'Accept-Encoding, Cookie' });
