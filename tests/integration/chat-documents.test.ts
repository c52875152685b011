import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows } from '../support/accounts.js';
import type { JsonBody } from '../support/client.js';
import { blob } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { docx, pdf, xlsx, zip } from '../factories/documents.js';

/**
 * Business documents in chat (docs/product.md#chat): PDF, XLSX, DOCX and CSV are told by their
 * bytes (never by the name or the browser's claim), kept as sent and served only as downloads under
 * the name they were sent with; a file whose name claims a document it is not is refused.
 */
let app: TestApp;
let a: Seller;
let b: Seller;

beforeAll(async () => {
  app = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '200' });
  [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
});
afterAll(() => app?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function attach(data: Buffer, name: string, claimedType = 'application/octet-stream', headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('attachment', blob(data, claimedType), name);
  return a.client.request('POST', `/chat/${b.user.uid}/messages`, form, headers);
}

const messages = () => countRows(app, 'chat_messages', 'sender_id = $1', [a.user.uid]);

describe('documents in chat', () => {
  const csv = Buffer.from('item,unit,price\nSteel pipe 1",pc,450\nपीतल की टोंटी,pc,120\n', 'utf8');
  it.each([
    ['GST certificate.pdf', () => pdf(), 'application/pdf', 'application/pdf', 'application/octet-stream'],
    ['price list 2026.xlsx', () => xlsx(), XLSX, XLSX, 'application/octet-stream'],
    ['stock (types last).xlsx', () => xlsx({ typesLast: true }), XLSX, XLSX, 'application/octet-stream'],
    ['purchase order 118.docx', () => docx(), DOCX, DOCX, 'application/octet-stream'],
    ['दर सूची.csv', () => csv, 'text/csv', 'text/csv; charset=utf-8', 'application/octet-stream'],
    // What the browser claims does not matter: the bytes do.
    ['catalogue.pdf', () => pdf('Catalogue'), 'application/pdf', 'application/pdf', 'text/plain'],
  ])('takes %s and serves it only as a download, byte for byte, under its name', async (name, make, contentType, served, browserSays) => {
    const data = make();
    const sent = await attach(data, name, browserSays);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toMatchObject({ kind: 'attachment', attachment: { file_name: name, content_type: contentType, size: data.length, is_image: false, preview_url: null } });

    const dl = await fetch(app.url + sent.body.message.attachment.url, { headers: { cookie: b.client.cookie! } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(data)).toBe(true);
    expect(dl.headers.get('content-type')).toBe(served);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-security-policy')).toContain('sandbox');
    const disposition = dl.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(name);
    // No preview of a document, and nobody else gets it.
    expect((await fetch(`${app.url}${sent.body.message.attachment.url}/preview`, { headers: { cookie: b.client.cookie! } })).status).toBe(404);
    const stranger = await createSeller(app);
    expect((await fetch(app.url + sent.body.message.attachment.url, { headers: { cookie: stranger.client.cookie! } })).status).toBe(404);

    const listed = await b.client.get(`/chat/${a.user.uid}/messages?limit=1`);
    expect(listed.body.messages.at(-1).attachment).toMatchObject({ file_name: name, content_type: contentType });
  });

  it('refuses a file whose name claims a document it is not, and a ZIP that is no document; nothing is written', async () => {
    const text = Buffer.from('Rate list\nPipes 500\n');
    const cases: Array<[string, Buffer, number, string]> = [
      ['rate list.pdf', text, 415, 'The file "rate list.pdf" is not a real PDF file'],
      ['invoice.pdf', xlsx(), 415, 'The file "invoice.pdf" is not a real PDF file'],
      ['prices.xlsx', pdf(), 415, 'The file "prices.xlsx" is not a real XLSX file'],
      ['prices.xlsx', docx(), 415, 'The file "prices.xlsx" is not a real XLSX file'],
      ['letter.docx', text, 415, 'The file "letter.docx" is not a real DOCX file'],
      ['macros.xlsx', xlsx({ macros: true }), 415, 'The file "macros.xlsx" is not a real XLSX file'],
      ['stock.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x10]), 415, 'The file "stock.csv" is not a real CSV file'],
      ['page.csv', Buffer.from('<html><body><script>alert(1)</script></body></html>'), 415, 'The file "page.csv" is not a real CSV file'],
      ['photos.zip', zip([['a.txt', 'hello']]), 415, 'File type "application/zip" is not allowed'],
      ['setup.exe', Buffer.from('MZ\x90\x00 program', 'latin1'), 415, 'File type "application/x-msdownload" is not allowed'],
      ['empty.pdf', Buffer.alloc(0), 400, 'The file "empty.pdf" is empty'],
    ];
    const before = await messages();
    for (const [name, data, status, message] of cases) {
      const res = await attach(data, name, 'application/pdf');
      expect([name, res.status, res.body.message]).toEqual([name, status, message]);
    }
    const hindi = await attach(text, 'rate list.pdf', 'application/pdf', { 'accept-language': 'hi' });
    expect(hindi.status).toBe(415);
    expect(hindi.body.message).toBe('फ़ाइल "rate list.pdf" असली PDF फ़ाइल नहीं है');
    expect(await messages()).toBe(before);
    const listed = await b.client.get(`/chat/${a.user.uid}/messages?limit=100`);
    const refusedNames = new Set(cases.map(([name]) => name));
    expect(listed.body.messages.filter((m: JsonBody) => m.kind === 'attachment' && refusedNames.has(m.attachment.file_name))).toEqual([]);
  });
});
