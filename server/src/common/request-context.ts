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

export function createRequestContext(parts: {
  em: EntityManager;
  log: Logger;
  requestId: string;
  viewer?: Viewer | null;
  locale?: string | null;
  ip?: string;
  cookie?: SessionCookie;
}): RequestContext {
  // The entity manager and the logger are made on first use: a live subscription holds its context
  // for the socket's life and mostly never needs them (each event forks its own), so 10,000 open
  // subscriptions do not each keep an identity map and a child logger.
  let em: EntityManager | undefined;
  let log: Logger | undefined;
  return {
    get em() {
      return (em ??= parts.em.fork());
    },
    viewer: parts.viewer ?? null,
    locale: parts.locale === 'hi' ? 'hi' : 'en',
    requestId: parts.requestId,
    ip: parts.ip ?? 'system',
    get log() {
      return (log ??= parts.log.child({ reqId: parts.requestId }));
    },
    cookie: parts.cookie ?? noCookie,
  };
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
