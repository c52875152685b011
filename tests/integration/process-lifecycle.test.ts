import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, waitFor } from '../support/client.js';
import { newCredentials } from '../support/accounts.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';

/**
 * The real process (tests/support/child-server.ts), with production settings, on its own database and
 * Redis prefix. It is stopped with SIGTERM.
 */

/** An SMTP server that holds every message until released: a delivery job stays active meanwhile. */
function heldSmtpServer() {
  const accepted: string[] = [];
  const waiting: Array<() => void> = [];
  let released = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const accept = () => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        };
        if (released) accept();
        else waiting.push(accept);
      });
    },
  });
  return {
    server,
    accepted,
    holding: () => waiting.length,
    release() {
      released = true;
      waiting.splice(0).forEach((accept) => accept());
    },
  };
}

const smtp = heldSmtpServer();
let server: ChildServer;
let url: string;
const logLines = () => server.logLines();

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.server.address() as AddressInfo).port;
  server = await startChildServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, WHATSAPP_DRIVER: 'twilio', TWILIO_ACCOUNT_SID: 'AC-test', TWILIO_AUTH_TOKEN: 'token', TWILIO_API_URL: 'http://127.0.0.1:9' },
  });
  url = server.url;
}, 60_000);

afterAll(async () => {
  await server?.cleanup();
  smtp.release();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

/**
 * Starts a POST /graphql whose body is held back: resolves once the server has taken the request
 * (it answered `100 Continue`), with a function that sends the body and resolves with the answer.
 */
function heldRequest(body: string): Promise<() => Promise<{ status: number; json: unknown }>> {
  return new Promise((resolveStarted, rejectStarted) => {
    const { hostname, port } = new URL(url);
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      });
      req.on('error', reject);
    });
    req.on('error', rejectStarted);
    req.on('continue', () =>
      resolveStarted(() => {
        req.end(body);
        return answer;
      }),
    );
    req.flushHeaders();
  });
}

describe('the process (production settings)', () => {
  it('logs each request with its request id', async () => {
    const res = await new ApiClient(url).request('GET', '/', undefined, { 'x-request-id': 'lifecycle-req-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lifecycle-req-1');
    await waitFor(() => logLines().some((l) => l.req?.id === 'lifecycle-req-1'), 5000, 'the request to be logged');
    const line = logLines().find((l) => l.req?.id === 'lifecycle-req-1')!;
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/' }, res: { statusCode: 200 } });
    // A request without one gets a fresh id, the same in its answer and its log line.
    const fresh = await new ApiClient(url).get('/');
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => logLines().some((l) => l.req?.id === id), 5000, 'the second request to be logged');
    // Cookies never reach the log.
    expect(server.stdout.join('\n')).not.toMatch(/bb_sid=/);
  });

  it(
    'on SIGTERM finishes the request in flight and the active job, closes everything, and exits 0',
    async () => {
      // A registration queues the email code; its delivery job stays active while the SMTP server holds the message.
      const creds = newCredentials();
      expect((await new ApiClient(url).post('/auth/register', creds)).status).toBe(201);
      await waitFor(() => smtp.holding() === 1, 15_000, 'the delivery job to reach the SMTP server');

      const send = await heldRequest(JSON.stringify({ query: '{ searchProducts(input: { query: "chair", limit: 1 }) { totalCount } }' }));
      server.child.kill('SIGTERM');
      await waitFor(() => logLines().some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'), 5000, 'the shutdown to begin');
      // New connections are refused from now on ...
      await waitFor(
        () => fetch(`${url}/healthz`).then(() => false, () => true),
        5000,
        'the listener to close',
      );
      // ... while the request already taken is answered (PostgreSQL still open).
      const answer = await send();
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ data: { searchProducts: { totalCount: 0 } } });

      // The process waits for the active job.
      await new Promise((r) => setTimeout(r, 300));
      expect(server.child.exitCode).toBeNull();
      smtp.release();
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(smtp.accepted).toEqual([creds.email.toLowerCase()]);

      // The job finished its work (the code is marked delivered) before the connections closed.
      const rows = await server.sql('select o.delivered_at from otp_codes o join users u on u.id = o.user_id where u.email = $1', [creds.email.toLowerCase()]);
      expect(rows).toHaveLength(1);
      expect(rows[0].delivered_at).not.toBeNull();
      expect(logLines().some((l) => l.msg === 'shutdown failed')).toBe(false);
      expect(server.stderr()).toBe('');
    },
    60_000,
  );
});
