import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GracefulClose } from '../graceful-close.js';
import { LINGER_MS, lingerBeforeClosing } from '../lingering-close.js';
import { DRAIN_LIMIT_BYTES, discardUnreadBody } from '../uploads.js';

/**
 * How a refused body's connection ends (issue 31): never by a reset that loses the client its answer.
 * A server of its own (express, as the api's), so the refusal can be answered at a chosen moment: the
 * whole app's refusals are checked in tests/integration/products-uploads.test.ts.
 */

const MB = 1024 * 1024;
const app = express();
let server: Server;
let port: number;
/** Requests the app was given, by path. */
const handled: string[] = [];
/** Refusals whose answer has been written. */
let answered = 0;

/** Waits (without a time limit of its own: the test's bounds it) until `done()` holds. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A server of the app whose connections end by a lingering close, listening. */
async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer(app);
  lingerBeforeClosing(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

beforeAll(async () => {
  const refuse = (res: Response) => {
    res.once('finish', () => answered++);
    res.status(413).json({ message: 'Too large' });
  };
  // Refused at once, the body left to the drain.
  app.post('/now', (req: Request, res: Response) => {
    handled.push(req.path);
    discardUnreadBody(req);
    refuse(res);
  });
  // Refused only once the drain has read its 16 MB and stopped reading (a slow answer).
  app.post('/late', (req: Request, res: Response) => {
    handled.push(req.path);
    discardUnreadBody(req);
    void until(() => req.isPaused() || req.socket.destroyed).then(() => refuse(res));
  });
  app.get('/next', (req: Request, res: Response) => {
    handled.push(req.path);
    res.json({ ok: true });
  });
  ({ server, port } = await listening());
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Outcome {
  answer: string;
  /** The connection's error (ECONNRESET, EPIPE), if any. */
  error: string | null;
  /** The server's FIN came (a clean end). */
  ended: boolean;
}

/**
 * Sends `head` and `body` without reading anything until all of it is written (a simple client), then
 * `after` if given, then reads to the end. With `keepSending`, goes on sending a byte every 20 ms
 * as it reads, also after the server's FIN (a client that never stops).
 */
function send(head: string, body: Buffer, opts: { after?: string; keepSending?: boolean; port?: number } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    // One that never stops sending does not stop at the server's FIN either (its side stays open).
    const socket = connect({ port: opts.port ?? port, host: '127.0.0.1', allowHalfOpen: !!opts.keepSending });
    socket.pause();
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let ended = false;
    let ticker: NodeJS.Timeout | undefined;
    socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
    socket.on('end', () => (ended = true));
    socket.on('close', () => {
      clearInterval(ticker);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), error, ended });
    });
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body, (err) => {
        if (err) return;
        if (opts.after) socket.write(opts.after);
        if (opts.keepSending) ticker = setInterval(() => socket.write('x', () => {}), 20);
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.resume();
      });
    });
  });
}

const post = (path: string, length: number) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

function expectRefused({ answer, error, ended }: Outcome) {
  expect({ error, ended }).toEqual({ error: null, ended: true });
  const [headers, json] = answer.split('\r\n\r\n');
  expect(headers).toMatch(/^HTTP\/1\.1 413 /);
  expect(headers).toMatch(/\r\nConnection: close\r\n/i);
  expect(JSON.parse(json)).toEqual({ message: 'Too large' });
}

describe('the close after a refused body', () => {
  it('lets a client that reads only after sending 40 MB read its answer and a clean end', async () => {
    expectRefused(await send(post('/now', 40 * MB), Buffer.alloc(40 * MB)));
  });

  it('does not close before a late answer once the drain has read its limit, and lingers after it', async () => {
    const size = DRAIN_LIMIT_BYTES + 8 * MB;
    expectRefused(await send(post('/late', size), Buffer.alloc(size)));
  });

  it('never runs a request sent after the refused body on the closing connection', async () => {
    handled.length = 0;
    const size = 24 * MB;
    const outcome = await send(post('/now', size), Buffer.alloc(size), { after: 'GET /next HTTP/1.1\r\nHost: x\r\n\r\n' });
    expectRefused(outcome);
    expect(outcome.answer.match(/HTTP\/1\.1/g)).toHaveLength(1);
    expect(handled).toEqual(['/now']);
  });

  it('closes the connection of a client that never stops sending (the linger is bounded), its answer read', async () => {
    const outcome = await send(post('/now', 40 * MB), Buffer.alloc(30 * MB), { keepSending: true });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('holds no shutdown longer than the linger: the drain finds the connection closed before its deadline', async () => {
    const other = await listening();
    const graceful = new GracefulClose(other.server);
    const before = answered;
    const outcome = send(post('/now', 40 * MB), Buffer.alloc(30 * MB), { keepSending: true, port: other.port });
    await until(() => answered > before);
    // A deadline well past LINGER_MS: the connection the client never stops sending on is closed by the
    // linger's bound, not destroyed by the drain at its deadline.
    expect(await graceful.drained(LINGER_MS * 5)).toBe(0);
    expect((await outcome).answer).toMatch(/^HTTP\/1\.1 413 /);
    await graceful.finish();
  });
});
