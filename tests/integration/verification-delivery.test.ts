import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { newCredentials, registerAndLogin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { startSmtpServer, startTwilioServer, type SmtpVerdict } from '../support/fake-providers.js';
import { latestCode } from '../support/otp.js';

const SID = 'AC0123456789abcdef';
const TOKEN = 'test-auth-token';

/** The otp id (from the database) of the newest code sent to an address. */
async function otpIdOf(app: TestApp, address: string): Promise<string> {
  const [row] = await app.sql<{ id: string }>('select id from otp_codes where address = $1 order by requested_at desc, id desc limit 1', [address]);
  return row.id;
}

async function deliveryJobs(app: TestApp, otpId: string): Promise<Job[]> {
  const jobs = await app.infra.queues.queue('otp-delivery').getJobs(['completed', 'failed']);
  return jobs.filter((j) => j.data.otpId === otpId);
}

describe('delivery through real transports (SMTP server and a Twilio-compatible API started here)', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  let smtpPlan: SmtpVerdict = () => null;
  let twilioPlan: (n: number) => number | null = () => null;

  beforeAll(async () => {
    smtp = await startSmtpServer((n) => smtpPlan(n));
    twilio = await startTwilioServer({ sid: SID, token: TOKEN, failWith: (n) => twilioPlan(n) });
    app = await startTestApp({
      MAIL_DRIVER: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Bol Bazaar <codes@bolbazaar.test>',
      WHATSAPP_DRIVER: 'twilio',
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      OTP_DAILY_CAP_PER_CLIENT: '1000',
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await twilio?.close();
  });

  /** Registers over REST and waits for the worker; returns the credentials and the SMTP messages to them. */
  async function registerAndDeliver() {
    const creds = newCredentials();
    expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
    await app.drain();
    return { creds, mails: smtp.accepted.filter((m) => m.to.includes(creds.email)) };
  }

  const codeInMail = (raw: string) => /Your verification code is (\d{6})/.exec(raw)?.[1];

  it('the worker sends the registration code by SMTP; the code verifies', async () => {
    smtpPlan = () => null;
    const { creds, mails } = await registerAndDeliver();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.from).toBe('codes@bolbazaar.test');
    expect(mail.raw).toMatch(/^Subject: Your Bol Bazaar verification code/m);
    const otpId = await otpIdOf(app, creds.email);
    expect(mail.raw).toContain(`Message-ID: <${otpId}@bolbazaar>`);
    const code = codeInMail(mail.raw)!;
    expect(code).toMatch(/^\d{6}$/);
    const res = await new ApiClient(app.url).post('/auth/verify-email-otp', { email: creds.email, otp: code });
    expect(res.status).toBe(200);
    // Nothing went to the development outbox: the driver is SMTP.
    expect(await app.sql('select 1 from dev_outbox_messages')).toHaveLength(0);
  });

  it('a temporary SMTP failure is retried with backoff, and the code is sent once', async () => {
    const start = smtp.attempts();
    smtpPlan = (n) => (n === start + 1 ? { code: 451, message: 'Try again later' } : null);
    const { creds, mails } = await registerAndDeliver();
    expect(smtp.attempts() - start).toBe(2);
    expect(mails).toHaveLength(1);
    const [job] = await deliveryJobs(app, await otpIdOf(app, creds.email));
    expect(job.attemptsMade).toBe(2);
    expect(job.returnvalue).toBe('delivered');
    expect((await new ApiClient(app.url).post('/auth/verify-email-otp', { email: creds.email, otp: codeInMail(mails[0].raw) })).status).toBe(200);
  });

  it('a job run again after a successful delivery sends nothing', async () => {
    smtpPlan = () => null;
    const { creds } = await registerAndDeliver();
    const otpId = await otpIdOf(app, creds.email);
    const before = smtp.accepted.length;
    await app.infra.queues.queue('otp-delivery').add('otp.requested', { otpId }, { jobId: `again-${otpId}` });
    await app.drain();
    expect(smtp.accepted.length).toBe(before);
    const again = (await deliveryJobs(app, otpId)).find((j) => j.id === `again-${otpId}`);
    expect(again?.returnvalue).toBe('already_delivered');
  });

  it('a permanent SMTP refusal is not retried', async () => {
    const start = smtp.attempts();
    smtpPlan = (n) => (n === start + 1 ? { code: 550, message: 'No such user' } : null);
    const { creds, mails } = await registerAndDeliver();
    expect(mails).toHaveLength(0);
    expect(smtp.attempts() - start).toBe(1);
    const [job] = await deliveryJobs(app, await otpIdOf(app, creds.email));
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/SMTP refused the message \(550\)/);
    expect((await app.sql('select delivered_at from otp_codes where id = $1', [await otpIdOf(app, creds.email)]))[0].delivered_at).toBeNull();
  });

  it('WhatsApp: the Twilio request format, a retry after a 5xx, one message', async () => {
    smtpPlan = () => null;
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    const first = twilio.requests.length;
    twilioPlan = (n) => (n === first + 1 ? 503 : null);
    const res = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: '+91 98765 43210' });
    expect(res.status).toBe(200);
    await app.drain();

    const mine = twilio.requests.slice(first);
    expect(mine.map((r) => r.status)).toEqual([503, 201]);
    for (const r of mine) {
      expect(r.method).toBe('POST');
      expect(r.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(r.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
      expect(r.contentType).toBe('application/x-www-form-urlencoded');
      expect(r.form.To).toBe('whatsapp:+919876543210');
      expect(r.form.From).toBe('whatsapp:+14155238886');
    }
    expect(mine[0].form.Body).toBe(mine[1].form.Body); // the same code again, never a second one
    const code = /code is (\d{6})/.exec(mine[1].form.Body)![1];
    const verified = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: '+919876543210', otp: code });
    expect(verified.status).toBe(200);
  });

  it('WhatsApp: a 4xx from the provider (a number outside the sandbox) is not retried', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    const first = twilio.requests.length;
    twilioPlan = (n) => (n === first + 1 ? 400 : null);
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: '+919876543299' })).status).toBe(200);
    await app.drain();
    expect(twilio.requests.length - first).toBe(1);
    const [job] = await deliveryJobs(app, await otpIdOf(app, '+919876543299'));
    expect(job.failedReason).toMatch(/WhatsApp provider answered 400/);
  });
});

