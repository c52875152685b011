import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectGqlError, firstError, newCredentials, registerAndLogin, type Credentials } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { latestCode, outbox, wrongCode } from '../support/otp.js';

const INVALID_PHONE = 'Please enter a valid WhatsApp number (e.g., +919876543210)';
const MINUTE = 60_000;

const SEND_EMAIL = `mutation($input: SendEmailOtpInput!) { sendEmailOtp(input: $input) { status channel to expiresInSeconds resendAfterSeconds sandbox { joinPhrase } } }`;
const VERIFY_EMAIL = `mutation($input: VerifyEmailOtpInput!) { verifyEmailOtp(input: $input) { status email } }`;
const SEND_WA = `mutation($input: SendWhatsappOtpInput!) { sendWhatsappOtp(input: $input) { status channel to expiresInSeconds resendAfterSeconds sandbox { joinPhrase number } } }`;
const VERIFY_WA = `mutation($input: VerifyWhatsappOtpInput!) { verifyWhatsappOtp(input: $input) { whatsappNumber whatsappVerified } }`;
const WA_STATUS = `{ whatsappStatus { whatsappNumber whatsappVerified sandbox { joinPhrase number } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { id username emailVerified } }`;
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { id emailVerified } }`;

let app: TestApp;
beforeAll(async () => {
  // Generous caps here: this file registers many accounts from one address; the caps have their own app below.
  app = await startTestApp({ OTP_DAILY_CAP_PER_CLIENT: '1000', OTP_DAILY_CAP_PER_ADDRESS: '50' });
});
afterAll(() => app?.close());

/** Counts of everything a code request writes. */
const written = async () => ({
  codes: await countRows(app, 'otp_codes'),
  events: await countRows(app, 'outbox_events', "topic = 'otp.requested'"),
  attempts: Number((await app.sql<{ n: string }>('select coalesce(sum(attempts), 0)::text as n from otp_codes'))[0].n),
});

async function register(client: ApiClient, overrides: Partial<Credentials> = {}) {
  const creds = newCredentials(overrides);
  const res = await client.post('/auth/register', creds);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return creds;
}

/** A logged-in client with a verified email. */
async function loggedIn() {
  const client = new ApiClient(app.url);
  const account = await registerAndLogin(app, client);
  return { client, account };
}

let phoneSeq = 0;
/** A fresh valid Indian mobile number, E.164. */
const newPhone = () => `+9198${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

describe('signup flow', () => {
  it('REST: registering sends the email code; an unverified login fails with "verified"; verifying then logging in works', async () => {
    const client = new ApiClient(app.url);
    const creds = await register(client);
    expect(client.cookie).toBeNull();

    // The request only wrote the code and an outbox event; the worker sends it.
    const [event] = await app.sql<{ payload: Record<string, unknown> }>(
      `select e.payload from outbox_events e join otp_codes o on o.id = (e.payload->>'otpId')::uuid join users u on u.id = o.user_id where u.email = $1`,
      [creds.email],
    );
    expect(Object.keys(event.payload)).toEqual(['otpId']);

    const code = await latestCode(app, creds.email);
    const [mail] = await outbox(app, creds.email);
    expect(mail).toMatchObject({ channel: 'email', to: creds.email, subject: 'Your Bol Bazaar verification code' });
    expect(mail.body).toContain('expires in 10 minutes');

    const refused = await client.post('/auth/login', { username: creds.username, password: creds.password });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', details: { email: creds.email } });
    expect(refused.body.message).toContain('verified');
    expect(client.cookie).toBeNull();

    const verified = await client.post('/auth/verify-email-otp', { email: creds.email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, status: 'verified', message: 'Email verified successfully', email: creds.email });
    expect(client.cookie).toBeNull(); // verifying does not log in: the client logs in next

    const login = await client.post('/auth/login', { username: creds.username, password: creds.password });
    expect(login.status).toBe(200);
    expect(login.body.user.email_verified).toBe(true);
  });

  it('GraphQL: the same flow, with the unverified login refused as EMAIL_NOT_VERIFIED', async () => {
    const client = new ApiClient(app.url);
    const creds = newCredentials();
    const reg = await client.gql(REGISTER, { input: creds });
    expect(reg.data?.register.emailVerified).toBe(false);
    const code = await latestCode(app, creds.email);

    const refused = await client.gql(LOGIN, { input: { username: creds.email, password: creds.password } });
    expectGqlError(refused, 'EMAIL_NOT_VERIFIED', /verified/);
    expect(firstError(refused).extensions?.details).toEqual({ email: creds.email });

    const bad = await client.gql(VERIFY_EMAIL, { input: { email: creds.email, otp: wrongCode(code) } });
    expectGqlError(bad, 'BAD_USER_INPUT', 'Invalid verification code. 4 attempts left.');
    expect(firstError(bad).extensions?.details).toEqual({ otpStatus: 'invalid', attemptsLeft: 4 });

    const ok = await client.gql(VERIFY_EMAIL, { input: { email: creds.email.toUpperCase(), otp: ` ${code} ` } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.verifyEmailOtp).toEqual({ status: 'verified', email: creds.email });
    const login = await client.gql(LOGIN, { input: { username: creds.username, password: creds.password } });
    expect(login.data?.login.emailVerified).toBe(true);
  });

  it("the register answer says when the next email code can be asked for (the client's countdown)", async () => {
    const client = new ApiClient(app.url);
    const creds = newCredentials();
    const reg = await client.gql(`mutation($input: RegisterInput!) { register(input: $input) { emailVerified emailCodeResendAfterSeconds } }`, { input: creds });
    expect(reg.errors).toBeUndefined();
    expect(reg.data?.register).toEqual({ emailVerified: false, emailCodeResendAfterSeconds: 60 });
    // Once verified there is nothing to count down.
    await client.post('/auth/verify-email-otp', { email: creds.email, otp: await latestCode(app, creds.email) });
    await client.post('/auth/login', { username: creds.username, password: creds.password });
    expect((await client.gql('{ me { emailCodeResendAfterSeconds } }')).data?.me).toEqual({ emailCodeResendAfterSeconds: null });
  });

  it('the code is stored only as a hash, and the sealed copy is gone once delivered', async () => {
    const creds = await register(new ApiClient(app.url));
    const code = await latestCode(app, creds.email);
    const [row] = await app.sql<{ code_hash: string; sealed_code: string | null; delivered_at: Date | null; expires_at: Date; requested_at: Date }>(
      `select o.* from otp_codes o join users u on u.id = o.user_id where u.email = $1`,
      [creds.email],
    );
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[\w-]{43}$/);
    expect(row.sealed_code).toBeNull();
    expect(row.delivered_at).not.toBeNull();
    expect(new Date(row.expires_at).getTime() - new Date(row.requested_at).getTime()).toBe(10 * MINUTE);
  });

  it('a code is single use; verifying an email twice says it is already verified', async () => {
    const client = new ApiClient(app.url);
    const creds = await register(client);
    const code = await latestCode(app, creds.email);
    expect((await client.post('/auth/verify-email-otp', { email: creds.email, otp: code })).status).toBe(200);
    const again = await client.post('/auth/verify-email-otp', { email: creds.email, otp: code });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'This email is already verified. Please log in.', details: { otpStatus: 'already_verified' } });
    const resend = await client.post('/auth/send-email-otp', { email: creds.email });
    expect(resend.status).toBe(409);
  });

  it('resend: refused during the 60 s cooldown (with the seconds left), then a new code that voids the previous one', async () => {
    const client = new ApiClient(app.url);
    const creds = await register(client);
    const first = await latestCode(app, creds.email);
    const before = await written();

    const early = await client.post('/auth/send-email-otp', { email: creds.email });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Please wait 60 seconds before requesting a new code.', details: { otpStatus: 'cooldown', retryAfterSeconds: 60 } });
    expect(early.headers.get('retry-after')).toBe('60');
    app.clock.advance(59_000);
    const stillEarly = await client.gql(SEND_EMAIL, { input: { email: creds.email } });
    expectGqlError(stillEarly, 'RATE_LIMITED', 'Please wait 1 second before requesting a new code.');
    expect(await written()).toEqual(before);

    app.clock.advance(1_000);
    const sent = await client.gql(SEND_EMAIL, { input: { email: creds.email } });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendEmailOtp).toEqual({ status: 'sent', channel: 'email', to: creds.email, expiresInSeconds: 600, resendAfterSeconds: 60, sandbox: null });
    const second = await latestCode(app, creds.email);
    expect(await outbox(app, creds.email)).toHaveLength(2);

    if (second !== first) {
      const old = await client.post('/auth/verify-email-otp', { email: creds.email, otp: first });
      expect(old.status).toBe(400);
      expect(old.body.details.otpStatus).toBe('invalid');
    }
    expect((await client.post('/auth/verify-email-otp', { email: creds.email, otp: second })).status).toBe(200);
  });

  it('concurrent resends of one address: exactly one is sent', async () => {
    const creds = await register(new ApiClient(app.url));
    app.clock.advance(61_000);
    const before = await written();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        if (i % 2) return (await new ApiClient(app.url).post('/auth/send-email-otp', { email: creds.email })).status === 200;
        return !(await new ApiClient(app.url).gql(SEND_EMAIL, { input: { email: creds.email } })).errors;
      }),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    const after = await written();
    expect(after.codes - before.codes).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(await countRows(app, 'otp_codes', `user_id = (select id from users where email = $1) and consumed_at is null and voided_at is null`, [creds.email])).toBe(1);
  });

  it('expiry: a code works until 10 minutes have passed, then answers expired', async () => {
    const client = new ApiClient(app.url);
    const a = await register(client);
    const code = await latestCode(app, a.email);
    app.clock.advance(10 * MINUTE);
    const late = await client.post('/auth/verify-email-otp', { email: a.email, otp: code });
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ code: 'GONE', message: 'This code has expired. Please request a new code.', details: { otpStatus: 'expired' } });
    const lateGql = await client.gql(VERIFY_EMAIL, { input: { email: a.email, otp: code } });
    expectGqlError(lateGql, 'GONE', late.body.message);

    const b = await register(client);
    const codeB = await latestCode(app, b.email);
    app.clock.advance(10 * MINUTE - 1000);
    expect((await client.post('/auth/verify-email-otp', { email: b.email, otp: codeB })).status).toBe(200);

    // An expired code is replaced by asking again.
    const resent = await client.post('/auth/send-email-otp', { email: a.email });
    expect(resent.status).toBe(200);
    expect((await client.post('/auth/verify-email-otp', { email: a.email, otp: await latestCode(app, a.email) })).status).toBe(200);
  });

  it('a code not yet delivered when it expires is never sent', async () => {
    const creds = newCredentials();
    await app.infra.relay.stop(); // keep the event in the outbox while the clock moves on
    try {
      expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
      app.clock.advance(10 * MINUTE + 1);
    } finally {
      await app.infra.relay.start();
    }
    await app.drain();
    expect(await outbox(app, creds.email)).toHaveLength(0);
  });
});

