import { describe, expect, it } from 'vitest';
import { normaliseOtp, normalisePhone } from '../utils/phone';

describe('normalisePhone', () => {
  it.each([
    ['+919876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    [' +91 98765-43210 ', '+919876543210'],
    ['(91) 98765.43210', '+919876543210'],
    ['123456789', '+123456789'],
    // A bare Indian mobile number is +91, never another country's code (9801... is not Iran's +98).
    ['9801005369', '+919801005369'],
    ['98010 05369', '+919801005369'],
    ['09801005369', '+919801005369'],
    ['6123456789', '+916123456789'],
    ['+9801005369', '+9801005369'],
    ['5123456789', '+5123456789'],
  ])('keeps digits and a leading plus: %j -> %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(['', '12345678', '+1234567890123456', '+0919876543210', '98765abc43210', '91+9876543210'])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe('normaliseOtp', () => {
  it('keeps at most 6 digits', () => {
    expect(normaliseOtp('12a3-45678')).toBe('123456');
  });
});
