import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOfSize, makeImage, MB } from '../factories/images.js';
import type { RestProduct, UploadFile } from '../factories/products.js';
import { buyersCopy, listProduct, productPicture, searchForm, searchRest } from '../factories/search.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

let app: TestApp;
let pune: Seller;
let surat: Seller;
let buyer: Seller;
const P: Record<string, RestProduct> = {};
const pictures: Record<string, UploadFile> = {};

const plain = async (color: string): Promise<UploadFile> => ({ name: 'plain.jpg', data: await makeImage({ color }) });

beforeAll(async () => {
  app = await startTestApp();
  [pune, surat, buyer] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
  pictures.dell = await productPicture('Dell Latitude 5490 laptop', 'Computers');
  pictures.chair = await productPicture('Ergonomic mesh office chair', 'Furniture');
  pictures.saree = await productPicture('Banarasi silk saree', 'WomensClothing');
  const city = (c: string, s: string) => ({ location: { city: c, state: s } });
  P.dell = await listProduct(pune.client, { title: 'Dell Latitude 5490 laptop', product_type: 'used', category: 'Computers', tags: ['dell', 'refurbished'], price: '24500.00', quantity: { min_quantity: 1, max_quantity: 15 }, ...city('Pune', 'Maharashtra') }, pictures.dell);
  P.thinkpad = await listProduct(pune.client, { title: 'Lenovo ThinkPad E14', product_type: 'new', category: 'Computers', tags: ['lenovo'], price: '52990.00', description: 'Ryzen 5 business notebook, sealed box.', ...city('Pune', 'Maharashtra') }, await plain('#34495e'));
  P.printer = await listProduct(pune.client, { title: 'HP LaserJet Pro printer', product_type: 'new', category: 'BusinessEquipment', tags: ['printer', 'hp'], price: '17800.00', description: 'Print, scan and copy for small offices.', ...city('Delhi', 'Delhi') }, await plain('#ecf0f1'));
  P.phone = await listProduct(pune.client, { title: 'Samsung Galaxy M34 5G', product_type: 'new', category: 'Smartphones', tags: ['mobile', 'samsung'], price: '15999.00', description: '6000 mAh battery, AMOLED display.', ...city('Mumbai', 'Maharashtra') }, await plain('#2c3e50'));
  P.saree = await listProduct(surat.client, { title: 'Banarasi silk saree', product_type: 'new', category: 'WomensClothing', tags: ['saree', 'silk'], price: '2450.00', description: 'Handwoven art silk with blouse piece.', quantity: { min_quantity: 1, max_quantity: 150 }, ...city('Surat', 'Gujarat') }, pictures.saree);
  P.generator = await listProduct(surat.client, { title: 'Kirloskar diesel generator 5 kVA', product_type: 'used', purchase_type: 'inquire', category: 'IndustrialEquipment', tags: ['generator'], price: null, description: 'Silent genset, serviced.', ...city('Ludhiana', 'Punjab') }, await plain('#f1c40f'));
  P.chair = await listProduct(surat.client, { title: 'Ergonomic mesh office chair', product_type: 'new', category: 'Furniture', tags: ['chair'], price: '6499.00', description: 'Lumbar support, for offices and restaurants.', quantity: { min_quantity: 1, max_quantity: 100 }, ...city('Delhi', 'Delhi') }, pictures.chair);
  await app.drain();
});
afterAll(() => app?.close());

const ids = (res: Awaited<ReturnType<ApiClient['request']>>) => (res.body.results as RestProduct[]).map((r) => r.product_id);
const interactions = async (userId: string) => Number((await app.sql<{ n: string }>('select count(*) as n from search_interactions where user_id = $1', [userId]))[0].n);

