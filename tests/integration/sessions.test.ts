import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { expectGqlError, login, registerAndLogin, sessionSetCookie } from '../support/accounts.js';
import { tryUpgrade, untilSubscribed, watchAccountEvents, wsOnce } from '../support/subscriptions.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const NEW = 'N3w!password';

/** A fresh client carrying a given cookie, as a browser replaying an old cookie would. */
function withCookie(cookie: string | null): ApiClient {
  const c = new ApiClient(app.url);
  c.cookie = cookie;
  return c;
}

const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((p) => p.trim().split('=')[0].toLowerCase());

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, with a max age, and not Secure over plain http', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    await client.post('/auth/logout');
    const res = await client.post('/auth/login', { username: a.username, password: a.password });
    expect(res.status).toBe(200);
    const set = sessionSetCookie(res.headers);
    expect(set).toBeDefined();
    expect(set).toMatch(/; HttpOnly(;|$)/);
    expect(set).toMatch(/; SameSite=Lax(;|$)/);
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).toMatch(new RegExp(`; Max-Age=${app.config.SESSION_TTL_DAYS * 24 * 3600}(;|$)`));
    expect(attributes(set!)).not.toContain('secure');
    expect(set!.split(';')[0]).toMatch(/^bb_sid=[A-Za-z0-9_-]{43}$/);
  });

  it('is Secure behind a trusted proxy that forwards https (TRUST_PROXY defaults to loopback)', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const res = await client.request('POST', '/auth/login', { username: a.username, password: a.password }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(attributes(sessionSetCookie(res.headers)!)).toContain('secure');
    const out = await client.request('POST', '/auth/logout', {}, { 'x-forwarded-proto': 'https' });
    expect(attributes(sessionSetCookie(out.headers)!)).toContain('secure');
  });

  describe('other settings', () => {
    let secureApp: TestApp;
    let noProxyApp: TestApp;
    beforeAll(async () => {
      [secureApp, noProxyApp] = await Promise.all([startTestApp({ COOKIE_SECURE: 'true' }), startTestApp({ TRUST_PROXY: 'false' })]);
    });
    afterAll(async () => {
      await Promise.all([secureApp?.close(), noProxyApp?.close()]);
    });

    it('COOKIE_SECURE=true makes it Secure even over plain http', async () => {
      const client = new ApiClient(secureApp.url);
      const a = await registerAndLogin(secureApp, client);
      const res = await client.post('/auth/login', { username: a.username, password: a.password });
      expect(attributes(sessionSetCookie(res.headers)!)).toContain('secure');
    });

    it('without a trusted proxy, X-Forwarded-Proto is ignored', async () => {
      const client = new ApiClient(noProxyApp.url);
      const a = await registerAndLogin(noProxyApp, client);
      const res = await client.request('POST', '/auth/login', { username: a.username, password: a.password }, { 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(200);
      expect(attributes(sessionSetCookie(res.headers)!)).not.toContain('secure');
    });
  });
});

