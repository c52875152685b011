import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectGqlError, firstError, newCredentials, registerAndLogin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { latestCode, outbox } from '../support/otp.js';

const DAY_S = 24 * 3600;
const SEND_EMAIL = `mutation($input: SendEmailOtpInput!) { sendEmailOtp(input: $input) { status } }`;
const SEND_WA = `mutation($input: SendWhatsappOtpInput!) { sendWhatsappOtp(input: $input) { status sandbox { joinPhrase number } } }`;
const WA_STATUS = `{ whatsappStatus { available sandbox { joinPhrase number } } }`;

let phoneSeq = 0;
const newPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

// TRUST_PROXY defaults to loopback: X-Forwarded-For from the test process is the client address.
let ipSeq = 1;
const freshIp = () => `198.51.100.${ipSeq++}`;
const from = (app: TestApp, ip: string) => new ApiClient(app.url, { 'x-forwarded-for': ip });

/** A logged-in client at an address of its own (registration's code counts for that address). */
async function account(app: TestApp) {
  const client = from(app, freshIp());
  const creds = await registerAndLogin(app, client);
  return { client, creds };
}

/** The same session seen from another client address. */
function sameSessionFrom(app: TestApp, client: ApiClient, ip: string): ApiClient {
  const other = from(app, ip);
  other.cookie = client.cookie;
  return other;
}

describe('limits that outlive the account, daily cap of the email channel, sandbox from configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      OTP_DAILY_CAP_PER_ADDRESS: '3',
      OTP_DAILY_CAP_PER_CLIENT: '1000',
      WHATSAPP_SANDBOX_JOIN_PHRASE: 'join quiet-river',
      WHATSAPP_SANDBOX_NUMBER: '+15557654321',
    });
  });
  afterAll(() => app?.close());

  it('the email channel has its daily cap too: registration plus two resends, then refused (REST and GraphQL), nothing written', async () => {
    const client = from(app, freshIp());
    const creds = newCredentials();
    expect((await client.post('/auth/register', creds)).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      app.clock.advance(60_000);
      expect((await client.post('/auth/send-email-otp', { email: creds.email })).status).toBe(200);
    }
    app.clock.advance(60_000);
    const codes = await countRows(app, 'otp_codes');
    const capped = await client.post('/auth/send-email-otp', { email: creds.email });
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many codes were sent to this email today. Please try again later.',
      details: { otpStatus: 'daily_limit', retryAfterSeconds: DAY_S - 3 * 60 },
    });
    const gql = await from(app, freshIp()).gql(SEND_EMAIL, { input: { email: creds.email } });
    expectGqlError(gql, 'RATE_LIMITED', 'Too many codes were sent to this email today. Please try again later.');
    expect(firstError(gql).extensions?.details).toMatchObject({ otpStatus: 'daily_limit' });
    expect(await countRows(app, 'otp_codes')).toBe(codes);
    // The three codes sent still work: the newest verifies.
    expect((await client.post('/auth/verify-email-otp', { email: creds.email, otp: await latestCode(app, creds.email) })).status).toBe(200);
  });

  it('register, send codes to a victim, delete the account, repeat: the daily cap of the number holds', async () => {
    const victim = newPhone();
    const first = await account(app);
    for (let i = 0; i < 3; i++) {
      expect((await first.client.post('/auth/send-whatsapp-otp', { whatsapp_number: victim })).status).toBe(200);
      app.clock.advance(60_000);
    }
    expect((await first.client.post('/auth/send-whatsapp-otp', { whatsapp_number: victim })).body.details.otpStatus).toBe('daily_limit');
    expect((await first.client.post('/auth/delete-account', { password: first.creds.password })).status).toBe(200);
    expect(await app.sql('select 1 from otp_codes where address = $1', [victim])).toHaveLength(0);

    // A new account, from a new address, with the same email even: still refused.
    const again = from(app, freshIp());
    await registerAndLogin(app, again, { email: first.creds.email });
    const refused = await again.post('/auth/send-whatsapp-otp', { whatsapp_number: victim });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: 'Too many codes were sent to this number today. Please try again later.', details: { otpStatus: 'daily_limit' } });
    expect(await app.sql('select 1 from otp_codes where address = $1', [victim])).toHaveLength(0);
    expect(await outbox(app, victim)).toHaveLength(0);

    // A day after the first code the window has moved on.
    app.clock.advance(DAY_S * 1000);
    expect((await again.post('/auth/send-whatsapp-otp', { whatsapp_number: victim })).status).toBe(200);
  });

  it('deleting the account does not reset the resend cooldown', async () => {
    const number = newPhone();
    const a = await account(app);
    expect((await a.client.post('/auth/send-whatsapp-otp', { whatsapp_number: number })).status).toBe(200);
    expect((await a.client.post('/auth/delete-account', { password: a.creds.password })).status).toBe(200);

    const b = await account(app);
    const early = await b.client.post('/auth/send-whatsapp-otp', { whatsapp_number: number });
    expect(early.status).toBe(429);
    expect(early.body.details).toEqual({ otpStatus: 'cooldown', retryAfterSeconds: 60 });
    app.clock.advance(60_000);
    expect((await b.client.post('/auth/send-whatsapp-otp', { whatsapp_number: number })).status).toBe(200);
  });

  it('the send records keep no address, only keyed hashes', async () => {
    const number = newPhone();
    const a = await account(app);
    await a.client.post('/auth/send-whatsapp-otp', { whatsapp_number: number });
    const rows = await app.sql<Record<string, unknown>>('select * from otp_sends');
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(number.slice(1));
    expect(text).not.toContain(a.creds.email);
    expect(text).not.toContain('198.51.100.');
  });

  it('deletion removes development-outbox messages to every address the account had codes for', async () => {
    const a = await account(app);
    const [p1, p2] = [newPhone(), newPhone()];
    expect((await a.client.post('/auth/send-whatsapp-otp', { whatsapp_number: p1 })).status).toBe(200);
    // Delivered before the next one: a new code replaces the account's unsent one, which is then never sent (a
    // fresh-clone run once saw p2's request commit before p1's delivery job ran).
    await app.drain();
    expect((await a.client.post('/auth/send-whatsapp-otp', { whatsapp_number: p2 })).status).toBe(200);
    await app.drain();
    expect(await outbox(app, p1)).toHaveLength(1);
    expect(await outbox(app, p2)).toHaveLength(1);
    expect(await outbox(app, a.creds.email)).toHaveLength(1);
    expect((await a.client.post('/auth/delete-account', { password: a.creds.password })).status).toBe(200);
    expect(await outbox(app, p1)).toHaveLength(0);
    expect(await outbox(app, p2)).toHaveLength(0);
    expect(await outbox(app, a.creds.email)).toHaveLength(0);
  });

  it('the sandbox instruction comes from configuration: status, send answer, REST and GraphQL', async () => {
    const { client } = await account(app);
    expect((await client.get('/auth/whatsapp-status')).body.sandbox).toEqual({ join_phrase: 'join quiet-river', number: '+15557654321' });
    expect((await client.gql(WA_STATUS)).data?.whatsappStatus).toEqual({ available: true, sandbox: { joinPhrase: 'join quiet-river', number: '+15557654321' } });
    const sent = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: newPhone() });
    expect(sent.body.sandbox).toEqual({ join_phrase: 'join quiet-river', number: '+15557654321' });
    app.clock.advance(60_000);
    const gql = await client.gql(SEND_WA, { input: { whatsappNumber: newPhone() } });
    expect(gql.data?.sendWhatsappOtp.sandbox).toEqual({ joinPhrase: 'join quiet-river', number: '+15557654321' });
  });
});

