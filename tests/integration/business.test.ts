import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, registerAndLogin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

// docs/product.md#business-details
const SELLER_FIELDS = 'legalName tradeName gstin address { line1 city state stateName pincode } upiVpa bank { accountName accountNumber ifsc } invoicePrefix pricesIncludeGst';
const SAVE_SELLER = `mutation($input: SellerBusinessInput!) { saveSellerBusiness(input: $input) { ${SELLER_FIELDS} } }`;
const SAVE_BUYER = `mutation($input: BuyerBillingInput!) { saveBuyerBilling(input: $input) { legalName gstin billingAddress { line1 city state stateName pincode } } }`;

const MUMBAI = { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' };
const GOOD = {
  legal_name: 'Sharma Steel Traders Pvt Ltd',
  trade_name: 'Sharma Steel',
  gstin: '27aapfu0939f1zv',
  address: MUMBAI,
  upi_vpa: ' Sharma.Steel@OKHDFC ',
  bank: { account_name: 'Sharma Steel Traders', account_number: '123456789012', ifsc: 'hdfc0001234' },
  invoice_prefix: 'ss/26-27/',
  prices_include_gst: false,
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const sellerRow = async (id: string) => (await app.sql('select * from seller_business where user_id = $1', [id]))[0];

describe('seller business details', () => {
  it('are saved and read back on both doors, normalized', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    expect((await client.get('/sellers/business')).body).toEqual({ business: null });

    const saved = await client.put('/sellers/business', GOOD);
    expect(saved.status).toBe(200);
    expect(saved.body.business).toMatchObject({
      legal_name: 'Sharma Steel Traders Pvt Ltd',
      gstin: '27AAPFU0939F1ZV',
      address: { line1: MUMBAI.line1, city: 'Mumbai', state: '27', state_name: 'Maharashtra', pincode: '400002' },
      upi_vpa: 'sharma.steel@okhdfc',
      bank: { account_name: 'Sharma Steel Traders', account_number: '123456789012', ifsc: 'HDFC0001234' },
      invoice_prefix: 'SS/26-27/',
      prices_include_gst: false,
    });
    expect((await client.get('/sellers/business')).body.business).toEqual(saved.body.business);

    const gql = await client.gql(`{ sellerBusiness { ${SELLER_FIELDS} } }`);
    expect(gql.data?.sellerBusiness).toMatchObject({ gstin: '27AAPFU0939F1ZV', address: { state: '27', stateName: 'Maharashtra' }, invoicePrefix: 'SS/26-27/' });

    // A seller below the GST threshold has no GSTIN (bills of supply); the defaults fill in.
    const unregistered = await client.gql(SAVE_SELLER, { input: { legalName: 'Sharma Steel', address: { ...MUMBAI, state: '27' } } });
    expect(unregistered.errors).toBeUndefined();
    expect(unregistered.data?.saveSellerBusiness).toMatchObject({ gstin: null, upiVpa: null, bank: null, invoicePrefix: 'INV-', pricesIncludeGst: true });
    expect((await sellerRow(a.user.uid)).gstin).toBeNull();

    // The state's name follows the request's language.
    const hindi = await new ApiClient(app.url, { 'x-locale': 'hi', cookie: client.cookie! }).get('/sellers/business');
    expect(hindi.body.business.address.state_name).toBe('महाराष्ट्र');
  });

  it('refuses a GSTIN with a wrong check character, of another state, or misshapen: a 400 at the field, in both languages, nothing written', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const cases: Array<[string, string, string]> = [
      ['27AAPFU0939F1ZW', 'This GSTIN has a typing mistake: its last character does not match the others', 'इस GSTIN में टाइपिंग की ग़लती है: आख़िरी अक्षर बाकी अक्षरों से मेल नहीं खाता'],
      ['29AAGCB7383J1Z4', 'This GSTIN is registered in Karnataka (29), not in Maharashtra (27)', 'यह GSTIN Karnataka (29) में रजिस्टर्ड है, Maharashtra (27) में नहीं'],
      ['27AAPFU0939F1Z', 'Please enter a valid GSTIN: 15 characters, like 27AAPFU0939F1ZV', 'कृपया सही GSTIN डालें: 15 अक्षर, जैसे 27AAPFU0939F1ZV'],
    ];
    const hindi = new ApiClient(app.url, { 'x-locale': 'hi' });
    hindi.cookie = client.cookie;
    for (const [gstin, english, hindiMessage] of cases) {
      const res = await client.put('/sellers/business', { ...GOOD, gstin });
      expect(res.status, gstin).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: english, details: { fields: { gstin: english } } });
      const hi = await hindi.put('/sellers/business', { ...GOOD, gstin });
      expect(hi.body).toMatchObject({ message: hindiMessage, details: { fields: { gstin: hindiMessage } } });
      expectGqlError(await client.gql(SAVE_SELLER, { input: { legalName: 'X', gstin, address: MUMBAI } }), 'BAD_USER_INPUT', english);
    }
    expect(await sellerRow(a.user.uid)).toBeUndefined();
  });

  it('refuses every other bad field by name and writes nothing', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ legal_name: '  ' }, 'legal_name', 'Please enter the legal name'],
      [{ address: { ...MUMBAI, state: 'Atlantis' } }, 'address.state', 'Please choose a state of India'],
      [{ address: { ...MUMBAI, pincode: '04000' } }, 'address.pincode', 'Please enter a 6-digit PIN code'],
      [{ address: { ...MUMBAI, city: '' } }, 'address.city', 'Please enter the city'],
      [{ address: null }, 'address', 'Please enter the address'],
      [{ upi_vpa: 'sharma steel' }, 'upi_vpa', 'Please enter a UPI ID like shopname@okhdfc'],
      [{ bank: { account_name: 'A', account_number: '12', ifsc: 'HDFC0001234' } }, 'bank.account_number', 'Please enter the account number: 9 to 18 digits'],
      [{ bank: { account_name: 'A', account_number: '123456789', ifsc: 'HDFC1001234' } }, 'bank.ifsc', 'Please enter the IFSC: 11 characters, like SBIN0001234'],
      [{ invoice_prefix: 'INVOICE-2026-' }, 'invoice_prefix', 'The invoice prefix may have letters, digits, - and /, at most 10'],
      [{ invoice_prefix: 'INV#' }, 'invoice_prefix', 'The invoice prefix may have letters, digits, - and /, at most 10'],
      [{ prices_include_gst: 'yes' }, 'prices_include_gst', 'Say whether prices include GST (true or false)'],
    ];
    for (const [change, field, message] of cases) {
      const res = await client.put('/sellers/business', { ...GOOD, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.details.fields[field], field).toBe(message);
    }
    expect((await client.put('/sellers/business', [1, 2])).body.message).toBe('Please enter the legal name');
    expect(await sellerRow(a.user.uid)).toBeUndefined();
    expect((await new ApiClient(app.url).get('/sellers/business')).status).toBe(401);
  });
});

