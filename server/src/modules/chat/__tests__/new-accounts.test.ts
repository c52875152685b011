import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { accountMadeAt, defangLinks } from '../new-accounts.js';

describe('new accounts', () => {
  it("reads an account's age from its UUIDv7 id", () => {
    const at = Date.UTC(2026, 10, 28, 3, 0, 0);
    expect(accountMadeAt(uuidv7({ msecs: at }))).toBe(at);
  });

  it('makes links unclickable: no scheme, no dot a mail program would link', () => {
    expect(defangLinks('Pay at https://pay.evil.example/upi?id=1 now')).toBe('Pay at pay[.]evil[.]example/upi?id=1 now');
    expect(defangLinks('see www.cheap-deals.in or http://x.co')).toBe('see cheap-deals[.]in or x[.]co');
    expect(defangLinks('Price 12.50 per kg, 3.5 tonnes')).toBe('Price 12.50 per kg, 3.5 tonnes');
    expect(defangLinks('नमस्ते, दाम बताइए')).toBe('नमस्ते, दाम बताइए');
  });
});
