import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../server/src/ws/ws-server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { expectGqlError, newCredentials, registerAndLogin } from '../support/accounts.js';
import { wsOnce } from '../support/subscriptions.js';

let app: TestApp;
beforeAll(async () => {
  // One code per client address a day, no resend cooldown: the client cap shows which address a request counted for.
  app = await startTestApp({ OTP_DAILY_CAP_PER_CLIENT: '1', OTP_RESEND_COOLDOWN_SECONDS: '0' });
});
afterAll(() => app?.close());

/** A graphql-ws client sending these headers with its upgrade request (and the client's cookie). */
function socket(client: ApiClient, headers: Record<string, string> = {}, connectionParams?: Record<string, unknown>): Client {
  const all = { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) };
  class HeaderSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: all });
    }
  }
  return createClient({ url: `${app.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: HeaderSocket, retryAttempts: 0, lazy: true, connectionParams });
}

/** The session keys in Redis (the pattern of KEYS is not prefixed by ioredis's keyPrefix). */
const sessionKeys = async () => (await app.infra.redis.pub.keys(`${app.config.REDIS_PREFIX}:sess:*`)).sort();

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { id } }';
const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) }';

describe('login and password change are HTTP-only', () => {
  it('refuses login over a socket before checking anything: no attempt counted, no session made', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    await client.post('/auth/logout');
    const sessionsBefore = await sessionKeys();
    const ws = socket(new ApiClient(app.url));
    // More wrong passwords than the account's throttle allows (5), then the right one.
    for (let i = 0; i < app.config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT + 1; i++) {
      const wrong = await wsOnce(ws, LOGIN, { input: { username: a.username, password: `Wrong!pass${i}` } });
      expectGqlError(wrong, 'BAD_REQUEST', /^Log in over HTTP/);
    }
    const right = await wsOnce(ws, LOGIN, { input: { username: a.username, password: a.password } });
    expect(right.data ?? null).toBeNull();
    expectGqlError(right, 'BAD_REQUEST', /^Log in over HTTP/);
    await ws.dispose();
    expect(await sessionKeys()).toEqual(sessionsBefore);
    // None of them counted: the right password still logs in over HTTP.
    const http = await client.post('/auth/login', { username: a.username, password: a.password });
    expect(http.status).toBe(200);
  });

  it("answers in the socket's language: the client's locale parameter, else Accept-Language", async () => {
    const input = { input: { username: 'someone', password: 'Whatever!1' } };
    const devanagari = /[\u0900-\u097F]/;
    const cases: Array<[Record<string, string>, Record<string, unknown> | undefined, boolean]> = [
      [{}, { locale: 'hi' }, true],
      [{ 'accept-language': 'hi-IN,hi;q=0.9' }, undefined, true],
      // The interface language the client names wins over the browser's.
      [{ 'accept-language': 'hi-IN,hi;q=0.9' }, { locale: 'en' }, false],
      [{}, { locale: 'fr' }, false],
    ];
    for (const [headers, params, hindi] of cases) {
      const ws = socket(new ApiClient(app.url), headers, params);
      const answer = await wsOnce(ws, LOGIN, input);
      await ws.dispose();
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
      const message = answer.errors?.[0]?.message ?? '';
      if (hindi) expect(message).toMatch(devanagari);
      else expect(message).toMatch(/^Log in over HTTP/);
    }
  });

  it('refuses a password change over a socket: the password and the sessions stay as they were', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const hashBefore = await app.sql<{ password_hash: string }>('select password_hash from users where id = $1', [a.user.uid]);
    const ws = socket(client);
    const res = await wsOnce(ws, CHANGE, { input: { currentPassword: a.password, newPassword: 'N3w!password' } });
    expectGqlError(res, 'BAD_REQUEST', /^Change the password over HTTP/);
    // The socket's own session is still alive (a change would have ended it).
    const me = await wsOnce<{ me: { id: string } | null }>(ws, '{ me { id } }');
    expect(me.data?.me?.id).toBe(a.user.uid);
    await ws.dispose();
    expect(await app.sql('select password_hash from users where id = $1', [a.user.uid])).toEqual(hashBefore);
    expect((await client.get('/auth/user')).status).toBe(200);
    const other = new ApiClient(app.url);
    expect((await other.post('/auth/login', { username: a.username, password: a.password })).status).toBe(200);
  });
});

describe('client address of a socket', () => {
  const SEND = 'mutation($input: SendEmailOtpInput!) { sendEmailOtp(input: $input) { status } }';

  it('honours X-Forwarded-For from a trusted proxy (TRUST_PROXY, loopback by default), as HTTP requests do', async () => {
    const creds = newCredentials();
    expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
    const viaA = socket(new ApiClient(app.url), { 'x-forwarded-for': '203.0.113.7' });
    const first = await wsOnce(viaA, SEND, { input: { email: creds.email } });
    expect(first.errors).toBeUndefined();
    // The cap is one code per client address: the second from 203.0.113.7 is refused ...
    expectGqlError(await wsOnce(viaA, SEND, { input: { email: creds.email } }), 'RATE_LIMITED');
    await viaA.dispose();
    // ... over HTTP too (the same address) ...
    const http = await new ApiClient(app.url, { 'x-forwarded-for': '203.0.113.7' }).gql(SEND, { input: { email: creds.email } });
    expectGqlError(http, 'RATE_LIMITED');
    // ... while another forwarded address has its own count.
    const viaB = socket(new ApiClient(app.url), { 'x-forwarded-for': '198.51.100.2' });
    expect((await wsOnce(viaB, SEND, { input: { email: creds.email } })).errors).toBeUndefined();
    await viaB.dispose();
  });

  it('computes the address exactly as express computes req.ip, for every TRUST_PROXY form', async () => {
    const cases: Array<[trust: string | number | boolean, xff: string | undefined]> = [
      ['loopback', undefined],
      ['loopback', '203.0.113.7'],
      ['loopback', '198.51.100.1, 203.0.113.7'],
      [false, '203.0.113.7'],
      [true, '198.51.100.1, 203.0.113.7'],
      [1, '198.51.100.1, 203.0.113.7'],
      [2, '198.51.100.1, 203.0.113.7'],
      ['127.0.0.1, 203.0.113.7', '198.51.100.1, 203.0.113.7'],
    ];
    for (const [trust, xff] of cases) {
      const server = express();
      server.set('trust proxy', trust);
      server.get('/', (req, res) => {
        res.json({ express: req.ip, socket: clientAddress(req, server.get('trust proxy fn')) });
      });
      const http = createServer(server);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`, { headers: xff ? { 'x-forwarded-for': xff } : {} });
      const body = (await res.json()) as { express: string; socket: string };
      await new Promise((resolve) => http.close(resolve));
      expect(body.socket, `${trust} / ${xff}`).toBe(body.express);
    }
  });
});
