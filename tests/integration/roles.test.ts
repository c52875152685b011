import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { untilSubscribed, watchAccountEvents } from '../support/subscriptions.js';

/**
 * Several processes of one deployment: two api processes and a worker sharing one database and
 * one REDIS_PREFIX, as docker-compose scales them.
 */
let a: TestApp;
let b: AppHandle;
beforeAll(async () => {
  a = await startTestApp();
  // A second api process of the same deployment: same database, same Redis prefix, no worker (its own port).
  b = await startApp({ ...a.config, PORT: 0 }, { api: true, worker: false, log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A client of process `url` carrying `cookie` (the session store is shared). */
function clientOf(url: string, cookie: string | null) {
  const c = new ApiClient(url);
  c.cookie = cookie;
  return c;
}

describe('Redis pub/sub across two api processes sharing a prefix', () => {
  it('a subscriber on one process hears what the other publishes, both ways', async () => {
    const client = new ApiClient(a.url);
    const u = await registerAndLogin(a, client);
    const onB = watchAccountEvents(clientOf(b.url!, client.cookie));
    await untilSubscribed(a, u.user.uid, [onB]);
    const onA = watchAccountEvents(client);
    await untilSubscribed(b, u.user.uid, [onA]);
    await onA.ws.dispose();
    await onB.ws.dispose();
  });

  it('a password change on one process reaches, then closes, the sockets on the other (4401)', async () => {
    const client = new ApiClient(a.url);
    const u = await registerAndLogin(a, client);
    const onB = watchAccountEvents(clientOf(b.url!, client.cookie));
    await untilSubscribed(a, u.user.uid, [onB]);
    expect((await client.post('/auth/change-password', { current_password: u.password, new_password: 'N3w!password' })).status).toBe(200);
    await waitFor(() => onB.closeCode() !== null, 5000, 'the socket on the other process to close');
    expect(onB.closeCode()).toBe(4401);
    expect(onB.types()).toEqual(['PASSWORD_CHANGED']);
  });

  it('a logout on one process closes that session’s socket on the other, and only that one', async () => {
    const laptop = new ApiClient(a.url);
    const u = await registerAndLogin(a, laptop);
    const phone = new ApiClient(b.url!);
    expect((await phone.post('/auth/login', { username: u.username, password: u.password })).status).toBe(200);
    const laptopOnA = watchAccountEvents(laptop);
    const phoneOnA = watchAccountEvents(clientOf(a.url, phone.cookie));
    await untilSubscribed(b, u.user.uid, [laptopOnA, phoneOnA]);
    expect((await phone.post('/auth/logout')).status).toBe(200);
    await waitFor(() => phoneOnA.closeCode() !== null, 5000, "the phone session's socket to close");
    expect(phoneOnA.closeCode()).toBe(4401);
    // The laptop's session lives on: its socket still hears events.
    const before = laptopOnA.sub.events.length;
    await a.services.auth.publishAccountEvent(u.user.uid, 'STILL_HERE');
    await waitFor(() => laptopOnA.sub.events.length > before, 5000, 'the laptop socket to hear an event');
    expect(laptopOnA.closeCode()).toBeNull();
    await laptopOnA.ws.dispose();
  });
});

describe('the worker role', () => {
  it('serves /healthz and /readyz on WORKER_HEALTH_PORT, and stops serving them when it stops', async () => {
    const worker = await startApp({ ...a.config, WORKER_HEALTH_PORT: 0 }, { api: false, worker: true, log: pino({ level: 'silent' }) });
    const base = `http://127.0.0.1:${worker.port}`;
    try {
      expect(worker.url).toBeNull();
      const live = await fetch(`${base}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', search: 'ok', shuttingDown: false } });
      // Nothing else is served there.
      expect((await fetch(`${base}/graphql`, { method: 'POST' })).status).toBe(404);
    } finally {
      await worker.close();
    }
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('without WORKER_HEALTH_PORT a worker opens no port', async () => {
    const worker = await startApp({ ...a.config }, { api: false, worker: true, log: pino({ level: 'silent' }) });
    expect(worker.port).toBeNull();
    await worker.close();
  });
});
