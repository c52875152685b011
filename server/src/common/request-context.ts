import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

export type Locale = 'en' | 'hi';

/** The logged-in user of a request, as the session store knows them. */
export interface Viewer {
  userId: string;
  sessionId: string;
}

/** How a service sets or clears the session cookie; only HTTP requests can. */
export interface SessionCookie {
  set(sessionId: string): void;
  clear(): void;
}

/**
 * What every service method receives first. GraphQL (HTTP and WebSocket), the REST shim and the
 * workers all build it with `createRequestContext`, so a rule sees the same thing from every door.
 */
export interface RequestContext {
  em: EntityManager;
  viewer: Viewer | null;
  locale: Locale;
  requestId: string;
  ip: string;
  log: Logger;
  cookie: SessionCookie;
}

const noCookie: SessionCookie = {
  set() {
    throw new Error('This transport cannot set a session cookie');
  },
  clear() {},
};

/** Whether this request can set the session cookie (HTTP can; sockets and jobs cannot). */
export function canSetSessionCookie(ctx: RequestContext): boolean {
  return ctx.cookie !== noCookie;
}

interface ContextParts {
  em: EntityManager;
  log: Logger;
  requestId: string;
  viewer?: Viewer | null;
  locale?: string | null;
  ip?: string;
  cookie?: SessionCookie;
}

/**
 * A request's context. The entity manager and the logger are made on first use: a live subscription
 * holds its context for the socket's life and mostly never needs them (each event forks its own), so
 * 10,000 open subscriptions do not each keep an identity map and a child logger.
 *
 * A class, not an object literal with getters: V8 keeps the getter closures of such a literal (and so
 * the whole request they close over) reachable until the next full collection, so every request's
 * objects outlived two young-generation collections and were moved to the old generation
 * (bench/README.md#read-path, step 10). A class's getters live once, on its prototype.
 */
class Context implements RequestContext {
  viewer: Viewer | null;
  readonly locale: Locale;
  readonly requestId: string;
  readonly ip: string;
  readonly cookie: SessionCookie;
  #em: EntityManager | undefined;
  #log: Logger | undefined;
  readonly #rootEm: EntityManager;
  readonly #rootLog: Logger;

  constructor(parts: ContextParts) {
    this.#rootEm = parts.em;
    this.#rootLog = parts.log;
    this.viewer = parts.viewer ?? null;
    this.locale = parts.locale === 'hi' ? 'hi' : 'en';
    this.requestId = parts.requestId;
    this.ip = parts.ip ?? 'system';
    this.cookie = parts.cookie ?? noCookie;
  }

  get em(): EntityManager {
    return (this.#em ??= this.#rootEm.fork());
  }

  get log(): Logger {
    return (this.#log ??= this.#rootLog.child({ reqId: this.requestId }));
  }
}

export function createRequestContext(parts: ContextParts): RequestContext {
  return new Context(parts);
}

/** The same context working in `em` (a transaction's), for hooks that must take part in it. */
export function withEntityManager(ctx: RequestContext, em: EntityManager): RequestContext {
  return { viewer: ctx.viewer, locale: ctx.locale, requestId: ctx.requestId, ip: ctx.ip, cookie: ctx.cookie, log: ctx.log, em };
}

/** Picks the locale from an Accept-Language header ('hi' when Hindi comes first). */
export function localeFromHeader(header: string | undefined): Locale {
  return header && /^\s*hi\b/i.test(header) ? 'hi' : 'en';
}

/**
 * The language of a request: the interface language the client names (`x-locale` over HTTP, the
 * `locale` connection parameter over WebSocket), else the browser's Accept-Language.
 */
export function requestLocale(given: unknown, acceptLanguage: string | undefined): Locale {
  return given === 'hi' || given === 'en' ? given : localeFromHeader(acceptLanguage);
}
