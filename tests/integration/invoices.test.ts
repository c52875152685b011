import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDescribe, pdfText } from '../../server/src/modules/invoices/__tests__/pdf-tools.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { financialYearOf } from '../../server/src/modules/invoices/invoices.service.js';

// docs/product.md#gst-invoices: made when the seller marks the payment received, numbered per seller and
// financial year without gaps, stored (the same bytes every time), for the order's two parties only.
const MUMBAI = { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' };
const BENGALURU = { line1: 'Shop 4, Gandhi Bazaar', city: 'Bengaluru', state: 'Karnataka', pincode: '560004' };
const SELLER_GSTIN = '27AAPFU0939F1ZV';
const BUYER_GSTIN = '29AAGCB7383J1Z4';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const withPdf = pdfDescribe(describe);

async function sellerWith(gstin: string | null, prefix = 'SS/26-27/'): Promise<Seller> {
  const s = await createSeller(app);
  const res = await s.client.put('/sellers/business', {
    legal_name: 'Sharma Steel Traders Pvt Ltd',
    trade_name: 'Sharma Steel',
    gstin,
    address: MUMBAI,
    upi_vpa: 'sharma.steel@okhdfc',
    invoice_prefix: prefix,
    prices_include_gst: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s;
}

/** An order paid and marked received (the invoice's job follows), with the buyer's position at its "I paid" and the seller's at the mark. */
async function markedPaid(s: Seller, b: Seller, productId: string, quantity = 1): Promise<{ id: string; buyerPosition: string; sellerPosition: string }> {
  const res = await b.client.post('/products/buy-now', { product_id: productId, quantity });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.order_id as string;
  const confirm = await b.client.post('/orders/confirm', { order_id: id, utr: '412345678901' });
  expect(confirm.status).toBe(200);
  const mark = await s.client.post(`/sellers/orders/${id}/payment-received`, {});
  expect(mark.status).toBe(200);
  return { id, buyerPosition: confirm.body.order.position, sellerPosition: mark.body.order.position };
}

const paidOrder = async (s: Seller, b: Seller, productId: string, quantity = 1): Promise<string> => (await markedPaid(s, b, productId, quantity)).id;

/** GET /orders/{id}/invoice as `client`, with the body's bytes (and its JSON when it is an error). */
async function invoice(client: ApiClient, orderId: string) {
  const res = await fetch(`${app.url}/orders/${orderId}/invoice`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  const raw = Buffer.from(await res.arrayBuffer());
  const body = res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(raw.toString('utf8')) as { message: string }) : null;
  return { status: res.status, headers: res.headers, raw, body };
}

withPdf('invoices', () => {
  it('a tax invoice between states (IGST) for the buyer and the seller; the same bytes each time; a stranger 404', async () => {
    const [s, b, stranger] = await Promise.all([sellerWith(SELLER_GSTIN), createSeller(app), createSeller(app)]);
    expect((await b.client.put('/account/business', { legal_name: 'Gupta Kirana Store', gstin: BUYER_GSTIN, billing_address: BENGALURU })).status).toBe(200);
    await app.sql(`update users set language = 'hi' where id = $1`, [b.user.uid]);
    const p = await createProduct(s.client, { title: 'Steel tiffin box, 3 tier', price: '240.00', unit: 'piece', hsn_code: '73239390', gst_rate: 12, quantity: { min_quantity: 1, max_quantity: 1000 } });
    // The invoice job is held until the checks before it are done: its serial's row is being written by a
    // transaction of the test's own, so the job's insert waits for it (and, rolled back, takes serial 1).
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    let paid: Awaited<ReturnType<typeof markedPaid>>;
    try {
      await blocker.query('begin');
      await blocker.query('insert into invoice_counters (seller_id, financial_year, last_serial) values ($1, $2, 1)', [s.user.uid, financialYearOf(app.clock.now())]);
      paid = await markedPaid(s, b, p.product_id, 500);
      const id = paid.id;
      // Before the job: not ready, said plainly, and the order names no invoice.
      const early = await invoice(b.client, id);
      expect([early.status, early.body?.message]).toEqual([404, 'The invoice is not ready yet. Please try again in a minute.']);
      expect((await b.client.get(`/orders/${id}`)).body.order).toMatchObject({ invoice_number: null, invoice_url: null });
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const { id, buyerPosition, sellerPosition } = paid;
    await app.drain();
    // Once made, the order names it for both parties, as a change of its own after the mark (the buyer's
    // "I paid", the seller's mark, then the invoice), so both screens hear of it.
    for (const [who, position, changesSince] of [[b, buyerPosition, 2n], [s, sellerPosition, 1n]] as const) {
      const now = (await who.client.get(`/orders/${id}`)).body.order;
      expect(now).toMatchObject({ invoice_number: 'SS/26-27/1', invoice_url: `/orders/${id}/invoice` });
      expect(BigInt(now.position)).toBe(BigInt(position) + changesSince);
    }
    const changes = await s.client.gql('query($a: String!) { ordersAfter(after: $a) { items { id invoiceNumber invoiceUrl } } }', { a: sellerPosition });
    expect(changes.data?.ordersAfter.items).toEqual([{ id, invoiceNumber: 'SS/26-27/1', invoiceUrl: `/orders/${id}/invoice` }]);

    const forBuyer = await invoice(b.client, id);
    expect(forBuyer.status).toBe(200);
    expect(forBuyer.headers.get('content-type')).toBe('application/pdf');
    expect(forBuyer.headers.get('content-disposition')).toBe('attachment; filename="invoice-SS-26-27-1.pdf"');
    const bytes = Buffer.from(forBuyer.raw);
    const again = Buffer.from((await invoice(s.client, id)).raw);
    expect(again.equals(bytes)).toBe(true);

    // In the buyer's language (Hindi), between Maharashtra and Karnataka: IGST, both GSTINs, words.
    const text = await pdfText(bytes);
    for (const expected of [
      'टैक्स इनवॉइस', 'इनवॉइस नंबर: SS/26-27/1', `GSTIN: ${SELLER_GSTIN}`, `GSTIN: ${BUYER_GSTIN}`, 'Gupta Kirana Store', 'Sharma Steel Traders Pvt Ltd',
      'सप्लाई की जगह: कर्नाटक (29)', 'HSN 73239390', '500 पीस', '₹1,20,000.00', 'IGST\n₹14,400.00', 'कुल\n₹1,34,400.00',
      'शब्दों में: एक लाख चौंतीस हज़ार चार सौ रुपये', 'UTR 412345678901',
    ]) expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/CGST|SGST/);

    expect((await invoice(stranger.client, id)).status).toBe(404);
    expect((await invoice(new ApiClient(app.url), id)).status).toBe(401);
    expect((await invoice(b.client, 'not-an-id')).status).toBe(400);
    // The order's amount was the same invoice total.
    const [row] = await app.sql<{ payable_paise: string }>('select payable_paise::text from orders where id = $1', [id]);
    expect(row.payable_paise).toBe('13440000');
  });

  it('within one state: CGST + SGST in English; without a seller GSTIN a bill of supply with no tax lines', async () => {
    const [s, unregistered, b] = await Promise.all([sellerWith(SELLER_GSTIN, 'MH/'), sellerWith(null, 'BS-'), createSeller(app)]);
    expect((await b.client.put('/account/business', { gstin: null, billing_address: MUMBAI })).status).toBe(200);
    const p = await createProduct(s.client, { price: '450.50', unit: 'set', hsn_code: '7323', gst_rate: 18, quantity: { min_quantity: 1, max_quantity: 1000 } });
    const q = await createProduct(unregistered.client, { price: '100.00', quantity: { min_quantity: 1, max_quantity: 1000 } });
    const intra = await paidOrder(s, b, p.product_id, 120);
    const bill = await paidOrder(unregistered, b, q.product_id, 3);
    await app.drain();
    const intraText = await pdfText(Buffer.from((await invoice(b.client, intra)).raw));
    for (const expected of ['Tax Invoice', 'Invoice no.: MH/1', 'Place of supply: Maharashtra (27)', '120 sets', '₹54,060.00', 'CGST\n₹4,865.40', 'SGST\n₹4,865.40', 'Total\n₹63,790.80', 'In words: Sixty Three Thousand Seven Hundred Ninety Rupees and Eighty Paise']) {
      expect(intraText, expected).toContain(expected);
    }
    expect(intraText).not.toContain('IGST');
    const billText = await pdfText(Buffer.from((await invoice(b.client, bill)).raw));
    for (const expected of ['Bill of Supply', 'Invoice no.: BS-1', 'The seller is not registered under GST: no tax is charged.', '₹300.00']) expect(billText, expected).toContain(expected);
    expect(billText).not.toMatch(/CGST|SGST|IGST|GSTIN: 27/);
  });

  it('20 orders paid at once: numbers 1 to 20 of the seller, no gaps, no duplicates, each within 16 characters', async () => {
    const s = await sellerWith(SELLER_GSTIN, 'SS/26-27/');
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createSeller(app)));
    const p = await createProduct(s.client, { price: '99.00', quantity: { min_quantity: 1, max_quantity: 1000 } });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const b = buyers[i % buyers.length];
      const res = await b.client.post('/products/buy-now', { product_id: p.product_id, quantity: 1 });
      ids.push(res.body.order_id);
      expect((await b.client.post('/orders/confirm', { order_id: res.body.order_id })).status).toBe(200);
    }
    // The seller marks all 20 at once; the jobs (and a sweep racing them) make the invoices concurrently.
    const marks = await Promise.all(ids.map((id) => s.client.post(`/sellers/orders/${id}/payment-received`, {})));
    expect(marks.every((r) => r.status === 200)).toBe(true);
    await Promise.all([app.drain(), ...ids.slice(0, 10).map((id) => app.services.invoices.make(app.infra.orm.em, id))]);
    const rows = await app.sql<{ serial: number; number: string; order_id: string }>('select serial, number, order_id from invoices where seller_id = $1 order by serial', [s.user.uid]);
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(ids));
    expect(rows.every((r) => r.number.length <= 16 && r.number === `SS/26-27/${r.serial}`)).toBe(true);
    const [{ last_serial }] = await app.sql<{ last_serial: number }>('select last_serial from invoice_counters where seller_id = $1', [s.user.uid]);
    expect(last_serial).toBe(20);
    // Each invoice names itself on its order and tells both parties, in the transaction that numbers it:
    // 20 such transactions one after another for one seller (22 s at a load of 15, 32 s at 25).
  }, 90_000);
});
