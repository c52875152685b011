import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An email an SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What the fake SMTP server answers to the n-th message (1-based): accept, or an SMTP error code. */
export type SmtpVerdict = (n: number) => { code: number; message: string } | null;

/**
 * A real SMTP server (the `smtp-server` package) on an ephemeral port, without TLS or AUTH, that
 * keeps every message it accepts; `verdict` can make it refuse some, and `hold` keeps it from
 * answering a message (the sender waits) until the promise it returns settles.
 */
export async function startSmtpServer(verdict: SmtpVerdict = () => null, opts: { hold?: () => Promise<void> } = {}) {
  const accepted: ReceivedMail[] = [];
  let attempts = 0;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (opts.hold) {
          held++;
          await opts.hold();
          held--;
        }
        attempts++;
        const refusal = verdict(attempts);
        if (refusal) {
          const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          return callback(err);
        }
        accepted.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    attempts: () => attempts,
    /** Messages received and not answered yet (waiting for `hold`). */
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A request the fake Twilio API received. */
export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
  status: number;
}

/**
 * A local HTTP server speaking Twilio's Messages API: checks the account path, basic auth and the
 * form-encoded body, answers 201 (or what `failWith(n)` says for the n-th request).
 */
export async function startTwilioServer(opts: { sid: string; token: string; failWith?: (n: number) => number | null }) {
  const requests: TwilioRequest[] = [];
  const expectedPath = `/2010-04-01/Accounts/${opts.sid}/Messages.json`;
  const expectedAuth = `Basic ${Buffer.from(`${opts.sid}:${opts.token}`).toString('base64')}`;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server: Server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const path = req.url ?? '';
    const wellFormed =
      req.method === 'POST' &&
      path === expectedPath &&
      req.headers.authorization === expectedAuth &&
      req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
      /^whatsapp:\+\d+$/.test(form.To ?? '') &&
      /^whatsapp:\+\d+$/.test(form.From ?? '') &&
      !!form.Body;
    const forced = opts.failWith?.(requests.length + 1) ?? null;
    const status = !wellFormed ? 400 : (forced ?? 201);
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], form, status });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 201 ? { sid: `SM${requests.length}`, status: 'queued' } : { code: 20001, message: wellFormed ? 'Try again' : 'Malformed request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    accepted: () => requests.filter((r) => r.status === 201),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