describe('email code input rules (REST and GraphQL give the same answer, and nothing is written)', () => {
  let creds: Credentials;
  beforeAll(async () => {
    creds = await register(new ApiClient(app.url));
    await app.drain();
  });

  const sendCases: Array<[string, Record<string, unknown>, number, string]> = [
    ['no email', {}, 400, 'Please enter your email'],
    ['blank email', { email: '  ' }, 400, 'Please enter your email'],
    ['invalid email', { email: 'not-an-email' }, 400, 'Please enter a valid email address'],
    ['unknown email', { email: 'nobody.here@example.com' }, 404, 'No account found with this email'],
  ];
  for (const [name, body, status, message] of sendCases) {
    it(`send: ${name}`, async () => {
      const before = await written();
      const rest = await new ApiClient(app.url).post('/auth/send-email-otp', body);
      expect(rest.status).toBe(status);
      expect(rest.body.message).toBe(message);
      const gql = await new ApiClient(app.url).gql(SEND_EMAIL, { input: { email: typeof body.email === 'string' ? body.email : '' } });
      expectGqlError(gql, rest.body.code, typeof body.email === 'string' ? message : 'Please enter your email');
      expect(await written()).toEqual(before);
    });
  }

  const verifyCases: Array<[string, () => Record<string, unknown>, string]> = [
    ['no code', () => ({ email: creds.email }), 'Please enter the verification code'],
    ['empty code', () => ({ email: creds.email, otp: '' }), 'Please enter the verification code'],
    ['five digits', () => ({ email: creds.email, otp: '12345' }), 'The code must be 6 digits'],
    ['seven digits', () => ({ email: creds.email, otp: '1234567' }), 'The code must be 6 digits'],
    ['letters', () => ({ email: creds.email, otp: '12a456' }), 'The code must be 6 digits'],
    ['a number, not text', () => ({ email: creds.email, otp: 123456 }), 'Please enter the verification code'],
    ['no email', () => ({ otp: '123456' }), 'Please enter your email'],
  ];
  for (const [name, body, message] of verifyCases) {
    it(`verify: ${name}`, async () => {
      const before = await written();
      const rest = await new ApiClient(app.url).post('/auth/verify-email-otp', body());
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
      if (typeof body().otp !== 'number' && body().email) {
        const gql = await new ApiClient(app.url).gql(VERIFY_EMAIL, { input: { email: creds.email, otp: body().otp ?? '' } });
        expectGqlError(gql, 'BAD_USER_INPUT', message);
      }
      expect(await written()).toEqual(before);
    });
  }
});

