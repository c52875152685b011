import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { AppHandle } from '../../server/src/app/server.js';
import type { TestApp } from './app.js';
import { collect, waitFor, type ApiClient, type GqlResult } from './client.js';

export interface AccountEventPayload {
  data?: { accountEvents: { type: string; at: string } } | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** A graphql-ws connection of one client and its `accountEvents` subscription, with the close code. */
export interface WatchedSocket {
  ws: Client;
  sub: ReturnType<typeof collect<AccountEventPayload>>;
  /** The WebSocket close code, once the server (or client) closed the socket. */
  closeCode: () => number | null;
  /** Types of the account events received so far (probes excluded). */
  types: () => string[];
}

export const PROBE_EVENT = 'TEST_PROBE';

/** Opens a socket with the client's current cookie and subscribes to `accountEvents`. */
export function watchAccountEvents(client: ApiClient): WatchedSocket {
  let code: number | null = null;
  const ws = client.ws({ onClose: (c) => (code = c) });
  const sub = collect<AccountEventPayload>(ws, 'subscription { accountEvents { type at } }');
  return {
    ws,
    sub,
    closeCode: () => code,
    types: () => sub.events.map((e) => e.data?.accountEvents.type ?? '').filter((t) => t && t !== PROBE_EVENT),
  };
}

/**
 * Waits until every socket's subscription is live on the server: publishes a probe account event
 * for the user until each subscription has received one (a publish before the server subscribed
 * would be lost, so a test must not act before this). `app` is the process that publishes: with
 * several api processes on one Redis prefix, the sockets may be on another one.
 */
export async function untilSubscribed(app: Pick<AppHandle, 'services'>, userId: string, sockets: WatchedSocket[]): Promise<void> {
  const hasProbe = (s: WatchedSocket) => s.sub.events.some((e) => e.data?.accountEvents.type === PROBE_EVENT);
  await waitFor(
    () => {
      if (sockets.every(hasProbe)) return true;
      void app.services.auth.publishAccountEvent(userId, PROBE_EVENT);
      return false;
    },
    5000,
    'account event subscriptions to start',
  );
}

/**
 * Tries a WebSocket upgrade on /graphql with the given headers; resolves with 'open' or the HTTP
 * status the server refused the upgrade with.
 */
export function tryUpgrade(app: TestApp, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    socket.on('open', () => {
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.on('error', (err) => reject(err));
  });
}

/** Runs one operation over a graphql-ws client and resolves with its first result. */
export function wsOnce<T = Record<string, unknown>>(ws: Client, query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>> {
  return new Promise((resolve, reject) => {
    ws.subscribe<T>({ query, variables }, { next: (r) => resolve(r as GqlResult<T>), error: reject, complete: () => {} });
  });
}