describe('daily caps per address and per client', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ OTP_DAILY_CAP_PER_ADDRESS: '3', OTP_DAILY_CAP_PER_CLIENT: '6' });
  });
  afterAll(() => app?.close());

  it('refuses the fourth code to one number and the seventh from one client in 24 hours; registration is never refused', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client); // its email code is the client's first of the day
    const send = (n: string) => client.post('/auth/send-whatsapp-otp', { whatsapp_number: n });
    const A = '+919811111111';
    const B = '+919822222222';
    for (let i = 0; i < 3; i++) {
      expect((await send(A)).status).toBe(200);
      app.clock.advance(60_000);
    }
    const capped = await send(A);
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many codes were sent to this number today. Please try again later.',
      details: { otpStatus: 'daily_limit', retryAfterSeconds: 24 * 3600 - 3 * 60 },
    });
    expect((await send(B)).status).toBe(200);
    app.clock.advance(60_000);
    expect((await send(B)).status).toBe(200);
    app.clock.advance(60_000);
    const clientCapped = await send(B);
    expect(clientCapped.status).toBe(429);
    expect(clientCapped.body.message).toBe('Too many codes were requested from this device today. Please try again later.');
    const before = await app.sql('select id from otp_codes');

    // Another client (address from the trusted proxy) is not affected by this client's cap.
    const elsewhere = new ApiClient(app.url, { 'x-forwarded-for': '203.0.113.7' });
    elsewhere.cookie = client.cookie;
    expect((await elsewhere.post('/auth/send-whatsapp-otp', { whatsapp_number: '+919833333333' })).status).toBe(200);

    // Registration still works (and sends its code) from the capped client.
    const creds = newCredentials();
    expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
    expect(await latestCode(app, creds.email)).toMatch(/^\d{6}$/);
    expect((await app.sql('select id from otp_codes')).length).toBe(before.length + 2);

    // A day later the window has moved on.
    app.clock.advance(24 * 3600 * 1000);
    expect((await send(A)).status).toBe(200);
  });
});

