import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitFor } from '../support/client.js';

/**
 * Sockets' keep-alive (docs/architecture.md#live-events): every socket is pinged every
 * WS_KEEP_ALIVE_SECONDS, the pings spread over that time; a peer that has not answered a ping by
 * its next one is dropped, one that answers stays open.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ WS_KEEP_ALIVE_SECONDS: '1' }, { worker: false });
});

afterAll(async () => {
  await app?.close();
});

/** A graphql-ws socket, acknowledged; `autoPong: false` plays a peer that is gone without a word. */
async function socket(autoPong: boolean) {
  const ws = new WebSocket(app.url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws', { autoPong });
  let pings = 0;
  let closed: number | null = null;
  ws.on('ping', () => pings++);
  ws.on('close', (code) => (closed = code));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  return { ws, pings: () => pings, closed: () => closed };
}

describe('WebSocket keep-alive', () => {
  it('drops a socket that does not answer its ping by the next one, and keeps one that does', async () => {
    const [silent, alive] = await Promise.all([socket(false), socket(true)]);
    await waitFor(() => silent.closed() !== null, 5000, 'the silent socket to be dropped');
    // Dropped without a close frame (the peer is presumed gone): 1006 on this side.
    expect(silent.closed()).toBe(1006);
    expect(silent.pings()).toBeGreaterThanOrEqual(1);
    // The answering one has had its pings too and is still open.
    await waitFor(() => alive.pings() >= 3, 5000, 'three pings');
    expect(alive.closed()).toBeNull();
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    alive.ws.close();
  });
});