describe('buyer billing details', () => {
  it('are saved with a GSTIN of the billing state or none, and refused with another state\'s', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    expect((await client.get('/account/business')).body).toEqual({ billing: null });
    const bengaluru = { line1: 'No. 4, Gandhi Bazaar', city: 'Bengaluru', state: '29', pincode: '560004' };
    const saved = await client.put('/account/business', { legal_name: 'Gupta Kirana', gstin: '29AAGCB7383J1Z4', billing_address: bengaluru });
    expect(saved.status).toBe(200);
    expect(saved.body.billing).toMatchObject({ legal_name: 'Gupta Kirana', gstin: '29AAGCB7383J1Z4', billing_address: { state: '29', state_name: 'Karnataka' } });
    expect((await client.get('/account/business')).body.billing).toEqual(saved.body.billing);

    const wrong = await client.put('/account/business', { gstin: '27AAPFU0939F1ZV', billing_address: bengaluru });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.fields.gstin).toBe('This GSTIN is registered in Maharashtra (27), not in Karnataka (29)');
    expect((await client.get('/account/business')).body.billing.gstin).toBe('29AAGCB7383J1Z4');

    const none = await client.gql(SAVE_BUYER, { input: { billingAddress: { ...bengaluru, state: 'कर्नाटक' } } });
    expect(none.data?.saveBuyerBilling).toMatchObject({ legalName: null, gstin: null, billingAddress: { state: '29' } });
    expect((await client.gql('{ indianStates { code name } }')).data?.indianStates).toContainEqual({ code: '27', name: 'Maharashtra' });
  });

  it('are forgotten with the account', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    await client.put('/account/business', { billing_address: MUMBAI });
    await client.put('/sellers/business', GOOD);
    expect((await client.post('/auth/delete-account', { password: a.password })).status).toBe(200);
    expect(await app.sql('select 1 from buyer_billing where user_id = $1 union all select 1 from seller_business where user_id = $1', [a.user.uid])).toEqual([]);
  });
});