describe('WhatsApp verification', () => {
  it('needs a session: 401 on REST, UNAUTHENTICATED on GraphQL, nothing written', async () => {
    const before = await written();
    const anon = new ApiClient(app.url);
    expect((await anon.post('/auth/send-whatsapp-otp', { whatsapp_number: '+919876543210' })).status).toBe(401);
    expect((await anon.post('/auth/verify-whatsapp-otp', { whatsapp_number: '+919876543210', otp: '123456' })).status).toBe(401);
    expect((await anon.get('/auth/whatsapp-status')).status).toBe(401);
    expectGqlError(await anon.gql(SEND_WA, { input: { whatsappNumber: '+919876543210' } }), 'UNAUTHENTICATED');
    expectGqlError(await anon.gql(WA_STATUS), 'UNAUTHENTICATED');
    expect(await written()).toEqual(before);
  });

  it('status shows the sandbox instruction before a code is sent; send, verify, status reload', async () => {
    const { client } = await loggedIn();
    const status = await client.get('/auth/whatsapp-status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      whatsapp_number: null,
      whatsapp_verified: false,
      pending_number: null,
      resend_after_seconds: 0,
      available: true,
      sandbox: { join_phrase: 'join bol-bazaar', number: '+14155238886' },
    });

    const phone = newPhone();
    const sent = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone.slice(1) });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      status: 'sent',
      whatsapp_number: phone,
      expires_in_seconds: 600,
      resend_after_seconds: 60,
      sandbox: { join_phrase: 'join bol-bazaar', number: '+14155238886' },
    });
    const code = await latestCode(app, phone);
    const [msg] = await outbox(app, phone);
    expect(msg).toMatchObject({ channel: 'whatsapp', to: phone, subject: null });

    const verified = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'verified', whatsapp_number: phone, whatsapp_verified: true, pending_number: null });
    expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ whatsapp_number: phone, whatsapp_verified: true, pending_number: null });
    expect((await client.gql(WA_STATUS)).data?.whatsappStatus).toMatchObject({ whatsappNumber: phone, whatsappVerified: true });
    expect((await client.get('/auth/user')).body.user).toMatchObject({ whatsapp_number: phone, whatsapp_verified: true });

    // Code reuse.
    const reuse = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: code });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ message: 'This code has already been used. Please request a new code.', details: { otpStatus: 'used' } });
    // Asking again for the number that is already verified.
    const again = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
    expect(again.status).toBe(409);
    expect(again.body.details.otpStatus).toBe('already_verified');
  });

  it('GraphQL: the same, and a code is bound to its number and its user', async () => {
    const { client } = await loggedIn();
    const other = await loggedIn();
    const phone = newPhone();
    const sent = await client.gql(SEND_WA, { input: { whatsappNumber: phone } });
    expect(sent.data?.sendWhatsappOtp).toEqual({
      status: 'sent',
      channel: 'whatsapp',
      to: phone,
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
      sandbox: { joinPhrase: 'join bol-bazaar', number: '+14155238886' },
    });
    const code = await latestCode(app, phone);

    const otherUser = await other.client.gql(VERIFY_WA, { input: { whatsappNumber: phone, otp: code } });
    expectGqlError(otherUser, 'BAD_USER_INPUT', 'No code was sent to this number. Please request a new code.');
    const otherNumber = await client.gql(VERIFY_WA, { input: { whatsappNumber: newPhone(), otp: code } });
    expectGqlError(otherNumber, 'BAD_USER_INPUT', 'No code was sent to this number. Please request a new code.');
    expect(firstError(otherNumber).extensions?.details).toEqual({ otpStatus: 'not_sent' });

    const ok = await client.gql(VERIFY_WA, { input: { whatsappNumber: phone, otp: code } });
    expect(ok.data?.verifyWhatsappOtp).toEqual({ whatsappNumber: phone, whatsappVerified: true });
    expect((await other.client.get('/auth/whatsapp-status')).body.whatsapp_verified).toBe(false);
  });

  it('at most 5 wrong tries, also when they arrive at once; then even the right code is refused', async () => {
    const { client } = await loggedIn();
    const phone = newPhone();
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    const code = await latestCode(app, phone);
    const wrong = wrongCode(code);
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        if (i % 2) {
          const r = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: wrong });
          return r.body.details?.otpStatus as string;
        }
        const g = await client.gql(VERIFY_WA, { input: { whatsappNumber: phone, otp: wrong } });
        return firstError(g).extensions?.details?.otpStatus as string;
      }),
    );
    expect(answers.filter((s) => s === 'invalid')).toHaveLength(5);
    expect(answers.filter((s) => s === 'too_many_attempts')).toHaveLength(7);
    const [row] = await app.sql<{ attempts: number; voided_at: Date | null }>('select attempts, voided_at from otp_codes where address = $1', [phone]);
    expect(row.attempts).toBe(5);
    expect(row.voided_at).not.toBeNull();

    const right = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: code });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message: 'Too many wrong attempts. Please request a new code.', details: { otpStatus: 'too_many_attempts' } });
    expect((await client.get('/auth/whatsapp-status')).body.whatsapp_verified).toBe(false);

    // A new code (after the cooldown) starts over.
    app.clock.advance(60_000);
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    expect((await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: await latestCode(app, phone) })).status).toBe(200);
  });

  it('the last wrong attempt says no attempts are left', async () => {
    const { client } = await loggedIn();
    const phone = newPhone();
    await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
    const wrong = wrongCode(await latestCode(app, phone));
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: wrong })).body.message);
    expect(messages).toEqual([
      'Invalid verification code. 4 attempts left.',
      'Invalid verification code. 3 attempts left.',
      'Invalid verification code. 2 attempts left.',
      'Invalid verification code. 1 attempt left.',
      'Invalid verification code. No attempts left; please request a new code.',
    ]);
  });

  it('changing the number: the verified number stays until the new one is verified', async () => {
    const { client } = await loggedIn();
    const first = newPhone();
    await client.post('/auth/send-whatsapp-otp', { whatsapp_number: first });
    await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: first, otp: await latestCode(app, first) });
    const second = newPhone();
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: second })).status).toBe(200);
    expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ whatsapp_number: first, whatsapp_verified: true });
    await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: second, otp: await latestCode(app, second) });
    expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ whatsapp_number: second, whatsapp_verified: true });
  });

  describe('a number a code was sent to is pending until its code is used', () => {
    const PENDING = `{ whatsappStatus { whatsappNumber whatsappVerified pendingNumber resendAfterSeconds available } }`;

    it('shows the pending number with the resend wait, also after the code expired; verifying ends it', async () => {
      const { client } = await loggedIn();
      const phone = newPhone();
      expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
      app.clock.advance(15_000);
      expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({
        whatsapp_number: null,
        whatsapp_verified: false,
        pending_number: phone,
        resend_after_seconds: 45,
        available: true,
      });
      expect((await client.gql(PENDING)).data?.whatsappStatus).toEqual({
        whatsappNumber: null,
        whatsappVerified: false,
        pendingNumber: phone,
        resendAfterSeconds: 45,
        available: true,
      });

      // Expired: still pending (step 2 sends a new code), and a resend is allowed at once.
      app.clock.advance(10 * MINUTE);
      expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ pending_number: phone, resend_after_seconds: 0 });
      expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
      const code = await latestCode(app, phone);
      expect((await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: code })).status).toBe(200);
      expect((await client.gql(PENDING)).data?.whatsappStatus).toMatchObject({ whatsappNumber: phone, whatsappVerified: true, pendingNumber: null, resendAfterSeconds: 0 });
    });

    it('a verified number and another pending one are shown side by side; the newest code decides which is pending', async () => {
      const { client } = await loggedIn();
      const first = newPhone();
      await client.post('/auth/send-whatsapp-otp', { whatsapp_number: first });
      await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: first, otp: await latestCode(app, first) });
      const second = newPhone();
      const third = newPhone();
      await client.post('/auth/send-whatsapp-otp', { whatsapp_number: second });
      expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ whatsapp_number: first, whatsapp_verified: true, pending_number: second });
      await client.post('/auth/send-whatsapp-otp', { whatsapp_number: third });
      expect((await client.get('/auth/whatsapp-status')).body).toMatchObject({ whatsapp_number: first, pending_number: third, resend_after_seconds: 60 });
    });

    it('a code spent by wrong tries leaves the number pending; another user never sees it', async () => {
      const { client } = await loggedIn();
      const other = await loggedIn();
      const phone = newPhone();
      await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
      const wrong = wrongCode(await latestCode(app, phone));
      for (let i = 0; i < 5; i++) await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: wrong });
      expect((await client.get('/auth/whatsapp-status')).body.pending_number).toBe(phone);
      expect((await other.client.get('/auth/whatsapp-status')).body.pending_number).toBeNull();
    });
  });

  describe('phone numbers (normalised to E.164)', () => {
    let client: ApiClient;
    beforeAll(async () => {
      ({ client } = await loggedIn());
    });

    const accepted: Array<[string, string]> = [
      ['919812345601', '+919812345601'],
      ['+91 98123 45602', '+919812345602'],
      ['+91-98123-45603', '+919812345603'],
      [' (91) 98123.45604 ', '+919812345604'],
      ['14155550100', '+14155550100'],
      ['+123456789', '+123456789'],
    ];
    for (const [input, e164] of accepted) {
      it(`accepts ${JSON.stringify(input)} as ${e164}`, async () => {
        const res = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: input });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.whatsapp_number).toBe(e164);
      });
    }

    const refused: Array<[string, unknown]> = [
      ['empty', ''],
      ['too short (9 characters with the plus)', '+12345678'],
      ['too long (16 digits)', '+1234567890123456'],
      ['country code starting with 0', '+0919876543210'],
      ['letters', '98765abc43210'],
      ['a plus in the middle', '91+9876543210'],
      ['not text', 919876543210],
      ['missing', undefined],
    ];
    for (const [name, value] of refused) {
      it(`refuses ${name} with the spec's message, writing nothing`, async () => {
        const before = await written();
        const res = await client.post('/auth/send-whatsapp-otp', value === undefined ? {} : { whatsapp_number: value });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: INVALID_PHONE, details: { fields: { whatsapp_number: INVALID_PHONE } } });
        if (typeof value === 'string') expectGqlError(await client.gql(SEND_WA, { input: { whatsappNumber: value } }), 'BAD_USER_INPUT', INVALID_PHONE);
        const verify = await client.post('/auth/verify-whatsapp-otp', value === undefined ? { otp: '123456' } : { whatsapp_number: value, otp: '123456' });
        expect(verify.body.message).toBe(INVALID_PHONE);
        expect(await written()).toEqual(before);
      });
    }

    it('refuses a missing or malformed code with the spec message', async () => {
      const before = await written();
      const missing = await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: '+919812345601' });
      expect(missing.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter the OTP' });
      const long = await client.gql(VERIFY_WA, { input: { whatsappNumber: '+919812345601', otp: '1234567' } });
      expectGqlError(long, 'BAD_USER_INPUT', 'The code must be 6 digits');
      expect(await written()).toEqual(before);
    });
  });
});

