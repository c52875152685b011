import * as jsQRModule from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isVpa, normalizeVpa, qrPath, upiPayUri } from '../upi.js';

// jsqr is CommonJS with an ES default export: node hands the module object, its default is the reader.
type ReadQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const loaded = jsQRModule as unknown as { default: ReadQr | { default: ReadQr } };
const jsQR: ReadQr = typeof loaded.default === 'function' ? loaded.default : loaded.default.default;

// docs/product.md#paying
describe('UPI', () => {
  it('accepts payment addresses and refuses what is not one', () => {
    for (const ok of ['shop@okhdfc', 'ravi.traders-1@ybl', '9876543210@paytm', 'a_b@upi']) expect(isVpa(ok), ok).toBe(true);
    for (const bad of ['shop', '@okhdfc', 'shop@', 's@okhdfc', 'shop@1bank', 'shop@ok hdfc', 'sh op@okhdfc', 'shop@@okhdfc']) expect(isVpa(bad), bad).toBe(false);
    expect(normalizeVpa(' Shop@OKHDFC ')).toBe('shop@okhdfc');
  });

  it('builds the pay link with every value escaped, so no value can add a parameter', () => {
    const uri = upiPayUri({ vpa: 'shop@okhdfc', payeeName: 'Sharma & Sons=Co #1', amountPaise: 1_740_050n, note: 'Order 1a2b3c4d' });
    expect(uri).toBe('upi://pay?pa=shop%40okhdfc&pn=Sharma%20%26%20Sons%3DCo%20%231&am=17400.50&cu=INR&tn=Order%201a2b3c4d');
    const params = new URL(uri).searchParams;
    expect([...params.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tn']);
    expect(params.get('pn')).toBe('Sharma & Sons=Co #1');
    const hindi = new URL(upiPayUri({ vpa: 'shop@okhdfc', payeeName: 'शर्मा ट्रेडर्स', amountPaise: '100', note: 'ऑर्डर 1' })).searchParams;
    expect(hindi.get('pn')).toBe('शर्मा ट्रेडर्स');
    expect(hindi.get('am')).toBe('1.00');
  });

  it('draws a QR code that a reader decodes back to the link', async () => {
    const uri = upiPayUri({ vpa: 'shop@okhdfc', payeeName: 'शर्मा & Sons', amountPaise: 1_740_000n, note: 'Order 1a2b3c4d' });
    const { size, path } = qrPath(uri);
    const scale = 8;
    const quiet = 4;
    const side = (size + 2 * quiet) * scale;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}" shape-rendering="crispEdges"><rect x="${-quiet}" y="${-quiet}" width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read?.data).toBe(uri);
  });
});
