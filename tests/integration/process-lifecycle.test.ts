import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, waitFor } from '../support/client.js';
import { newCredentials } from '../support/accounts.js';

/**
 * The real process, as `npm start` and the Dockerfile run it: `server/src/main.ts all` in a child
 * Node (TypeScript loaded by @oxc-node, the server's dev loader), with production settings, on its
 * own database and Redis prefix. It is stopped with SIGTERM.
 */

const root = path.resolve(import.meta.dirname, '../..');
const template = inject('templateDatabaseUrl');
const redisUrl = inject('redisUrl');
const adminUrl = template.replace(/\/[^/]*$/, '/postgres');
const templateName = new URL(template).pathname.slice(1);
const pid = /^bb_test_(\d+)_/.exec(templateName)?.[1] ?? String(process.pid);
const dbName = `bb_test_${pid}_p${randomBytes(5).toString('hex')}`;
const databaseUrl = template.replace(/\/[^/]*$/, `/${dbName}`);
const prefix = `t${randomBytes(5).toString('hex')}`;

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

let child: ChildProcess;
let url: string;
const stdout: string[] = [];
let stderr = '';
const smtp = heldSmtpServer();
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

/** A pino line of the process (the fields the tests read). */
type LogLine = { msg?: string; signal?: string; req?: { id?: string; method?: string; url?: string }; res?: { statusCode?: number } };

/** The JSON log lines the process wrote so far. */
const logLines = () =>
  stdout.flatMap((l) => {
    try {
      return [JSON.parse(l) as LogLine];
    } catch {
      return [];
    }
  });

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}" template "${templateName}"`);
  await admin.end();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.server.address() as AddressInfo).port;

  child = spawn(process.execPath, ['--import', '@oxc-node/core/register', 'server/src/main.ts', 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '4',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SEED_DEMO_DATA: 'false',
      UPLOAD_DIR: path.join('.data', 'test-uploads', prefix),
      OTP_SECRET: 'l'.repeat(40),
      MAIL_DRIVER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WHATSAPP_DRIVER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC-test',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_API_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    stdout.push(...lines);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}\n${stdout.join('\n')}`);
      const banner = stdout.map((l) => /Bol Bazaar is running at (http:\/\/\S+)$/.exec(l.trim())).find(Boolean);
      if (banner) url = banner[1].replace('localhost', '127.0.0.1');
      return !!banner;
    },
    45_000,
    'the server to start',
  );
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  smtp.release();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  await redis.quit();
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
    expect(stdout.join('\n')).not.toMatch(/bb_sid=/);
  });

  it(
    'on SIGTERM finishes the request in flight and the active job, closes everything, and exits 0',
    async () => {
      // A registration queues the email code; its delivery job stays active while the SMTP server holds the message.
      const creds = newCredentials();
      expect((await new ApiClient(url).post('/auth/register', creds)).status).toBe(201);
      await waitFor(() => smtp.holding() === 1, 15_000, 'the delivery job to reach the SMTP server');

      const send = await heldRequest(JSON.stringify({ query: '{ searchProducts(input: { query: "chair", limit: 1 }) { totalCount } }' }));
      child.kill('SIGTERM');
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
      expect(child.exitCode).toBeNull();
      smtp.release();
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(smtp.accepted).toEqual([creds.email.toLowerCase()]);

      // The job finished its work (the code is marked delivered) before the connections closed.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const rows = await db.query('select o.delivered_at from otp_codes o join users u on u.id = o.user_id where u.email = $1', [creds.email.toLowerCase()]);
      await db.end();
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0].delivered_at).not.toBeNull();
      expect(logLines().some((l) => l.msg === 'shutdown failed')).toBe(false);
      expect(stderr).toBe('');
    },
    60_000,
  );
});