describe('production (SMTP mail, WhatsApp off: the development outbox is refused there)', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({
      NODE_ENV: 'production',
      OTP_SECRET: 'a-production-secret-of-at-least-32-chars!',
      MAIL_DRIVER: 'smtp',
      SMTP_URL: smtp.url,
      WHATSAPP_DRIVER: 'off',
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('has no development outbox', async () => {
    const res = await new ApiClient(app.url).get('/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('mails the registration code by SMTP and says WhatsApp is not available', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    await app.drain();
    expect(smtp.accepted).toHaveLength(1);
    expect((await client.get('/auth/whatsapp-status')).body.available).toBe(false);
    const res = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: '+919876543210' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('WhatsApp verification is not available right now');
  });
});

describe('two runs of one delivery job at once', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    smtp = await startSmtpServer(() => null, { hold: () => gate });
    app = await startTestApp({ MAIL_DRIVER: 'smtp', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    release();
    await app?.close();
    await smtp?.close();
  });

  it('send one message: the second run waits for the first (a lease), then finds the code delivered', async () => {
    const creds = newCredentials();
    // Keep the registration's event in the outbox: only the two runs below deliver the code.
    await app.infra.relay.stop();
    expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
    const otpId = await otpIdOf(app, creds.email);
    gate = new Promise((resolve) => (release = resolve));
    const queue = app.infra.queues.queue('otp-delivery');
    await Promise.all([queue.add('otp.requested', { otpId }, { jobId: `twin-a-${otpId}` }), queue.add('otp.requested', { otpId }, { jobId: `twin-b-${otpId}` })]);

    // One run is inside the SMTP exchange; the other was turned away by the lease and waits to retry.
    await waitFor(async () => smtp.held() === 1, 10_000, 'one run to reach the SMTP server');
    const twins = async () => Promise.all([`twin-a-${otpId}`, `twin-b-${otpId}`].map((id) => queue.getJob(id)));
    await waitFor(async () => (await Promise.all((await twins()).map((j) => j!.getState()))).includes('delayed'), 10_000, 'the second run to be refused');
    expect(smtp.held()).toBe(1);

    release();
    await app.infra.relay.start();
    await app.drain();
    expect(smtp.accepted.filter((m) => m.to.includes(creds.email))).toHaveLength(1);
    const outcomes = (await twins()).map((j) => j!.returnvalue).sort();
    expect(outcomes).toEqual(['already_delivered', 'delivered']);
    expect((await twins()).map((j) => j!.attemptsMade).sort()).toEqual([1, 2]);
  });
});

describe('a code never appears in the logs', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    twilio = await startTwilioServer({ sid: SID, token: TOKEN });
    const overrides = {
      LOG_LEVEL: 'trace',
      MAIL_DRIVER: 'smtp',
      SMTP_URL: smtp.url,
      WHATSAPP_DRIVER: 'twilio',
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
    };
    // The app's own pino logger at trace level, writing to memory instead of stdout.
    app = await startTestApp(overrides, { log: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await twilio?.close();
  });

  it('through register, a wrong code, verification, a WhatsApp send and verification (REST and GraphQL), at trace level', async () => {
    const client = new ApiClient(app.url);
    const creds = newCredentials();
    expect((await client.post('/auth/register', creds)).status).toBe(201);
    await app.drain();
    const emailCode = /Your verification code is (\d{6})/.exec(smtp.accepted.find((m) => m.to.includes(creds.email))!.raw)![1];
    const wrong = emailCode === '000000' ? '111111' : '000000';
    expect((await client.post('/auth/verify-email-otp', { email: creds.email, otp: wrong })).status).toBe(400);
    const verified = await client.gql('mutation($input: VerifyEmailOtpInput!) { verifyEmailOtp(input: $input) { status } }', {
      input: { email: creds.email, otp: emailCode },
    });
    expect(verified.errors).toBeUndefined();
    expect((await client.post('/auth/login', { username: creds.username, password: creds.password })).status).toBe(200);

    const phone = '+919812300001';
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    await app.drain();
    const waCode = /code is (\d{6})/.exec(twilio.accepted().at(-1)!.form.Body)![1];
    expect((await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: waCode })).status).toBe(200);

    const log = lines.join('');
    // The logs were captured (everything from trace up) about these very requests and deliveries.
    expect(log).toContain('verification code delivered');
    expect(log).toContain('/auth/verify-whatsapp-otp');
    for (const code of [emailCode, wrong, waCode]) expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  });
});
