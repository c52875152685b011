/**
 * Rupee amounts as the API sends them ("1234.50": decimal text, never floats), shown with Indian
 * digit grouping, paise only when there are any: "₹12,34,567.50", "₹1,50,000".
 */
export function formatRupees(rupees: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(rupees.trim());
  if (!m) return `₹${rupees}`;
  const [, sign, whole, fraction = ''] = m;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  const paise = fraction.padEnd(2, '0');
  return paise === '00' ? `${sign}₹${grouped}` : `${sign}₹${grouped}.${paise}`;
}

/** Whether text is a rupee amount the API accepts: at least 0, at most two decimals. */
export const isRupeeAmount = (text: string): boolean => /^\d{1,13}(\.\d{1,2})?$/.test(text.trim());

/** Integer paise as text ("123450") to rupees as text ("1234.50"), without floats. */
export function paiseToRupees(paise: string): string {
  const digits = paise.replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A rupee amount the API accepts ("1234.5") to integer paise as text ("123450"); null when it is not one. */
export function rupeesToPaise(text: string): string | null {
  const t = text.trim();
  if (!isRupeeAmount(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
}

/** Integer paise as text shown like formatRupees: "₹1,234.50". */
export const formatPaise = (paise: string): string => formatRupees(paiseToRupees(paise));