describe('session lifecycle', () => {
  it('rotates the session id at every login: the old cookie stops working', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const first = client.cookie;
    expect((await client.post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
    const second = client.cookie;
    expect(second).toMatch(/^bb_sid=/);
    expect(second).not.toBe(first);
    expect((await withCookie(first).get('/auth/user')).status).toBe(401);
    expect((await withCookie(second).get('/auth/user')).status).toBe(200);

    // Over GraphQL too.
    const g = await client.gql(`mutation($input: LoginInput!) { login(input: $input) { id } }`, { input: { username: a.username, password: a.password } });
    expect(g.errors).toBeUndefined();
    expect(client.cookie).not.toBe(second);
    expect((await withCookie(second).get('/auth/user')).status).toBe(401);
  });

  it('never adopts a session id chosen by the client (fixation)', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    await client.post('/auth/logout');
    const planted = 'bb_sid=planted-by-an-attacker-000000000000000000000';
    client.cookie = planted;
    expect((await client.post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
    expect(client.cookie).not.toBe(planted);
    expect((await withCookie(planted).get('/auth/user')).status).toBe(401);
  });

  it('logout destroys the session: the old cookie answers 401', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    const old = client.cookie;
    const res = await client.post('/auth/logout');
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res.headers)).toMatch(/Expires=Thu, 01 Jan 1970/);
    const replay = withCookie(old);
    expect((await replay.get('/auth/user')).status).toBe(401);
    expect((await replay.gql(`{ me { id } }`)).data?.me).toBeNull();
  });

  it('garbage, empty and oversized cookies are simply logged out', async () => {
    for (const cookie of ['bb_sid=', 'bb_sid=%E0%A4%A', `bb_sid=${'x'.repeat(5000)}`, 'bb_sid=a; bb_sid=b']) {
      const res = await withCookie(cookie).get('/auth/user');
      expect(res.status, cookie.slice(0, 20)).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a password change ends every other session; the changing client keeps going with a new cookie', async () => {
    const phone = new ApiClient(app.url);
    const a = await registerAndLogin(app, phone);
    const laptop = new ApiClient(app.url);
    expect((await login(app, laptop, a.username, a.password, a.email)).status).toBe(200);
    const phoneBefore = phone.cookie;
    const laptopBefore = laptop.cookie;

    const res = await phone.post('/auth/change-password', { current_password: a.password, new_password: NEW });
    expect(res.status).toBe(200);
    expect(phone.cookie).toMatch(/^bb_sid=/);
    expect(phone.cookie).not.toBe(phoneBefore);
    expect((await phone.get('/auth/user')).status).toBe(200);
    expect((await withCookie(phoneBefore).get('/auth/user')).status).toBe(401);
    expect((await laptop.get('/auth/user')).status).toBe(401);
    expect(laptop.cookie).toBe(laptopBefore);

    // Exactly one session of the user is left in the index.
    const members = await app.infra.redis.cmd.smembers(`usess:${a.user.uid}`);
    expect(members).toHaveLength(1);
  });

  it('Redis keeps only a hash of the session id, with the session lifetime', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const raw = client.cookie!.slice('bb_sid='.length);
    const hashed = createHash('sha256').update(raw).digest('base64url');
    const prefix = `${app.config.REDIS_PREFIX}:`;
    const redis = app.infra.redis.pub; // no key prefix
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toContain(`${prefix}sess:${hashed}`);
    for (const key of keys) {
      expect(key).not.toContain(raw);
      if ((await redis.type(key)) === 'string') expect(await redis.get(key)).not.toContain(raw);
    }
    expect(await redis.smembers(`${prefix}usess:${a.user.uid}`)).not.toContain(raw);
    const ttl = await redis.ttl(`${prefix}sess:${hashed}`);
    expect(ttl).toBeGreaterThan(app.config.SESSION_TTL_DAYS * 24 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(app.config.SESSION_TTL_DAYS * 24 * 3600);
  });
});