describe('the development outbox', () => {
  it('GET /dev/outbox: JSON, newest first, filtered by to (a phone number with or without its plus)', async () => {
    const { client } = await loggedIn();
    const phone = newPhone();
    const first = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
    app.clock.advance(60_000);
    const second = await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    await app.drain();
    // Each code is delivered by a job of its own: both are in the outbox once their jobs ran (failed once in CI
    // with one of the two there right after the drain).
    await waitFor(async () => (await outbox(app, phone)).length >= 2, 5_000, 'both codes in the outbox');
    const messages = await outbox(app, phone);
    expect(messages).toHaveLength(2);
    expect(messages[0].id > messages[1].id).toBe(true);
    expect(Object.keys(messages[0]).sort()).toEqual(['body', 'channel', 'created_at', 'id', 'subject', 'to']);
    expect(await outbox(app, phone.slice(1))).toHaveLength(2);
    const all = await outbox(app);
    expect(all.length).toBeGreaterThan(2);
    expect(all.some((m) => m.channel === 'email')).toBe(true);

    const onlyWa = await new ApiClient(app.url).get('/dev/outbox?channel=whatsapp&limit=1');
    expect(onlyWa.body.messages).toHaveLength(1);
    expect(onlyWa.body.messages[0].channel).toBe('whatsapp');
    const bad = await new ApiClient(app.url).get('/dev/outbox?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be 1 to 200');
    const badChannel = await new ApiClient(app.url).get('/dev/outbox?channel=sms');
    expect(badChannel.body.message).toBe('channel must be email or whatsapp');
  });

  it('is a page for a browser (not the web app)', async () => {
    const creds = await register(new ApiClient(app.url));
    await app.drain();
    const res = await fetch(`${app.url}/dev/outbox?to=${encodeURIComponent(creds.email)}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Development outbox');
    expect(html).toContain(creds.email);
    expect(html).toMatch(/Your verification code is \d{6}/);
  });
});

describe('messages follow the account language', () => {
  it('a Hindi registration gets the code in Hindi', async () => {
    const client = new ApiClient(app.url, { 'x-locale': 'hi' });
    const creds = await register(client);
    await latestCode(app, creds.email);
    const [mail] = await outbox(app, creds.email);
    expect(mail.subject).toBe('आपका बोल बाज़ार वेरिफ़िकेशन कोड');
    expect(mail.body).toMatch(/आपका वेरिफ़िकेशन कोड \d{6} है।/);
  });
});
