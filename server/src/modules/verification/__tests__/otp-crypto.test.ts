import { describe, expect, it } from 'vitest';
import { OtpCrypto } from '../otp-crypto.js';

/** The stored code's HMAC is compared whole: a hash differing anywhere, even in its last character, is no match. */
describe('OtpCrypto.matches', () => {
  const crypto = new OtpCrypto('test-only-secret-0123456789abcdef0123456789');
  const id = '0192f0c6-7d6a-7000-8000-000000000001';

  it('matches the code it hashed, for its own id only', () => {
    const stored = crypto.hash(id, '123456');
    expect(crypto.matches(id, '123456', stored)).toBe(true);
    expect(crypto.matches(id, '123457', stored)).toBe(false);
    expect(crypto.matches('0192f0c6-7d6a-7000-8000-000000000002', '123456', stored)).toBe(false);
  });

  it('refuses a stored hash that differs only in its last character, its first, or its length', () => {
    const stored = crypto.hash(id, '123456');
    const swap = (c: string) => (c === 'A' ? 'B' : 'A');
    expect(crypto.matches(id, '123456', stored.slice(0, -1) + swap(stored.at(-1)!))).toBe(false);
    expect(crypto.matches(id, '123456', swap(stored[0]!) + stored.slice(1))).toBe(false);
    expect(crypto.matches(id, '123456', stored.slice(0, -1))).toBe(false);
    expect(crypto.matches(id, '123456', `${stored}A`)).toBe(false);
    expect(crypto.matches(id, '123456', '')).toBe(false);
  });

  it('a different secret makes a different hash (a copy of the database alone proves nothing)', () => {
    expect(new OtpCrypto('another-test-secret-0123456789abcdef01234567').hash(id, '123456')).not.toBe(crypto.hash(id, '123456'));
  });
});
