import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push request as the local push service received it, checked and decrypted. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID token's claims (RFC 8292), once its ES256 signature checked out against `k`. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** The payload, decrypted per RFC 8291 (aes128gcm) with the subscription's private key and auth secret. */
  text: string;
}

/** A browser's side of a subscription: the keys it made, and what it hands the server. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

const b64u = (buf: Buffer) => buf.toString('base64url');

/**
 * A local Web Push service for tests only (RFC 8030): it accepts our POST, checks the VAPID header (RFC 8292) and
 * decrypts the body (RFC 8291 over RFC 8188), as a browser's push service and the browser would. It answers
 * `status` (201 by default; 404/410 to say a subscription is gone).
 */
export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  /** Requests that failed the checks (with why). */
  readonly refused: string[] = [];
  status = 201;
  private readonly subs = new Map<string, TestSubscription>();
  private server!: Server;
  origin = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          this.received.push(this.check(req.url ?? '', req.headers, Buffer.concat(chunks)));
          res.writeHead(this.status).end();
        } catch (err) {
          this.refused.push((err as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A new device's subscription at this service. */
  subscription(): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const sub = { endpoint: `${this.origin}/push/${b64u(randomBytes(12))}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) }, ecdh, authSecret };
    this.subs.set(new URL(sub.endpoint).pathname, sub);
    return sub;
  }

  /** The decrypted payloads received for a subscription, parsed as JSON. */
  payloadsOf(sub: TestSubscription): Array<Record<string, string>> {
    const path = new URL(sub.endpoint).pathname;
    return this.received.filter((r) => r.path === path).map((r) => JSON.parse(r.text) as Record<string, string>);
  }

  private check(path: string, headers: ReceivedPush['headers'], body: Buffer): ReceivedPush {
    const sub = this.subs.get(path);
    if (!sub) throw new Error(`no subscription at ${path}`);
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
    if (!/^\d+$/.test(String(headers.ttl))) throw new Error('no TTL');
    return { path, headers, vapid: checkVapid(String(headers.authorization ?? ''), this.origin), text: decrypt(body, sub) };
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 by that key, for this origin, expiring within 24 h. */
function checkVapid(authorization: string, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`authorization ${authorization}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (c.aud !== origin) throw new Error(`aud ${c.aud}`);
  const now = Date.now() / 1000;
  if (!(c.exp > now && c.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${c.exp}`);
  return { ...c, publicKey: match[2]! };
}

/** RFC 8291 / RFC 8188: one aes128gcm record, keyed by ECDH with the sender's key and the auth secret. */
function decrypt(body: Buffer, sub: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}