describe('caps under concurrent sends', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No cooldown: only the caps stand between concurrent requests and a flood of codes.
    app = await startTestApp({ OTP_RESEND_COOLDOWN_SECONDS: '0', OTP_DAILY_CAP_PER_ADDRESS: '3', OTP_DAILY_CAP_PER_CLIENT: '5' });
  });
  afterAll(() => app?.close());

  it('eight accounts sending to one number at once: exactly three codes (the per-address cap)', async () => {
    const victim = newPhone();
    const clients = [];
    for (let i = 0; i < 8; i++) clients.push((await account(app)).client);
    const answers = await Promise.all(clients.map((c) => c.post('/auth/send-whatsapp-otp', { whatsapp_number: victim })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body.details.otpStatus).toBe('daily_limit');
    expect(await countRows(app, 'otp_codes', 'address = $1', [victim])).toBe(3);
  });

  it('one client asking for ten numbers at once (REST and GraphQL mixed): exactly five codes (the per-client cap)', async () => {
    const { client } = await account(app);
    const ip = freshIp();
    const numbers = Array.from({ length: 10 }, () => newPhone());
    const before = await countRows(app, 'otp_codes');
    const answers = await Promise.all(
      numbers.map(async (n, i) => {
        const c = sameSessionFrom(app, client, ip);
        if (i % 2) return (await c.post('/auth/send-whatsapp-otp', { whatsapp_number: n })).status === 200;
        return !(await c.gql(SEND_WA, { input: { whatsappNumber: n } })).errors;
      }),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect((await countRows(app, 'otp_codes')) - before).toBe(5);
    const more = await sameSessionFrom(app, client, ip).post('/auth/send-whatsapp-otp', { whatsapp_number: newPhone() });
    expect(more.body).toMatchObject({ message: 'Too many codes were requested from this device today. Please try again later.', details: { otpStatus: 'daily_limit' } });
    // Only the newest code is live.
    expect(await countRows(app, 'otp_codes', `user_id = (select id from users where email = $1) and channel = 'whatsapp' and voided_at is null`, [(await client.get('/auth/user')).body.user.email])).toBe(1);
  });
});

describe('WHATSAPP_DRIVER=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ WHATSAPP_DRIVER: 'off' });
  });
  afterAll(() => app?.close());

  it('says WhatsApp is not available: status, and a 503 for a code, nothing written; email codes still work', async () => {
    const { client, creds } = await account(app);
    expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ available: false, pending_number: null });
    expect((await client.gql(WA_STATUS)).data?.whatsappStatus.available).toBe(false);
    const codes = await countRows(app, 'otp_codes');
    const rest = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: '+919876543210' });
    expect(rest.status).toBe(503);
    expect(rest.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'WhatsApp verification is not available right now', details: { otpStatus: 'unavailable' } });
    const gql = await client.gql(SEND_WA, { input: { whatsappNumber: '+919876543210' } });
    expectGqlError(gql, 'SERVICE_UNAVAILABLE', 'WhatsApp verification is not available right now');
    expect(await countRows(app, 'otp_codes')).toBe(codes);
    expect(await countRows(app, 'otp_sends')).toBe(codes);
    // Without a session it is still a 401 first.
    expect((await new ApiClient(app.url).post('/auth/send-whatsapp-otp', { whatsapp_number: '+919876543210' })).status).toBe(401);
    expect(await outbox(app, creds.email)).toHaveLength(1);
  });
});
