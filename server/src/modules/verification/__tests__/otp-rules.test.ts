import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env.js';
import { OtpCrypto } from '../otp-crypto.js';
import { normalizePhone } from '../verification.inputs.js';

describe('normalizePhone (E.164)', () => {
  it.each([
    ['+919876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['(91) 98765-43210', '+919876543210'],
    ['+1.415.555.0100', '+14155550100'],
    ['123456789', '+123456789'],
    // A bare Indian mobile number is +91, never another country's code (9801... is not Iran's +98).
    ['9801005369', '+919801005369'],
    ['98010 05369', '+919801005369'],
    ['09801005369', '+919801005369'],
    ['6123456789', '+916123456789'],
    ['+9801005369', '+9801005369'],
    ['5123456789', '+5123456789'],
  ])('%s -> %s', (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each(['', '+', '12345678', '+1234567890123456', '+0919876543210', '0919876543210', '98765abc43210', '91+9876543210', '++919876543210'])(
    'refuses %j',
    (input) => expect(normalizePhone(input)).toBeNull(),
  );
});

describe('OtpCrypto', () => {
  const crypto = new OtpCrypto('x'.repeat(32));
  const id = '01900000-0000-7000-8000-000000000001';

  it('generates 6-digit codes, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => crypto.generate());
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('hashes bound to the id and the key; matches only the right code', () => {
    const h = crypto.hash(id, '012345');
    expect(h).not.toContain('012345');
    expect(crypto.matches(id, '012345', h)).toBe(true);
    expect(crypto.matches(id, '012346', h)).toBe(false);
    expect(crypto.matches('01900000-0000-7000-8000-000000000002', '012345', h)).toBe(false);
    expect(new OtpCrypto('y'.repeat(32)).matches(id, '012345', h)).toBe(false);
  });

  it('seals and unseals for the same id only', () => {
    const sealed = crypto.seal(id, '987654');
    expect(sealed).not.toContain('987654');
    expect(crypto.unseal(id, sealed)).toBe('987654');
    expect(() => crypto.unseal('01900000-0000-7000-8000-000000000002', sealed)).toThrow();
    expect(() => new OtpCrypto('z'.repeat(32)).unseal(id, sealed)).toThrow();
  });
});

describe('OTP settings', () => {
  it('production needs OTP_SECRET; other environments get a development key', () => {
    // Production also refuses the development outbox: these senders are what it accepts.
    const production = { NODE_ENV: 'production', MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://mail.example:25', WHATSAPP_DRIVER: 'off' };
    expect(() => loadConfig(production)).toThrow(/OTP_SECRET: required in production/);
    expect(() => loadConfig({ ...production, OTP_SECRET: 'short' })).toThrow(/OTP_SECRET: must be at least 32 characters/);
    expect(loadConfig({ ...production, OTP_SECRET: 's'.repeat(32) }).OTP_SECRET).toBe('s'.repeat(32));
    const dev = loadConfig({});
    expect(dev.OTP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(dev).toMatchObject({ OTP_TTL_SECONDS: 600, OTP_MAX_ATTEMPTS: 5, OTP_RESEND_COOLDOWN_SECONDS: 60, OTP_DAILY_CAP_PER_ADDRESS: 10, OTP_DAILY_CAP_PER_CLIENT: 50 });
  });
});