describe('WebSocket authentication', () => {
  it('refuses accountEvents without a session cookie (UNAUTHENTICATED)', async () => {
    const anon = watchAccountEvents(new ApiClient(app.url));
    await waitFor(() => anon.sub.isDone(), 5000, 'the refusal');
    expect(anon.sub.events).toHaveLength(1);
    expectGqlError(anon.sub.events[0], 'UNAUTHENTICATED', 'Log in to subscribe to account events');
    expect(anon.sub.events[0].data ?? null).toBeNull();
    await anon.ws.dispose();
  });

  it('refuses accountEvents with a cookie of an ended session', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    const old = client.cookie;
    await client.post('/auth/logout');
    const stale = watchAccountEvents(withCookie(old));
    await waitFor(() => stale.sub.isDone(), 5000, 'the refusal');
    expectGqlError(stale.sub.events[0], 'UNAUTHENTICATED');
    await stale.ws.dispose();
  });

  it('a password change pushes PASSWORD_CHANGED to every socket of the user, then closes them (4401)', async () => {
    const phone = new ApiClient(app.url);
    const a = await registerAndLogin(app, phone);
    const laptop = new ApiClient(app.url);
    expect((await login(app, laptop, a.username, a.password, a.email)).status).toBe(200);
    const stranger = new ApiClient(app.url);
    const s = await registerAndLogin(app, stranger);

    const phoneWs = watchAccountEvents(phone);
    const laptopWs = watchAccountEvents(laptop);
    const strangerWs = watchAccountEvents(stranger);
    await untilSubscribed(app, a.user.uid, [phoneWs, laptopWs]);
    await untilSubscribed(app, s.user.uid, [strangerWs]);

    expect((await phone.post('/auth/change-password', { current_password: a.password, new_password: NEW })).status).toBe(200);
    await waitFor(() => phoneWs.closeCode() !== null && laptopWs.closeCode() !== null, 5000, 'both sockets to close');
    // Both sockets belonged to sessions the change ended (the phone's own was replaced by a new one).
    expect(phoneWs.closeCode()).toBe(4401);
    expect(laptopWs.closeCode()).toBe(4401);
    expect(phoneWs.types()).toEqual(['PASSWORD_CHANGED']);
    expect(laptopWs.types()).toEqual(['PASSWORD_CHANGED']);
    const at = phoneWs.sub.events.find((e) => e.data?.accountEvents.type === 'PASSWORD_CHANGED')!.data!.accountEvents.at;
    expect(Number.isNaN(Date.parse(at))).toBe(false);

    // Another user's socket hears nothing and stays open.
    await new Promise((r) => setTimeout(r, 150));
    expect(strangerWs.types()).toEqual([]);
    expect(strangerWs.closeCode()).toBeNull();

    // The phone's new session can subscribe again.
    const again = watchAccountEvents(phone);
    await untilSubscribed(app, a.user.uid, [again]);
    expect(again.closeCode()).toBeNull();
    await Promise.all([again.ws.dispose(), strangerWs.ws.dispose()]);
  });

  it('logout closes the sockets of that session only', async () => {
    const phone = new ApiClient(app.url);
    const a = await registerAndLogin(app, phone);
    const laptop = new ApiClient(app.url);
    expect((await login(app, laptop, a.username, a.password, a.email)).status).toBe(200);
    const phoneWs = watchAccountEvents(phone);
    const laptopWs = watchAccountEvents(laptop);
    await untilSubscribed(app, a.user.uid, [phoneWs, laptopWs]);

    await phone.post('/auth/logout');
    await waitFor(() => phoneWs.closeCode() !== null, 5000, 'the logged-out socket to close');
    expect(phoneWs.closeCode()).toBe(4401);
    await new Promise((r) => setTimeout(r, 150));
    expect(laptopWs.closeCode()).toBeNull();
    await laptopWs.ws.dispose();
  });

  describe('with the periodic session sweep out of the way (WS_SESSION_SWEEP_SECONDS=0)', () => {
    // Only the immediate close can close these sockets in time: the sweep (every 5 s by default, in
    // production too) would otherwise close them too, and a broken immediate close would pass.
    let unswept: TestApp;
    beforeAll(async () => {
      unswept = await startTestApp({ WS_SESSION_SWEEP_SECONDS: '0' });
    });
    afterAll(() => unswept?.close());

    it("a logout or a password change closes the ended sessions' sockets within a second or two, not at a sweep", async () => {
      const phone = new ApiClient(unswept.url);
      const a = await registerAndLogin(unswept, phone);
      const laptop = new ApiClient(unswept.url);
      expect((await login(unswept, laptop, a.username, a.password, a.email)).status).toBe(200);
      const tablet = new ApiClient(unswept.url);
      expect((await login(unswept, tablet, a.username, a.password, a.email)).status).toBe(200);
      const [phoneWs, laptopWs, tabletWs] = [watchAccountEvents(phone), watchAccountEvents(laptop), watchAccountEvents(tablet)];
      await untilSubscribed(unswept, a.user.uid, [phoneWs, laptopWs, tabletWs]);
      // The laptop and the tablet keep their sockets open with order events only: the password change's own
      // account event (which also ends a subscription's socket) does not reach them.
      for (const w of [laptopWs, tabletWs]) {
        collect(w.ws, 'subscription { orderEvents { type } }');
        w.sub.dispose();
      }

      expect((await phone.post('/auth/logout')).status).toBe(200);
      await waitFor(() => phoneWs.closeCode() !== null, 2000, 'the logged-out socket to close');
      expect(phoneWs.closeCode()).toBe(4401);
      expect([laptopWs.closeCode(), tabletWs.closeCode()]).toEqual([null, null]);

      expect((await laptop.post('/auth/change-password', { current_password: a.password, new_password: NEW })).status).toBe(200);
      await waitFor(() => laptopWs.closeCode() !== null && tabletWs.closeCode() !== null, 2000, "the other sessions' sockets to close");
      expect([laptopWs.closeCode(), tabletWs.closeCode()]).toEqual([4401, 4401]);
    });
  });

  it('refuses an upgrade from a foreign Origin, accepts its own origin and no Origin', async () => {
    expect(await tryUpgrade(app, { origin: 'https://evil.example' })).toBe(403);
    expect(await tryUpgrade(app, { origin: 'null' })).toBe(403);
    expect(await tryUpgrade(app, { origin: app.url })).toBe('open');
    expect(await tryUpgrade(app, { origin: app.config.PUBLIC_URL })).toBe('open');
    expect(await tryUpgrade(app, {})).toBe('open');
  });

  it('answers queries and mutations over the socket with the codes of the HTTP door', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const ws = client.ws();
    const me = await wsOnce<{ me: { username: string } | null }>(ws, '{ me { username } }');
    expect(me.data?.me?.username).toBe(a.username);
    await ws.dispose();

    // (login and changePassword are HTTP-only: a socket cannot carry their cookie; ws-transport.test.ts.)
    const anon = new ApiClient(app.url).ws();
    const status = await wsOnce(anon, '{ whatsappStatus { whatsappVerified } }');
    expectGqlError(status, 'UNAUTHENTICATED');
    const badInput = await wsOnce(anon, 'mutation($input: RegisterInput!) { register(input: $input) { id } }', {
      input: { username: '', email: 'a@example.com', password: 'Str0ng!pass' },
    });
    expectGqlError(badInput, 'BAD_USER_INPUT', /username/);
    const badVariables = await wsOnce(anon, 'mutation($input: RegisterInput!) { register(input: $input) { id } }', { input: { username: 1 } });
    expectGqlError(badVariables, 'BAD_USER_INPUT');
    await expect(wsOnce(anon, '{ nosuchfield }')).rejects.toEqual([expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })]);
    await anon.dispose();
  });
});
