import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows } from '../support/accounts.js';
import { makeImage } from '../factories/images.js';
import { productBody } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * An upload refused while its body is still arriving must never take the process down. Busboy,
 * destroyed while one of its file streams is still open, emits 'error' on that stream; with no
 * listener that was an uncaught exception that killed the server (one request with six gallery files
 * did it about one time in five). Here every kind of refusal is sent hundreds of times, in every
 * chunking, from clients that send at once, slowly, or abort half-way; the app runs in this process,
 * so an uncaught error fails the file, and afterwards it must still answer and hold nothing written.
 */

let app: TestApp;
let seller: Seller;
let photo: Buffer;
let port: number;
/** Uncaught exceptions while this file runs (each would have stopped a real server). */
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  app = await startTestApp();
  seller = await createSeller(app);
  photo = await makeImage();
  port = Number(new URL(app.url).port);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await app?.close();
});

const BOUNDARY = 'raceboundary';

function part(name: string, value: Buffer | string, filename?: string, type = 'image/jpeg'): Buffer {
  const head = filename
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
    : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from('\r\n')]);
}
const closing = () => Buffer.from(`--${BOUNDARY}--\r\n`);

/** Bodies refused at different points: an extra file, an unknown file field, an unknown text field, a file of a refused type. */
function bodies(): Record<string, Buffer> {
  const product = part('product', JSON.stringify(productBody()));
  const thumb = part('thumbnail', photo, 't.jpg');
  const gallery = (n: number) => Array.from({ length: n }, (_, i) => part('gallery', photo, `g${i}.jpg`));
  return {
    sixGallery: Buffer.concat([product, thumb, ...gallery(6), closing()]),
    sixGalleryFirst: Buffer.concat([...gallery(6), thumb, product, closing()]),
    unknownFileField: Buffer.concat([thumb, part('avatar', photo, 'a.jpg'), ...gallery(2), product, closing()]),
    unknownTextField: Buffer.concat([thumb, part('gallery', photo, 'g.jpg'), part('colour', 'red'), ...gallery(2), closing()]),
    refusedType: Buffer.concat([thumb, part('gallery', Buffer.from('<!DOCTYPE html><html></html>'), 'x.jpg'), ...gallery(3), closing()]),
  };
}

interface Outcome {
  status: number | null;
  /** The client hung up before any answer came (an abort). */
  aborted: boolean;
}

/**
 * Sends one request over a raw socket: the body in `chunks` pieces, with `delayMs` between pieces
 * (a slow client), optionally stopping after `abortAfter` pieces (the client goes away mid-body).
 */
function send(body: Buffer, opts: { chunks: number; delayMs: number; abortAfter?: number }): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(o);
    };
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (m && answer.includes('\r\n\r\n')) finish({ status: Number(m[1]), aborted: false });
    });
    socket.on('error', () => finish({ status: null, aborted: true }));
    socket.on('close', () => finish({ status: null, aborted: true }));
    socket.on('connect', async () => {
      socket.write(
        `POST /seller/products/create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${seller.client.cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      const size = Math.ceil(body.length / opts.chunks);
      for (let i = 0; i < opts.chunks && !done; i++) {
        if (opts.abortAfter !== undefined && i === opts.abortAfter) return finish({ status: null, aborted: true });
        socket.write(body.subarray(i * size, (i + 1) * size));
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        else if (i % 4 === 3) await new Promise((r) => setImmediate(r));
      }
    });
    setTimeout(() => finish({ status: null, aborted: true }), 20_000).unref();
  });
}

async function alive() {
  const res = await fetch(`${app.url}/healthz`);
  expect(res.status).toBe(200);
  expect(uncaught).toEqual([]);
}

describe('uploads refused mid-body', () => {
  it('survives hundreds of refusals at every point of the body, and writes nothing', async () => {
    const all = bodies();
    const before = { products: await countRows(app, 'products'), events: await countRows(app, 'outbox_events') };
    const statuses = new Map<string, number>();
    let sent = 0;
    for (let round = 0; round < 12; round++) {
      const batch: Promise<Outcome>[] = [];
      for (const [name, body] of Object.entries(all)) {
        for (const chunks of [1, 3, 17, 64]) {
          batch.push(
            send(body, { chunks, delayMs: 0 }).then((o) => {
              statuses.set(`${name}:${o.status}`, (statuses.get(`${name}:${o.status}`) ?? 0) + 1);
              return o;
            }),
          );
        }
        // A client that goes away mid-body, at a different point each round.
        batch.push(send(body, { chunks: 24, delayMs: 0, abortAfter: 1 + (round % 20) }));
      }
      sent += batch.length;
      const outcomes = await Promise.all(batch);
      expect(outcomes.filter((o) => o.status !== null && o.status >= 500)).toEqual([]);
      await alive();
    }
    // Every complete request got its 4xx (never a 5xx, never a dropped connection).
    for (const [key, n] of statuses) expect([key, n]).toEqual([expect.stringMatching(/:4\d\d$/), n]);
    expect(sent).toBeGreaterThanOrEqual(300);
    await alive();
    expect({ products: await countRows(app, 'products'), events: await countRows(app, 'outbox_events') }).toEqual(before);
  }, 120_000);

  it('survives slow clients refused mid-body', async () => {
    const { sixGallery, unknownFileField } = bodies();
    const outcomes = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(sixGallery, { chunks: 40, delayMs: 5 + i })),
      ...Array.from({ length: 6 }, (_, i) => send(unknownFileField, { chunks: 40, delayMs: 5 + i, abortAfter: 10 + i * 4 })),
    ]);
    for (const o of outcomes.slice(0, 6)) expect(o.status).toBe(400);
    await alive();
  }, 60_000);
});