describe('POST /products/search (REST, multipart)', () => {
  it('understands a spoken English query: words, price, condition, category', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'used laptop under 30000', limit: 10, force_original: false });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([P.dell.product_id]);
    expect(res.body).toMatchObject({
      total_count: 1,
      query_enhanced: 'laptop',
      // The searched words for a Hindi reader, as GraphQL's queryHindi (issue 26).
      query_hindi: 'लैपटॉप',
      filters: { category: 'Computers', category_name: 'Computers & Laptops', product_type: 'used', max_price: '30000.00', min_price: null, location: null, bulk: false, sort: 'relevance' },
      has_more: false,
    });
    expect(typeof res.body.processing_time_ms).toBe('number');
    const [r] = res.body.results;
    expect(r).toMatchObject({
      title: 'Dell Latitude 5490 laptop',
      condition_text: 'Used - excellent condition',
      maxQty: 15,
      seller_name: pune.username,
      username: pune.username,
      price: '24500.00',
      price_in_inr: '24500.00',
      category: 'Computers',
      location: { city: 'Pune', state: 'Maharashtra' },
    });
    expect(r.thumbnail_url).toMatch(/-md\.webp$/);
  });

  it('Hindi (Devanagari) and Hinglish find English listings', async () => {
    const hindi = await searchRest(new ApiClient(app.url), { query: 'पुराना लैपटॉप 30000 से कम' });
    expect(ids(hindi)).toEqual([P.dell.product_id]);
    expect(hindi.body.query_enhanced).toBe('laptop');
    expect(hindi.body.query_hindi).toBe('लैपटॉप');
    const printer = await searchRest(new ApiClient(app.url), { query: 'प्रिंटर' });
    expect(ids(printer)).toEqual([P.printer.product_id]);
    const hinglish = await searchRest(new ApiClient(app.url), { query: 'Surat ke supplier saree' });
    expect(ids(hinglish)).toEqual([P.saree.product_id]);
    expect(hinglish.body.filters).toMatchObject({ location: 'Surat', category: 'WomensClothing' });
  });

  it('new products have the new condition text, in the language asked for', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'thinkpad' });
    expect(res.body.results[0]).toMatchObject({ condition_text: 'Brand-new in factory packaging', maxQty: 20, seller_name: pune.username });
    // A brand has no Hindi form: the words are not echoed half in English.
    expect(res.body.query_hindi).toBeNull();
    const hi = await searchRest(new ApiClient(app.url, { 'x-locale': 'hi' }), { query: 'thinkpad' });
    expect(hi.body.results[0].condition_text).toBe('फ़ैक्टरी पैकिंग में बिल्कुल नया');
    const used = await searchRest(new ApiClient(app.url, { 'x-locale': 'hi' }), { query: 'used laptop under 30000' });
    expect(used.body.results[0].condition_text).toBe('सेकंड हैंड - बढ़िया हालत');
  });

  it('force_original searches the words as given, with no filters', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'Used laptop under 30000', force_original: true });
    expect(res.status).toBe(200);
    expect(res.body.query_enhanced).toBe('used laptop under 30000');
    expect(res.body.filters).toMatchObject({ category: null, max_price: null, product_type: null });
  });

  it('also takes the body as plain JSON', async () => {
    const res = await new ApiClient(app.url).post('/products/search', { query: 'cheapest chair' });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([P.chair.product_id]);
    expect(res.body.filters.sort).toBe('price_asc');
  });

  it('answers the same through its direct route and through the router (another spelling of the path)', async () => {
    // POST /products/search is served without express's router (docs/architecture.md#read-path); a
    // trailing slash takes the router's route: the same handlers, so the same answers and refusals.
    const client = new ApiClient(app.url);
    const both = (send: (route: string) => Promise<{ status: number; body: unknown; type: string | null }>) => Promise.all(['/products/search', '/products/search/'].map(send));
    for (const body of [{ query: 'cheapest chair' }, { query: '   ' }, { query: 'laptop', limit: 0 }]) {
      const [direct, routed] = await both(async (route) => {
        const res = await client.request('POST', route, body);
        // The answer's own timing differs between two requests.
        return { status: res.status, body: { ...res.body, processing_time_ms: 0 }, type: res.headers.get('content-type') };
      });
      expect(routed, JSON.stringify(body)).toEqual(direct);
    }
    const broken = await both(async (route) => {
      const res = await fetch(app.url + route, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{not json' });
      return { status: res.status, body: await res.json(), type: res.headers.get('content-type') };
    });
    expect(broken[0].status).toBe(400);
    expect(broken[1]).toEqual(broken[0]);
    const cross = await Promise.all(['/products/search', '/products/search/'].map((route) => client.request('POST', route, { query: 'chair' }, { origin: 'https://elsewhere.example' })));
    expect(cross.map((r) => r.status)).toEqual([403, 403]);
  });

  it('pages for infinite scroll (limit and offset)', async () => {
    const client = new ApiClient(app.url);
    const pages = [];
    for (const offset of [0, 2, 4]) pages.push(await searchRest(client, { query: 'new', limit: 2, offset }));
    expect(pages.map((p) => p.body.total_count)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.body.results.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.body.has_more)).toEqual([true, true, false]);
    expect(new Set(pages.flatMap(ids)).size).toBe(5);
  });

  it('refuses bad input with the spec messages, and writes nothing', async () => {
    const tmp = path.join(app.config.UPLOAD_DIR, '.tmp');
    const jpeg = await plain('#123456');
    const cases: Array<[FormData, number, string]> = [
      [searchForm({}), 400, 'Please add at least one image or enter search text'],
      [searchForm({ query: '   ' }), 400, 'Please add at least one image or enter search text'],
      [searchForm('{not json'), 400, 'The body field must be JSON: {"query": "...", "limit": 10, "force_original": false}'],
      [searchForm({ query: 'laptop', limit: 0 }), 400, 'limit must be a whole number from 1 to 50'],
      [searchForm({ query: 'laptop', force_original: 'yes' }), 400, 'force_original must be true or false'],
      [searchForm({ query: 'laptop' }, [jpeg, jpeg, jpeg]), 400, 'Maximum 2 images allowed. Please remove existing images first.'],
      [searchForm({}, [{ name: 'big.png', data: await imageOfSize(5 * MB + 10), type: 'image/png' }]), 413, 'Each image must be less than 5MB'],
      // 'less than 5MB': exactly 5 MiB is refused too.
      [searchForm({}, [{ name: 'exact.png', data: await imageOfSize(5 * MB), type: 'image/png' }]), 413, 'Each image must be less than 5MB'],
      [searchForm({ query: 'laptop', without_filters: ['colour'] }), 400, 'filter must be one of: category, price, productType, purchaseType, location, minQuantity, bulk, sort'],
      [searchForm({}, [{ name: 'doc.jpg', data: Buffer.from('%PDF-1.4 a document, not a photo') }]), 415, 'Please select valid image files'],
      [searchForm({}, [{ name: 'broken.jpg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7)]) }]), 415, 'Please select valid image files'],
    ];
    for (const [form, status, message] of cases) {
      const res = await buyer.client.request('POST', '/products/search', form);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await interactions(buyer.user.uid)).toBe(0);
    expect((await readdir(tmp).catch(() => [])).length).toBe(0);
  });
});

describe('photo search', () => {
  it('a photo of a listed product (cropped, resized, re-encoded) finds that product first', async () => {
    for (const [key, variant] of [['dell', 0], ['chair', 1], ['saree', 2]] as const) {
      const photo = { name: 'photo.jpg', data: await buyersCopy(pictures[key].data, variant) };
      const res = await searchRest(new ApiClient(app.url), {}, [photo]);
      expect(res.status).toBe(200);
      expect(ids(res)[0], key).toBe(P[key].product_id);
      expect(res.body.total_count).toBeGreaterThanOrEqual(1);
    }
  });

  it('combines photos with text: the words filter and rank', async () => {
    const photo = { name: 'photo.jpg', data: await buyersCopy(pictures.dell.data, 1) };
    const chairPhoto = { name: 'chair.jpg', data: await buyersCopy(pictures.chair.data, 2) };
    const both = await searchRest(new ApiClient(app.url), { query: 'dell' }, [chairPhoto, photo]);
    expect(ids(both)[0]).toBe(P.dell.product_id);
    expect(ids(both)).toContain(P.chair.product_id);
    const chairs = await searchRest(new ApiClient(app.url), { query: 'dell laptop' }, [chairPhoto, photo]);
    expect(ids(chairs)).toEqual([P.dell.product_id]);
    const filtered = await searchRest(new ApiClient(app.url), { query: 'under 20000' }, [photo]);
    expect(ids(filtered)).not.toContain(P.dell.product_id);
  });

  it('a photo just under 5 MiB is taken', async () => {
    const res = await searchRest(new ApiClient(app.url), {}, [{ name: 'almost.png', data: await imageOfSize(5 * MB - 1), type: 'image/png' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('pages photo results (infinite scroll), and leaves out the filters the buyer removed', async () => {
    const seller = await createSeller(app);
    const posters: string[] = [];
    for (const n of [1, 2, 3]) {
      const p = await listProduct(seller.client, { title: `Framed wall poster ${n}`, description: 'Wall art for offices.', category: 'HomeDecor', tags: ['poster'], price: `${900 + n}.00` }, pictures.chair);
      posters.push(p.product_id);
    }
    await app.drain();
    const photo = { name: 'photo.jpg', data: await buyersCopy(pictures.chair.data, 0) };
    const client = new ApiClient(app.url);
    const pages = [];
    for (const offset of [0, 2]) pages.push(await searchRest(client, { limit: 2, offset }, [photo]));
    const total = pages[0].body.total_count as number;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(pages.map((p) => p.body.total_count)).toEqual([total, total]);
    expect(pages.map((p) => p.body.has_more)).toEqual([true, total > 4]);
    const seen = pages.flatMap(ids);
    expect(new Set(seen).size).toBe(4);
    expect([P.chair.product_id, ...posters].filter((id) => seen.includes(id)).length).toBeGreaterThanOrEqual(3);

    // The words' filters apply to photos; a removed chip is sent back as without_filters.
    const cheap = await searchRest(client, { query: 'under 1000', limit: 10 }, [photo]);
    expect(cheap.body.filters).toMatchObject({ max_price: '1000.00' });
    expect(ids(cheap)).not.toContain(P.chair.product_id);
    const wider = await searchRest(client, { query: 'under 1000', limit: 10, without_filters: ['price'] }, [photo]);
    expect(wider.body.filters).toMatchObject({ max_price: null });
    expect(ids(wider)).toContain(P.chair.product_id);
    expect(wider.body.total_count).toBeGreaterThan(cheap.body.total_count);
    // The order a word implies ('cheap') is a chip too: removed, it is not put back.
    expect((await searchRest(client, { query: 'cheap poster', limit: 10 }, [photo])).body.filters).toMatchObject({ sort: 'price_asc' });
    expect((await searchRest(client, { query: 'cheap poster', limit: 10, without_filters: ['sort'] }, [photo])).body.filters).toMatchObject({ sort: 'relevance' });
  });

  it('a photo like nothing listed finds nothing', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 96 * 96 * 3 }, (_v, i) => (i * 7919) % 251)), { raw: { width: 96, height: 96, channels: 3 } }).png().toBuffer();
    const res = await searchRest(new ApiClient(app.url), {}, [{ name: 'noise.png', data: noise, type: 'image/png' }]);
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(0);
    expect(res.body.results).toEqual([]);
  });
});

const SEARCH_Q = `query($input: SearchProductsInput!) { searchProducts(input: $input) {
  totalCount queryEnhanced queryHindi processingTimeMs hasMore offset limit
  filters { category categoryName minPrice maxPrice productType location minQuantity sort }
  results { conditionText maxQty sellerName product { id title priceInInr category } } } }`;

describe('GraphQL searchProducts', () => {
  it('answers like REST, with the parsed filters as a typed field', async () => {
    const res = await new ApiClient(app.url).gql(SEARCH_Q, { input: { query: 'used laptop under 30000' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.searchProducts).toMatchObject({
      totalCount: 1,
      queryEnhanced: 'laptop',
      // The searched words for a Hindi reader (the results page's heading, issue 26).
      queryHindi: 'लैपटॉप',
      hasMore: false,
      filters: { category: 'Computers', categoryName: 'Computers & Laptops', maxPrice: '30000.00', minPrice: null, productType: 'used', sort: 'relevance' },
      results: [{ conditionText: 'Used - excellent condition', maxQty: 15, sellerName: pune.username, product: { id: P.dell.product_id, priceInInr: '24500.00' } }],
    });
  });

  it("takes the results page's city and order over what the words said, and refuses a bad one in both languages", async () => {
    const client = new ApiClient(app.url);
    const laptops = await client.gql(SEARCH_Q, { input: { query: 'laptop in Mumbai', city: 'pune', sort: 'price_desc' } });
    expect(laptops.errors).toBeUndefined();
    expect(laptops.data!.searchProducts.filters).toMatchObject({ location: 'pune', sort: 'price_desc', category: 'Computers' });
    expect(laptops.data!.searchProducts.results.map((r: { product: { id: string } }) => r.product.id)).toEqual([P.thinkpad.product_id, P.dell.product_id]);
    const cheapest = await searchRest(client, { query: 'laptop', sort: 'price_asc' });
    expect(ids(cheapest)).toEqual([P.dell.product_id, P.thinkpad.product_id]);
    const delhi = await searchRest(client, { query: 'new', city: 'Delhi' });
    expect(new Set(ids(delhi))).toEqual(new Set([P.printer.product_id, P.chair.product_id]));
    const badSort = await client.gql(SEARCH_Q, { input: { query: 'laptop', sort: 'cheapest' } });
    expect(badSort.errors?.[0]).toMatchObject({ message: 'sort must be one of: relevance, price_asc, price_desc, newest', extensions: { code: 'BAD_USER_INPUT' } });
    const hi = new ApiClient(app.url, { 'x-locale': 'hi' });
    expect((await hi.gql(SEARCH_Q, { input: { query: 'laptop', city: 'x'.repeat(61) } })).errors?.[0].message).toBe('शहर का नाम ज़्यादा से ज़्यादा 60 अक्षरों का हो सकता है');
    expect((await hi.gql(SEARCH_Q, { input: { query: 'laptop', sort: 'cheapest' } })).errors?.[0].message).toBe('यह क्रम नहीं है; इनमें से चुनें: relevance, price_asc, price_desc, newest');
  });

  it('gives category names and errors in Hindi for a Hindi request', async () => {
    const hi = new ApiClient(app.url, { 'x-locale': 'hi' });
    const res = await hi.gql(SEARCH_Q, { input: { query: 'पुराना लैपटॉप' } });
    expect(res.data!.searchProducts.filters.categoryName).toBe('कंप्यूटर और लैपटॉप');
    const bad = await hi.gql(SEARCH_Q, { input: { query: '' } });
    expect(bad.errors?.[0]).toMatchObject({ message: 'कृपया कम से कम एक फ़ोटो जोड़ें या खोज के शब्द लिखें', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('numbers beyond what a listing may hold (docs/product.md#search)', () => {
  const HUGE = ['2147483648 pieces', 'qty 3000000000', 'under 92233720368547759 rupees', '999999999999 lakh', 'over 99999999999999999999 rupees chairs'];
  it('REST, GraphQL, the assistant and the recommendations built from them all answer', async () => {
    const seller = await createSeller(app);
    for (const query of HUGE) {
      const rest = await seller.client.post('/products/search', { query });
      expect(rest.status, `${query}: ${JSON.stringify(rest.body)}`).toBe(200);
      const gql = await seller.client.gql(SEARCH_Q, { input: { query } });
      expect(gql.errors, query).toBeUndefined();
      const turn = await seller.client.gql(ASK, { input: { text: query } });
      expect(turn.errors, query).toBeUndefined();
    }
    const capped = await seller.client.gql(SEARCH_Q, { input: { query: 'under 92233720368547759 rupees' } });
    expect(capped.data!.searchProducts.filters.maxPrice).toBe('100000000.00');
    // The last search is what the recommendations read back.
    const recs = await seller.client.gql('{ recommendations { rows { title } } }');
    expect(recs.errors).toBeUndefined();
    expect((await seller.client.get('/homepage/recommendations')).status).toBe(200);
  });
});

const ASK = `mutation($input: AssistantTurnInput!) { assistantTurn(input: $input) {
  assistantSessionId kind reply prompt promptKind
  search { totalCount queryEnhanced hasMore filters { category minPrice maxPrice productType location sort } results { product { id } } } } }`;
const REMOVE = `mutation($id: ID!, $f: String!) { removeAssistantFilter(assistantSessionId: $id, filter: $f) {
  kind search { totalCount filters { productType maxPrice } } } }`;
const PAGE = `query($id: ID!, $offset: Int!) { assistantPage(assistantSessionId: $id, offset: $offset) { totalCount hasMore offset results { product { id } } } }`;

describe('the search assistant (GraphQL assistantTurn)', () => {
  const say = async (client: ApiClient, text: string, assistantSessionId?: string) => {
    const res = await client.gql(ASK, { input: { text, assistantSessionId } });
    expect(res.errors, text).toBeUndefined();
    return res.data!.assistantTurn;
  };
  const found = (turn: { search: { results: Array<{ product: { id: string } }> } }) => turn.search.results.map((r) => r.product.id);

  it('searches, refines and starts over, keeping the state on the server', async () => {
    const client = new ApiClient(app.url);
    const first = await say(client, 'laptop');
    expect(first).toMatchObject({ kind: 'new', reply: 'I found 2 products.', search: { totalCount: 2, queryEnhanced: 'laptop' } });
    const id = first.assistantSessionId;
    const cheaper = await say(client, 'cheaper', id);
    expect(cheaper).toMatchObject({ assistantSessionId: id, kind: 'refine', search: { totalCount: 1, filters: { maxPrice: '42392.00' } } });
    expect(found(cheaper)).toEqual([P.dell.product_id]);
    const under = await say(client, 'under 60000', id);
    expect(under.search).toMatchObject({ totalCount: 2, filters: { maxPrice: '60000.00' } });
    const onlyNew = await say(client, 'only new', id);
    expect(onlyNew).toMatchObject({ kind: 'refine', reply: 'Updated: 1 product match now.', search: { filters: { productType: 'new' } } });
    expect(found(onlyNew)).toEqual([P.thinkpad.product_id]);
    const chip = await client.gql(REMOVE, { id, f: 'productType' });
    expect(chip.data!.removeAssistantFilter).toMatchObject({ kind: 'refine', search: { totalCount: 2, filters: { productType: null, maxPrice: '60000.00' } } });
    const printers = await say(client, 'show me printers', id);
    expect(printers).toMatchObject({ kind: 'new', search: { totalCount: 1, filters: { maxPrice: null, productType: null } } });
    expect(found(printers)).toEqual([P.printer.product_id]);
  });

  it('answers in Hindi for a Hindi request and asks what to find when nothing was said', async () => {
    const hi = new ApiClient(app.url, { 'x-locale': 'hi' });
    const turn = await say(hi, 'पुराना लैपटॉप 30000 से कम');
    expect(turn.reply).toBe('मुझे 1 प्रोडक्ट मिला।');
    const hello = await say(new ApiClient(app.url), 'hello');
    expect(hello).toMatchObject({ reply: 'What are you looking for? For example “used laptop under 30000”.', search: { totalCount: 0 } });
  });

  it('asks the follow-up questions when the result is broad, one per turn, and uses the answers', async () => {
    const seller = await createSeller(app);
    const colour = await plain('#7f8c8d');
    for (let i = 0; i < 11; i += 1) {
      await listProduct(seller.client, { title: `Visitor chair model ${i}`, category: 'Furniture', tags: ['chair'], price: `${4000 + i * 400}.00`, description: i % 2 ? 'For hotels and restaurants.' : 'For clinics and offices.' }, colour);
    }
    await app.drain();
    const asker = await createSeller(app);
    const client = asker.client;
    const first = await say(client, 'chair');
    expect(first).toMatchObject({ kind: 'new', promptKind: 'industry', prompt: 'What industry is this for?', search: { totalCount: 12, hasMore: true } });
    const industry = await say(client, 'restaurant', first.assistantSessionId);
    expect(industry).toMatchObject({ kind: 'refine', promptKind: 'price', prompt: "What's your preferred price range?" });
    expect(industry.search.totalCount).toBe(12);
    const price = await say(client, '5000 to 7000', first.assistantSessionId);
    expect(price).toMatchObject({ kind: 'refine', promptKind: null, search: { filters: { minPrice: '5000.00', maxPrice: '7000.00' } } });
    expect(price.search.totalCount).toBe(6);

    const more = await client.gql(PAGE, { id: first.assistantSessionId, offset: 0 });
    expect(more.data!.assistantPage).toMatchObject({ totalCount: 6, hasMore: false });
    expect((await say(client, 'cheaper', first.assistantSessionId)).kind).toBe('refine');
    expect((await say(client, 'only new', first.assistantSessionId)).kind).toBe('refine');

    // Only the search itself is remembered, never the refinements ('restaurant', 'cheaper', ...).
    const history = await app.sql('select query, category from search_interactions where user_id = $1 and kind = $2', [asker.user.uid, 'search']);
    expect(history).toEqual([{ query: 'chair', category: 'Furniture' }]);
    const rows = (await client.get('/homepage/recommendations')).body.rows as Array<{ title: string; products: RestProduct[] }>;
    expect(rows.filter((r) => r.title.startsWith('Because you searched')).map((r) => r.title)).toEqual(['Because you searched for “chair”']);
    expect(rows[0].products.every((p) => p.category === 'Furniture')).toBe(true);
  });

  it('pages an assistant session for infinite scroll; an unknown or foreign session is refused', async () => {
    const client = new ApiClient(app.url);
    const first = await say(client, 'new');
    const second = await client.gql(PAGE, { id: first.assistantSessionId, offset: 10 });
    expect(second.data!.assistantPage.offset).toBe(10);
    const unknown = await client.gql(PAGE, { id: '0190a000-0000-7000-8000-000000000000', offset: 0 });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'This search has ended. Please search again.', extensions: { code: 'NOT_FOUND' } });
    const mine = await say(buyer.client, 'laptop');
    const stranger = await surat.client.gql(PAGE, { id: mine.assistantSessionId, offset: 0 });
    expect(stranger.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // A visitor's session cannot be taken over by an account that sends its id (docs/product.md#search).
    const visitors = await say(client, 'chair');
    const grab = await say(surat.client, 'cheaper', visitors.assistantSessionId);
    expect(grab.assistantSessionId).not.toBe(visitors.assistantSessionId);
    expect((await client.gql(PAGE, { id: visitors.assistantSessionId, offset: 0 })).errors).toBeUndefined();
    expect((await surat.client.gql(PAGE, { id: visitors.assistantSessionId, offset: 0 })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await say(client, 'cheaper', visitors.assistantSessionId)).kind).toBe('refine');
    const bad = await client.gql(ASK, { input: { text: '   ' } });
    expect(bad.errors?.[0]).toMatchObject({ message: 'Please say what you are looking for', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

// Sync time, disabled and deleted products, username changes and reindexing run on every engine:
// search-indexing-contract.ts.
describe('keeping search in sync with the catalogue', () => {
  const found = async (query: string) => ids(await searchRest(new ApiClient(app.url), { query }));

  it('indexing is idempotent, and a full reindex rebuilds what was lost', async () => {
    const count = async () => (await app.sql<{ d: string; f: string }>('select (select count(*) from search_documents) as d, (select count(*) from product_image_features) as f'))[0];
    const before = await count();
    await app.services.searchIndexer.indexProduct(P.dell.product_id);
    await app.services.searchIndexer.indexProduct(P.dell.product_id);
    expect(await count()).toEqual(before);
    await app.sql('delete from search_documents');
    expect(await found('thinkpad')).toEqual([]);
    const { documents } = await app.services.searchIndexer.reindexAll();
    expect(documents).toBe(Number(before.d));
    expect(await found('thinkpad')).toEqual([P.thinkpad.product_id]);
    expect(await count()).toEqual(before);
  });
});

describe('GET /homepage/recommendations', () => {
  const rows = async (client: ApiClient) => {
    const res = await client.get('/homepage/recommendations');
    expect(res.status).toBe(200);
    return res.body.rows as Array<{ title: string; products: RestProduct[] }>;
  };

  it('a new visitor gets popular and new products per category (several rows), up to 6 per row, each product once', async () => {
    const fan = await createSeller(app);
    for (const id of [P.saree.product_id, P.saree.product_id, P.generator.product_id]) {
      expect((await fan.client.gql('mutation($id: ID!) { recordProductView(productId: $id) }', { id })).data!.recordProductView).toBe(true);
    }
    const got = await rows(new ApiClient(app.url));
    const perCategory = got.filter((r) => /^(Popular in|New in) /.test(r.title));
    // The most viewed categories first, their viewed products first; then categories by size, newest first.
    expect(perCategory.map((r) => r.title).slice(0, 2)).toEqual(["Popular in Women's Clothing", 'Popular in Industrial Equipment']);
    expect(perCategory[0].products[0].product_id).toBe(P.saree.product_id);
    expect(perCategory.length).toBeGreaterThanOrEqual(4);
    expect(perCategory.slice(2).every((r) => r.title.startsWith('New in '))).toBe(true);
    for (const r of perCategory) expect(new Set(r.products.map((p) => p.category)).size).toBe(1);
    expect(got[got.length - 1].title).toBe('New arrivals');
    for (const r of got) expect(r.products.length).toBeLessThanOrEqual(6);
    const all = got.flatMap((r) => r.products.map((p) => p.product_id));
    expect(new Set(all).size).toBe(all.length);
    expect(got[0].products[0]).toHaveProperty('price_in_inr');
  });

  it('a buyer gets rows from what they searched for and looked at, never their own products', async () => {
    const viewer = await createSeller(app);
    await searchRest(viewer.client, { query: 'printer' });
    const view = await viewer.client.gql('mutation($id: ID!) { recordProductView(productId: $id) }', { id: P.generator.product_id });
    expect(view.data!.recordProductView).toBe(true);
    const got = await rows(viewer.client);
    const searched = got.find((r) => r.title === 'Because you searched for “printer”');
    expect(searched?.products.map((p) => p.product_id)).toEqual([P.printer.product_id]);
    expect(got.find((r) => r.title === 'Picked for you')?.products.map((p) => p.category)).toEqual(expect.arrayContaining(['IndustrialEquipment']));
    const own = (await rows(pune.client)).flatMap((r) => r.products.map((p) => p.user_id));
    expect(own).not.toContain(pune.user.uid);
    const hindi = await rows(new ApiClient(app.url, { 'x-locale': 'hi' }));
    expect(hindi.map((r) => r.title)).toContain('नए प्रोडक्ट');
  });

  it('recording a view: visitors are not recorded, unknown products are refused', async () => {
    const RECORD = 'mutation($id: ID!) { recordProductView(productId: $id) }';
    expect((await new ApiClient(app.url).gql(RECORD, { id: P.dell.product_id })).data!.recordProductView).toBe(false);
    // A seller opening their own listing is not a buyer's interest.
    expect((await pune.client.gql(RECORD, { id: P.dell.product_id })).data!.recordProductView).toBe(false);
    expect(await interactions(pune.user.uid)).toBe(0);
    const unknown = await buyer.client.gql(RECORD, { id: '0190a000-0000-7000-8000-000000000000' });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Product not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('GraphQL recommendations has the same rows', async () => {
    const res = await new ApiClient(app.url).gql('{ recommendations { rows { title products { id title priceInInr category } } } }');
    expect(res.errors).toBeUndefined();
    const rest = await rows(new ApiClient(app.url));
    expect(res.data!.recommendations.rows.map((r: { title: string }) => r.title)).toEqual(rest.map((r) => r.title));
  });
});

describe('precision: every result carries the goods word; nonsense finds nothing', () => {
  const X: Record<string, RestProduct> = {};
  beforeAll(async () => {
    const shop = await createSeller(app);
    const list = async (key: string, title: string, category: string, price: string, extra: Record<string, unknown> = {}) => {
      X[key] = await listProduct(shop.client, { title, category, price, product_type: 'new', description: `${title}.`, tags: [], ...extra }, await plain('#888888'));
    };
    // A catalogue where the naive answers were wrong: printers and a laptop stand in 'Computers & Laptops',
    // safety shoes described with machine-shop and restaurant-kitchen words.
    await list('laserjet', 'HP LaserJet Pro M126nw multifunction printer', 'Computers', '17800.00', { tags: ['printer', 'hp'] });
    await list('monitor', 'Dell 24 inch IPS monitor', 'Computers', '13999.00', { tags: ['monitor', 'dell'] });
    await list('stand', 'Laptop stand aluminium, adjustable', 'Computers', '899.00', { tags: ['laptop stand', 'office'] });
    await list('cheapLaptop', 'Lenovo IdeaPad 1 laptop, Celeron', 'Computers', '18990.00', { tags: ['laptop', 'lenovo'] });
    await list('shoes', 'Safety shoes with steel toe', 'Shoes', '899.00', {
      tags: ['safety shoes', 'steel toe'],
      description: 'For factories, machine shops and restaurant kitchens. Oil and slip resistant.',
    });
    await list('sewing', 'Industrial sewing machine, Juki', 'IndustrialEquipment', '14500.00', { tags: ['sewing machine'] });
    await list('thali', 'Steel thali set for restaurants', 'Kitchen', '1450.00', { tags: ['thali', 'restaurant'] });
    await app.drain();
  });
  const search = async (query: string) => {
    const res = await searchRest(new ApiClient(app.url), { query, limit: 50 });
    expect(res.status, query).toBe(200);
    return res.body as { total_count: number; query_enhanced: string; filters: Record<string, unknown>; results: RestProduct[] };
  };

  it("'laptop' finds laptops, not every product of 'Computers & Laptops' (printers, monitors, a laptop stand)", async () => {
    const res = await search('laptop');
    expect(res.filters).toMatchObject({ category: 'Computers' });
    expect(res.results.map((r) => r.product_id).sort()).toEqual([P.dell.product_id, P.thinkpad.product_id, X.cheapLaptop.product_id].sort());
    for (const r of res.results) expect(`${r.title} ${r.description} ${r.tags.join(' ')}`, r.title).toMatch(/laptop|notebook/i);
  });

  it('each result says why it matched: the searched words of its title, else its tags or description (REST and GraphQL)', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'laptop' });
    const why = Object.fromEntries((res.body.results as Array<RestProduct & { matched_words: string[] }>).map((r) => [r.product_id, r.matched_words]));
    expect(why[P.dell.product_id]).toEqual(['laptop']);
    // The ThinkPad says 'notebook' (a synonym) only in its description.
    expect(why[P.thinkpad.product_id]).toEqual(['notebook']);
    const chairs = await new ApiClient(app.url).gql(SEARCH_Q.replace('sellerName', 'sellerName matchedWords'), { input: { query: 'कुर्सियां', limit: 50 } });
    expect(chairs.errors).toBeUndefined();
    const hits = chairs.data!.searchProducts.results as Array<{ product: { id: string }; matchedWords: string[] }>;
    expect(hits.find((h) => h.product.id === P.chair.product_id)?.matchedWords).toEqual(['chair']);
    for (const h of hits) expect(h.matchedWords.length, h.product.id).toBeGreaterThan(0);
  });

  it("'लैपटॉप 20 हज़ार से कम' finds laptops under ₹20,000, or nothing (never a printer)", async () => {
    const res = await search('लैपटॉप 20 हज़ार से कम');
    expect(res.results.map((r) => r.product_id)).toEqual([X.cheapLaptop.product_id]);
    expect(res.filters).toMatchObject({ category: 'Computers', max_price: '20000.00' });
    const none = await search('लैपटॉप 10 हज़ार से कम');
    expect(none.total_count).toBe(0);
  });

  it('a word more general than its category is the category: "computers" is every product of it', async () => {
    const res = await search('computers');
    expect(res.query_enhanced).toBe('');
    expect(res.filters).toMatchObject({ category: 'Computers' });
    expect(res.total_count).toBe(6);
  });

  it('gibberish finds nothing (REST, GraphQL and the assistant), rather than a few loosely matching products', async () => {
    const gibberish = 'xyzzy qwerty plasma unicorn 99999';
    expect((await search(gibberish)).total_count).toBe(0);
    const turn = await new ApiClient(app.url).gql(ASK, { input: { text: gibberish } });
    expect(turn.data!.assistantTurn).toMatchObject({ search: { totalCount: 0 }, prompt: null });
    expect(turn.data!.assistantTurn.reply).toMatch(/fewer words/);
  });

  it('when nothing matches, the assistant suggests fewer words and the category the goods belong to', async () => {
    const en = await new ApiClient(app.url).gql(ASK, { input: { text: 'table lamp' } });
    expect(en.data!.assistantTurn).toMatchObject({ search: { totalCount: 0, filters: { category: 'HomeDecor' } } });
    expect(en.data!.assistantTurn.reply).toBe("Sorry, I couldn't find any products for that. Try fewer words, other words, or remove a filter. Or say “Home Decor” to see everything in that category.");
    const hi = await new ApiClient(app.url, { 'x-locale': 'hi' }).gql(ASK, { input: { text: 'टेबल लैंप' } });
    expect(hi.data!.assistantTurn.reply).toContain('पूरी कैटेगरी देखने के लिए “घर की सजावट” कहिए।');
  });

  it("'machine' and 'things for my new restaurant' never bring safety shoes", async () => {
    const machine = await search('machine');
    expect(machine.results.map((r) => r.product_id)).toContain(X.sewing.product_id);
    expect(machine.results.map((r) => r.product_id)).not.toContain(X.shoes.product_id);
    const restaurant = await search('I need some things for my new restaurant');
    expect(restaurant.results.map((r) => r.product_id)).toContain(X.thali.product_id);
    expect(restaurant.results.map((r) => r.product_id)).not.toContain(X.shoes.product_id);
  });

  it('a request of describing words only (a brand, a colour) that no listing carries finds nothing, never the catalogue', async () => {
    for (const query of ['nokia', 'maroon', 'maroon nokia', 'मैरून']) {
      const res = await search(query);
      expect(res.total_count, query).toBe(0);
    }
    // The same words do find what carries them.
    expect((await search('lenovo')).results.map((r) => r.product_id)).toContain(X.cheapLaptop.product_id);
  });

  it('describing words are dropped before goods words when together they find nothing', async () => {
    const res = await search('black laptop with backlit keyboard');
    expect(res.total_count).toBeGreaterThan(0);
    for (const r of res.results) expect(`${r.title} ${r.description} ${r.tags.join(' ')}`, r.title).toMatch(/laptop|notebook/i);
  });
});

describe('the category as sellers list it', () => {
  const Y: Record<string, RestProduct> = {};
  beforeAll(async () => {
    const shop = await createSeller(app);
    const list = async (key: string, title: string, category: string) => {
      Y[key] = await listProduct(shop.client, { title, category, price: '500.00', product_type: 'new', description: `${title}.`, tags: [] }, await plain('#777777'));
    };
    // 'gulal' (Holi colour powder) is in no word list: five of its listings are crafts, one a toy.
    await list('toy', 'Pichkari with gulal pack', 'Toys');
    for (const [i, colour] of ['red', 'green', 'yellow', 'pink', 'blue'].entries()) await list(`gulal${i}`, `Herbal ${colour} gulal 1 kg`, 'Crafts');
    // The lexicon says Medical Devices; this seller chose Health Equipment.
    await list('wheelchair', 'Foldable steel wheelchair', 'HealthEquipment');
    await app.drain();
  });

  it('goods the lexicon does not know take the category their strongest matches agree on, which ranks them first', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'gulal' });
    expect(res.body.filters).toMatchObject({ category: 'Crafts' });
    // A guess only ranks: the toy with gulal comes too, after the crafts.
    expect(res.body.total_count).toBe(6);
    expect(ids(res).at(-1)).toBe(Y.toy.product_id);
    // The assistant keeps it as the session's category (a chip the buyer can remove).
    const turn = await new ApiClient(app.url).gql(ASK, { input: { text: 'gulal' } });
    expect(turn.data!.assistantTurn.search).toMatchObject({ totalCount: 6, filters: { category: 'Crafts' } });
  });

  it('a category from the words that the catalogue does not use for those goods gives way: the goods are found where they are listed', async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'wheelchair' });
    expect(ids(res)).toEqual([Y.wheelchair.product_id]);
    expect(res.body.filters).toMatchObject({ category: null });
  });

  it("an ambiguous word sets no category and none is inferred: 'watch'", async () => {
    const res = await searchRest(new ApiClient(app.url), { query: 'watch' });
    expect(res.body.filters).toMatchObject({ category: null });
  });
});

describe('the assistant: new goods start a new search, describing words refine', () => {
  const say = async (client: ApiClient, text: string, assistantSessionId?: string) => {
    const res = await client.gql(ASK, { input: { text, assistantSessionId } });
    expect(res.errors, text).toBeUndefined();
    return res.data!.assistantTurn;
  };

  it("'office' after a laptop search searches office goods, not 'laptop office'", async () => {
    const client = new ApiClient(app.url);
    const laptop = await say(client, 'laptop');
    const office = await say(client, 'office', laptop.assistantSessionId);
    expect(office).toMatchObject({ kind: 'new', search: { queryEnhanced: 'office', filters: { category: null } } });
    expect(office.search.results.map((r: { product: { id: string } }) => r.product.id)).toContain(P.chair.product_id);
  });

  it("other goods ('chairs', 'furniture', 'साड़ी') start over; 'dell', 'black', 'under 30000' refine", async () => {
    const client = new ApiClient(app.url);
    const first = await say(client, 'used laptop under 30000');
    const id = first.assistantSessionId;
    const dell = await say(client, 'dell', id);
    expect(dell).toMatchObject({ kind: 'refine', search: { queryEnhanced: 'laptop dell', filters: { category: 'Computers', productType: 'used' } } });
    const chairs = await say(client, 'chairs', id);
    expect(chairs).toMatchObject({ kind: 'new', search: { queryEnhanced: 'chairs', filters: { category: 'Furniture', productType: null, maxPrice: null } } });
    const black = await say(client, 'black', id);
    expect(black).toMatchObject({ kind: 'refine', search: { queryEnhanced: 'chairs black', filters: { category: 'Furniture' } } });
    const furniture = await say(client, 'furniture', id);
    expect(furniture).toMatchObject({ kind: 'new', search: { queryEnhanced: '', filters: { category: 'Furniture' } } });
    const saree = await say(client, 'साड़ी', id);
    expect(saree).toMatchObject({ kind: 'new', search: { queryEnhanced: 'saree', filters: { category: 'WomensClothing' } } });
    expect(saree.search.results.map((r: { product: { id: string } }) => r.product.id)).toEqual([P.saree.product_id]);
    const under = await say(client, 'under 3000', id);
    expect(under).toMatchObject({ kind: 'refine', search: { queryEnhanced: 'saree', filters: { maxPrice: '3000.00' } } });
  });
});
