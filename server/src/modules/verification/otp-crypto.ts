import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The cryptography of one-time codes: generation (CSPRNG), the stored HMAC (a copy of the database
 * cannot be brute-forced without OTP_SECRET, although there are only a million codes) and the
 * sealed copy the worker decrypts to deliver. Both are bound to the code's id.
 */
export class OtpCrypto {
  private readonly hashKey: Buffer;
  private readonly sealKey: Buffer;
  private readonly tagKey: Buffer;

  constructor(secret: string) {
    this.hashKey = Buffer.from(hkdfSync('sha256', secret, 'bolbazaar', 'otp-hash', 32));
    this.sealKey = Buffer.from(hkdfSync('sha256', secret, 'bolbazaar', 'otp-seal', 32));
    this.tagKey = Buffer.from(hkdfSync('sha256', secret, 'bolbazaar', 'otp-limit', 32));
  }

  /** Six digits, uniformly from 000000 to 999999. */
  generate(): string {
    return randomInt(0, 1_000_000).toString().padStart(6, '0');
  }

  hash(otpId: string, code: string): string {
    return createHmac('sha256', this.hashKey).update(`${otpId}:${code}`).digest('base64url');
  }

  matches(otpId: string, code: string, storedHash: string): boolean {
    const a = Buffer.from(this.hash(otpId, code));
    const b = Buffer.from(storedHash);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** A keyed hash of an address or a client, for the send records the limits count (no value is kept). */
  tag(value: string): string {
    return createHmac('sha256', this.tagKey).update(value).digest('base64url');
  }

  seal(otpId: string, code: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(otpId));
    const data = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  /** Throws when the sealed value was not made by this key for this id. */
  unseal(otpId: string, sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, iv);
    decipher.setAAD(Buffer.from(otpId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
