import QRCode from 'qrcode';
import { paiseToRupees } from '../../common/money.js';

/**
 * UPI payments (docs/product.md#paying): a virtual payment address (VPA, 'shop@okhdfc') and the
 * `upi://pay` link every UPI app opens with the payee, amount and a note filled in.
 */

/** A VPA: 2-256 of letters, digits, '.', '-', '_', then '@' and the bank's handle. */
const VPA = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9.-]{1,63}$/;

export const normalizeVpa = (value: string): string => value.trim().toLowerCase();
export const isVpa = (value: string): boolean => VPA.test(value);

export interface UpiPayment {
  vpa: string;
  /** The payee's name as the app shows it before paying. */
  payeeName: string;
  amountPaise: bigint | string;
  /** The note the payment carries, naming the order ('Order 1a2b3c4d'). */
  note: string;
}

/**
 * The `upi://pay` link: pa (address), pn (name), am (rupees with two decimals), cu (INR), tn (note).
 * Every value is percent-encoded, so a name with '&' or '=' cannot add or change a parameter. No
 * `tr` (a merchant's transaction reference): UPI apps refuse it for a person's VPA, so the order is
 * named in the note.
 */
export function upiPayUri(p: UpiPayment): string {
  const params: Array<[string, string]> = [
    ['pa', p.vpa],
    ['pn', p.payeeName],
    ['am', paiseToRupees(p.amountPaise)],
    ['cu', 'INR'],
    ['tn', p.note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** A QR code as an SVG path over a square of `size` modules (the client draws it; no markup crosses). */
export interface QrPath {
  size: number;
  path: string;
}

/** The QR code of a text (medium error correction, as payment QR codes are printed). */
export function qrPath(text: string): QrPath {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      // One horizontal run of dark modules per subpath.
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return { size, path: parts.join('') };
}
