import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'bb_sid';
/** The interface language the browser chose last (`en` | `hi`), set by the web app's language toggle: the language of a rendered page. */
export const LANGUAGE_COOKIE = 'bb_lang';

/** Reads one cookie from a request's Cookie header (HTTP and WebSocket upgrade requests alike). */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
