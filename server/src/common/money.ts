/**
 * Money is integer paise everywhere inside; rupees with two decimals only at the edges. No floats:
 * rupee amounts are read and written as decimal strings.
 */

const RUPEES = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Reads a rupee amount ("1234.5", "1234.50", 1234.5) into paise. Returns null when it is not a
 * non-negative amount with at most two decimals. A JSON number is taken by its shortest decimal
 * spelling (1234.5 -> "1234.5"), so 0.1 + 0.2 is refused rather than rounded.
 */
export function rupeesToPaise(value: string | number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = RUPEES.exec(text);
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** Paise (as stored: a bigint column read as a string) to rupees with two decimals, e.g. "1234.50". */
export function paiseToRupees(paise: string | bigint): string {
  const p = BigInt(paise);
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Paise shown to people (emails, messages): Indian digit grouping, paise only when there are any,
 * "₹1,50,000", "₹2,469.50". The client shows amounts the same way (client/src/lib/money.ts).
 */
export function formatPaise(paise: string | bigint): string {
  const [whole, fraction] = paiseToRupees(paise).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '');
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${sign}₹${grouped}${fraction === '00' ? '' : `.${fraction}`}`;
}
