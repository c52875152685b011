// Pieces the benchmarks share: percentiles, and the floor of a live delivery (buy-now.mjs, chat-live.mjs).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';

/** The p-th percentile of a list of numbers. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * A graphql-ws client on `baseUrl`'s /graphql as a signed-in browser's socket: the session `cookie`, and the page's
 * `origin` when given. `options` go to graphql-ws's createClient (no retries unless they say so).
 */
export function liveClient(baseUrl, { cookie, origin }, options = {}) {
  const headers = origin ? { cookie, origin } : { cookie };
  class CookieSocket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers });
    }
  }
  return createClient({ url: `${baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: CookieSocket, retryAttempts: 0, ...options });
}

/**
 * The floor of a live delivery: a Redis PUBLISH relayed by a subscriber to a raw WebSocket client,
 * one message at a time; answers the `count` latencies after `warmup` unmeasured ones.
 */
export async function liveFloor({ redisUrl, channel, count, warmup, payload }) {
  const pub = new Redis(redisUrl);
  const sub = new Redis(redisUrl);
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const sockets = new Set();
  wss.on('connection', (s) => sockets.add(s));
  await sub.subscribe(channel);
  sub.on('message', (_c, m) => sockets.forEach((s) => s.send(m)));
  const client = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
  await new Promise((res) => client.on('open', res));
  let waiting = null;
  client.on('message', () => waiting?.());
  const latencies = [];
  for (let i = 0; i < count + warmup; i++) {
    const got = new Promise((res) => (waiting = res));
    const t = performance.now();
    await pub.publish(channel, JSON.stringify(payload(i)));
    await got;
    if (i >= warmup) latencies.push(performance.now() - t);
  }
  client.close();
  wss.close();
  server.close();
  pub.disconnect();
  sub.disconnect();
  return latencies;
}

/**
 * A seller's new orders as their `orderEvents` subscription hears them: `seen` maps each order's id to when its
 * 'created' event came (performance.now()); `heard(id)` resolves once it has; `ready(buy)` buys (an order id per
 * call) until one is heard, so the subscription is known to listen.
 */
export function watchNewOrders(baseUrl, auth) {
  const seen = new Map();
  let onSeen = null;
  const ws = liveClient(baseUrl, auth);
  ws.subscribe({ query: 'subscription { orderEvents { type order { id } } }' }, {
    next: (v) => {
      const e = v.data?.orderEvents;
      if (e?.type === 'created') {
        seen.set(e.order.id, performance.now());
        onSeen?.();
      }
    },
    error: (e) => console.error('subscription error', e),
    complete: () => {},
  });
  const heard = async (id) => {
    while (!seen.has(id)) await new Promise((r) => (onSeen = r));
    return seen.get(id);
  };
  const ready = async (buy) => {
    for (;;) {
      const id = await buy();
      await new Promise((r) => setTimeout(r, 200));
      if (seen.has(id)) return;
    }
  };
  return { seen, heard, ready, dispose: () => ws.dispose() };
}
