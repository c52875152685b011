import { describe, expect, it } from 'vitest';
import { OtpCode } from '../otp-code.entity.js';
import { attempt, cooldownAfter, limitRefusal, type SendCounts } from '../otp-rules.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const settings = { cooldownSeconds: 60, capPerAddress: 10, capPerClient: 50 };
const counts = (over: { address?: Partial<SendCounts['address']>; client?: Partial<SendCounts['client']> } = {}): SendCounts => ({
  address: { n: 0, first: null, last: null, ...over.address },
  client: { n: 0, first: null, ...over.client },
});

describe('the resend cooldown', () => {
  it('counts whole seconds up, and nothing once it has passed', () => {
    expect(cooldownAfter(null, NOW, 60)).toBe(0);
    expect(cooldownAfter(ago(1), NOW, 60)).toBe(60);
    expect(cooldownAfter(ago(59_500), NOW, 60)).toBe(1);
    expect(cooldownAfter(ago(60_000), NOW, 60)).toBe(0);
    expect(cooldownAfter(ago(30_000).toISOString(), NOW, 60)).toBe(30);
  });
});

describe('the daily caps', () => {
  it('lets a code go when nothing stands in the way', () => {
    expect(limitRefusal('email', counts({ address: { n: 9, first: ago(3600_000), last: ago(61_000) }, client: { n: 49 } }), NOW, settings)).toBeNull();
  });

  it('says how long the cooldown has left, in seconds (one second, no plural)', () => {
    expect(limitRefusal('email', counts({ address: { n: 1, last: ago(15_000) } }), NOW, settings)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please wait 45 seconds before requesting a new code.',
      details: { otpStatus: 'cooldown', retryAfterSeconds: 45 },
    });
    expect(limitRefusal('email', counts({ address: { n: 1, last: ago(59_000) } }), NOW, settings)!.message).toBe('Please wait 1 second before requesting a new code.');
  });

  it("refuses an address's eleventh code in 24 hours until the first of them is a day old", () => {
    const refusal = limitRefusal('whatsapp', counts({ address: { n: 10, first: ago(23 * 3600_000), last: ago(120_000) } }), NOW, settings);
    expect(refusal).toMatchObject({
      message: 'Too many codes were sent to this number today. Please try again later.',
      details: { otpStatus: 'daily_limit', retryAfterSeconds: 3600 },
    });
    expect(limitRefusal('email', counts({ address: { n: 10, first: ago(3600_000), last: ago(120_000) } }), NOW, settings)!.message).toBe(
      'Too many codes were sent to this email today. Please try again later.',
    );
  });

  it("refuses a client's codes beyond its cap, whatever the address", () => {
    expect(limitRefusal('email', counts({ client: { n: 50, first: ago(24 * 3600_000 - 10_000) } }), NOW, settings)).toMatchObject({
      message: 'Too many codes were requested from this device today. Please try again later.',
      details: { otpStatus: 'daily_limit', retryAfterSeconds: 10 },
    });
  });
});

describe('an attempt at a code', () => {
  const code = (over: Partial<OtpCode> = {}) =>
    Object.assign(new OtpCode(), { userId: 'u', channel: 'email', address: 'a@example.com', codeHash: 'h', sealedCode: 's', requestedAt: ago(1000), expiresAt: new Date(NOW.getTime() + 600_000) }, over);
  const right = () => true;
  const wrong = () => false;

  it('uses a right code once', () => {
    const otp = code();
    expect(attempt(otp, 'email', 'a@example.com', NOW, 5, right)).toEqual({ ok: true });
    expect(otp).toMatchObject({ consumedAt: NOW, sealedCode: null });
    const again = attempt(otp, 'email', 'a@example.com', NOW, 5, right);
    expect(again.ok ? null : again.refusal).toMatchObject({ code: 'BAD_USER_INPUT', details: { otpStatus: 'used' } });
  });

  it('counts a wrong code and says how many tries are left; the last one voids the code', () => {
    const otp = code({ attempts: 3 });
    const first = attempt(otp, 'email', 'a@example.com', NOW, 5, wrong);
    expect(first.ok ? null : first.refusal).toMatchObject({ message: 'Invalid verification code. 1 attempt left.', details: { otpStatus: 'invalid', attemptsLeft: 1 } });
    const last = attempt(otp, 'email', 'a@example.com', NOW, 5, wrong);
    expect(last.ok ? null : last.refusal).toMatchObject({ message: 'Invalid verification code. No attempts left; please request a new code.', details: { attemptsLeft: 0 } });
    expect(otp).toMatchObject({ attempts: 5, voidedAt: NOW, sealedCode: null });
    // Spent: even the right code is refused now.
    const after = attempt(otp, 'email', 'a@example.com', NOW, 5, right);
    expect(after.ok ? null : after.refusal).toMatchObject({ code: 'RATE_LIMITED', details: { otpStatus: 'too_many_attempts' } });
  });

  it('refuses a code for another address, a replaced code, no code, and an expired one', () => {
    const refusal = (o: ReturnType<typeof attempt>) => (o.ok ? null : o.refusal);
    expect(refusal(attempt(code(), 'whatsapp', '+919876543210', NOW, 5, right))).toMatchObject({
      message: 'No code was sent to this number. Please request a new code.',
      details: { otpStatus: 'not_sent' },
    });
    expect(refusal(attempt(null, 'email', 'a@example.com', NOW, 5, right))).toMatchObject({ message: 'No code was sent to this email. Please request a new code.' });
    expect(refusal(attempt(code({ voidedAt: ago(1) }), 'email', 'a@example.com', NOW, 5, right))).toMatchObject({ details: { otpStatus: 'not_sent' } });
    expect(refusal(attempt(code({ expiresAt: NOW }), 'email', 'a@example.com', NOW, 5, right))).toMatchObject({ code: 'GONE', details: { otpStatus: 'expired' } });
  });
});
