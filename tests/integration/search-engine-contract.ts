import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EngineQuery, SearchDocument, SearchEngine } from '../../server/src/adapters/search/search-engine.js';
import { categoryWords, englishSpellings } from '../../server/src/modules/search/search-documents.js';

/**
 * The search engine contract: what every SearchEngine adapter must do, run against each one
 * (PostgreSQL always; Meilisearch whenever one is reachable).
 */

const SELLER_A = '0190a000-0000-7000-8000-00000000000a';
const SELLER_B = '0190a000-0000-7000-8000-00000000000b';
let seq = 0;
const id = () => `0190b000-0000-7000-8000-${(++seq).toString(16).padStart(12, '0')}`;

/** A document as the indexer builds it (category words and English spellings added). */
export function doc(fields: Partial<SearchDocument> & Pick<SearchDocument, 'title' | 'category'>): SearchDocument {
  const description = fields.description ?? `${fields.title}. Good quality, GST invoice.`;
  const tags = fields.tags ?? [];
  return {
    id: id(),
    sellerId: SELLER_A,
    sellerName: 'seller_a',
    description,
    tags,
    categoryTerms: categoryWords(fields.category),
    extraTerms: englishSpellings([fields.title, ...tags, description].join(' ')),
    productType: 'new',
    purchaseType: 'buy_now',
    condition: 'new',
    pricePaise: 100_000n,
    priceMaxPaise: null,
    minQuantity: 1,
    maxQuantity: 1,
    unit: 'piece',
    priceTiers: [],
    city: 'Pune',
    state: 'Maharashtra',
    contact: null,
    thumbnailKey: null,
    gallery: [],
    customQuestions: [],
    sellerStanding: 0,
    createdAt: new Date(Date.UTC(2026, 0, 1 + seq)),
    updatedAt: new Date(Date.UTC(2026, 0, 1 + seq)),
    ...fields,
  };
}

const rupees = (n: number) => BigInt(n) * 100n;

export function engineContract(setup: () => Promise<SearchEngine>) {
  let engine: SearchEngine;
  const D = {
    dell: doc({ title: 'Dell Latitude 5490 laptop', category: 'Computers', productType: 'used', pricePaise: rupees(24500), maxQuantity: 15, tags: ['dell', 'refurbished'] }),
    thinkpad: doc({ title: 'Lenovo ThinkPad E14', category: 'Computers', pricePaise: rupees(52990), description: 'Business notebook with Ryzen 5.' }),
    desktop: doc({ title: 'Office desktop PC Core i3', category: 'Computers', pricePaise: rupees(21500), maxQuantity: 50, city: 'Delhi', state: 'Delhi' }),
    printer: doc({ title: 'HP LaserJet printer', category: 'OfficeSupplies', pricePaise: rupees(17800), purchaseType: 'inquire', sellerId: SELLER_B }),
    phone: doc({ title: 'Samsung Galaxy M34 5G smartphone', category: 'Smartphones', pricePaise: rupees(15999), city: 'Mumbai' }),
    fridge: doc({ title: 'Whirlpool double door refrigerator', category: 'HomeElectronics', pricePaise: rupees(28000), productType: 'used' }),
    generator: doc({ title: 'Kirloskar diesel generator 5 kVA', category: 'IndustrialEquipment', pricePaise: null, purchaseType: 'inquire', city: 'Ludhiana', state: 'Punjab' }),
    chair: doc({ title: 'Ergonomic mesh chair', category: 'Furniture', pricePaise: rupees(6499), maxQuantity: 100, description: 'Great for restaurants and offices.' }),
    hindi: doc({ title: 'पुराना डेल लैपटॉप', category: 'Computers', productType: 'used', pricePaise: rupees(18000), description: 'अच्छी हालत में' }),
    bag: doc({ title: 'Leather office bag', category: 'Bags', pricePaise: rupees(2199), description: 'Fits any laptop up to 15.6 inch. Dell or HP.' }),
  };
  const all = Object.values(D);
  const q = (over: Partial<EngineQuery>): EngineQuery => ({ text: '', matching: 'all', filters: {}, sort: 'relevance', limit: 20, offset: 0, ...over });
  const ids = async (over: Partial<EngineQuery>) => (await engine.search(q(over))).hits.map((h) => h.id);

  beforeAll(async () => {
    engine = await setup();
    await engine.init();
  });
  beforeEach(async () => {
    await engine.replaceAll((async function* () {
      yield all;
    })());
  });

  describe('matching words', () => {
    it('finds by title, tag and description, title matches first; the category name is not searched', async () => {
      expect(await ids({ text: 'latitude' })).toEqual([D.dell.id]);
      expect(await ids({ text: 'refurbished' })).toEqual([D.dell.id]);
      expect(await ids({ text: 'ryzen' })).toEqual([D.thinkpad.id]);
      // 'laptop' finds what carries the word or a synonym (the ThinkPad is a 'notebook'), never a product
      // only because its category is 'Computers & Laptops' (the desktop).
      const laptops = await ids({ text: 'laptop' });
      expect(laptops.sort()).toEqual([D.dell.id, D.thinkpad.id, D.hindi.id, D.bag.id].sort());
      const ranked = await ids({ text: 'laptop' });
      expect(ranked.indexOf(D.dell.id)).toBeLessThan(ranked.indexOf(D.bag.id));
      expect(await ids({ text: 'computers' })).toEqual([]);
    });
    it('a word the index holds matches whole: "table" never finds a tablet (PostgreSQL)', async (ctx) => {
      // Meilisearch's typo tolerance allows one typo from five letters, so 'table' finds 'tablet' there.
      if (engine.name !== 'postgres') return ctx.skip();
      const tablet = doc({ title: 'Lenovo Tab M10 tablet', category: 'Smartphones' });
      const table = doc({ title: 'Wooden office table with drawer', category: 'Furniture' });
      await engine.upsert([tablet, table]);
      expect(await ids({ text: 'table' })).toEqual([table.id]);
      expect(await ids({ text: 'tablet' })).toEqual([tablet.id]);
    });
    it('a goods word is looked for in the product, not in the seller\'s name', async () => {
      const lehenga = doc({ title: 'Bridal lehenga choli', category: 'WomensClothing', sellerName: 'surat_saree_house' });
      const saree = doc({ title: 'Banarasi silk saree', category: 'WomensClothing', sellerName: 'surat_saree_house' });
      await engine.upsert([lehenga, saree]);
      expect(await ids({ text: 'saree', goods: ['saree'] })).toEqual([saree.id]);
    });
    it('matches the start of a word (partial words as people type them)', async () => {
      expect(await ids({ text: 'thinkp' })).toEqual([D.thinkpad.id]);
      expect(await ids({ text: 'kirlos' })).toEqual([D.generator.id]);
    });
    it('tolerates typos', async () => {
      expect(await ids({ text: 'genrator' })).toEqual([D.generator.id]);
      expect(await ids({ text: 'samsng' })).toEqual([D.phone.id]);
      expect(await ids({ text: 'refrigerater' })).toEqual([D.fridge.id]);
    });
    it('knows synonyms', async () => {
      expect(await ids({ text: 'fridge' })).toEqual([D.fridge.id]);
      expect(await ids({ text: 'notebook', filters: { category: 'Computers' } })).toEqual(expect.arrayContaining([D.dell.id, D.thinkpad.id]));
    });
    it('finds a listing written in Devanagari by its English words', async () => {
      expect(await ids({ text: 'dell laptop', filters: { category: 'Computers', maxPricePaise: rupees(20000) } })).toEqual([D.hindi.id]);
    });
    it("'all' needs every word; 'any' still finds products when not every word can match", async () => {
      expect(await ids({ text: 'dell generator' })).toEqual([]);
      expect(await ids({ text: 'dell generator', matching: 'any' })).toContain(D.dell.id);
    });
    it('boost words rank matches higher without being required', async () => {
      const res = await ids({ text: 'office', boost: 'restaurants' });
      expect(res[0]).toBe(D.chair.id);
      expect(res).toEqual(expect.arrayContaining([D.bag.id, D.desktop.id]));
    });
    it('boost words never loosen the words: every word stays required, on every page', async () => {
      // 'office leather': only the bag has both words; a chair that has 'office' and the boost word must not come back.
      const narrow = await engine.search(q({ text: 'office leather', boost: 'restaurants' }));
      expect(narrow.hits.map((h) => h.id)).toEqual([D.bag.id]);
      expect(narrow.total).toBe(1);
      const plain = await engine.search(q({ text: 'office' }));
      const first = await engine.search(q({ text: 'office', boost: 'restaurants', limit: 1 }));
      const rest = await engine.search(q({ text: 'office', boost: 'restaurants', limit: 20, offset: 1 }));
      expect(first.hits.map((h) => h.id)).toEqual([D.chair.id]);
      expect(first.total).toBe(plain.total);
      expect(rest.total).toBe(plain.total);
      expect([...first.hits, ...rest.hits].map((h) => h.id).sort()).toEqual(plain.hits.map((h) => h.id).sort());
      // Sorted by price, a boost changes nothing.
      const byPrice = await ids({ text: 'office', boost: 'restaurants', sort: 'price_asc' });
      expect(byPrice).toEqual(await ids({ text: 'office', sort: 'price_asc' }));
    });
    it("equally relevant matches put the seller of the higher standing first; a more relevant match stays ahead of any standing", async () => {
      // Two listings alike word for word: the newer one would come first, but its seller's standing is lower.
      const trusted = doc({ title: 'Steel tiffin box 3 tier', category: 'Kitchen', sellerId: SELLER_B, sellerStanding: 47 });
      const unknown = doc({ title: 'Steel tiffin box 3 tier', category: 'Kitchen', sellerStanding: 0 });
      // The closest match of all, from a seller with no standing.
      const closest = doc({ title: 'Steel tiffin box', category: 'Kitchen', tags: ['steel tiffin box'], description: 'Steel tiffin box. Steel tiffin box for office lunch.' });
      await engine.upsert([trusted, unknown, closest]);
      expect(await ids({ text: 'steel tiffin box' })).toEqual([closest.id, trusted.id, unknown.id]);
      // Once the standings are equal, the newer listing comes first again.
      await engine.upsert([{ ...trusted, sellerStanding: 0 }]);
      expect(await ids({ text: 'steel tiffin box' })).toEqual([closest.id, unknown.id, trusted.id]);
      // Sorted by price or date, standing plays no part.
      expect(await ids({ text: 'steel tiffin box', sort: 'newest' })).toEqual([closest.id, unknown.id, trusted.id]);
    });
    it('no words: every product that passes the filters, newest first', async () => {
      const res = await engine.search(q({ filters: { category: 'Computers' } }));
      expect(res.total).toBe(4);
      expect(res.hits.map((h) => h.id)).toEqual([D.hindi.id, D.desktop.id, D.thinkpad.id, D.dell.id]);
    });
  });

  describe('goods and their accessories', () => {
    it("a title where the goods word is followed by an accessory word is that accessory: 'laptop' leaves out 'Laptop stand'", async () => {
      const stand = doc({ title: 'Laptop stand aluminium, adjustable', category: 'Computers', tags: ['laptop stand'] });
      const chain = doc({ title: 'Bicycle chain 6 speed', category: 'Bicycles' });
      const cycle = doc({ title: 'Hero bicycle 26T', category: 'Bicycles' });
      await engine.upsert([stand, chain, cycle]);
      const laptops = await ids({ text: 'laptop', goods: ['laptop'] });
      expect(laptops).toContain(D.dell.id);
      expect(laptops).not.toContain(stand.id);
      expect(await ids({ text: 'laptop stand', goods: ['laptop', 'stand'] })).toEqual([stand.id]);
      expect(await ids({ text: 'bicycle', goods: ['bicycle'] })).toEqual([cycle.id]);
      expect(await ids({ text: 'bicycle chain', goods: ['bicycle', 'chain'] })).toEqual([chain.id]);
      // Without goods words nothing is left out.
      expect((await ids({ text: 'bicycle' })).sort()).toEqual([chain.id, cycle.id].sort());
    });
  });

  describe('filters', () => {
    it('category, product type and purchase type', async () => {
      expect(await ids({ filters: { category: 'Smartphones' } })).toEqual([D.phone.id]);
      expect((await ids({ filters: { productType: 'used' } })).sort()).toEqual([D.dell.id, D.fridge.id, D.hindi.id].sort());
      expect((await ids({ filters: { purchaseType: 'inquire' } })).sort()).toEqual([D.printer.id, D.generator.id].sort());
    });
    it('price range in paise, products without a price never match a price filter', async () => {
      const res = await ids({ filters: { minPricePaise: rupees(15999), maxPricePaise: rupees(24500) } });
      expect(res.sort()).toEqual([D.dell.id, D.desktop.id, D.phone.id, D.printer.id, D.hindi.id].sort());
      expect(await ids({ filters: { maxPricePaise: rupees(2199) } })).toEqual([D.bag.id]);
      expect(await ids({ filters: { minPricePaise: rupees(2199) } })).not.toContain(D.generator.id);
    });
    it('location: a city or a state, ignoring case', async () => {
      expect(await ids({ filters: { location: 'ludhiana' } })).toEqual([D.generator.id]);
      expect(await ids({ filters: { location: 'Punjab' } })).toEqual([D.generator.id]);
      expect(await ids({ filters: { location: 'DELHI' } })).toEqual([D.desktop.id]);
    });
    it('a listing\'s city and state are compared by their gazetteer names, as the buyer\'s words are', async () => {
      const bangalore = doc({ title: 'Canon imageCLASS printer', category: 'BusinessEquipment', city: 'Bangalore', state: 'Karnataka' });
      const gurgaon = doc({ title: 'Brother laser printer', category: 'BusinessEquipment', city: ' gurgaon ', state: 'Haryana' });
      const hindi = doc({ title: 'Epson ink tank printer', category: 'BusinessEquipment', city: 'पुणे', state: 'महाराष्ट्र' });
      const elsewhere = doc({ title: 'Ricoh office printer', category: 'BusinessEquipment', city: 'Hosur', state: 'Tamil Nadu' });
      await engine.upsert([bangalore, gurgaon, hindi, elsewhere]);
      expect(await ids({ text: 'printer', filters: { location: 'Bengaluru' } })).toEqual([bangalore.id]);
      expect(await ids({ text: 'printer', filters: { location: 'Gurugram' } })).toEqual([gurgaon.id]);
      expect((await ids({ text: 'printer', filters: { location: 'Pune' } })).sort()).toEqual([D.printer.id, hindi.id].sort());
      expect(await ids({ text: 'printer', filters: { location: 'hosur' } })).toEqual([elsewhere.id]);
      expect(await ids({ text: 'printer', filters: { location: 'Tamil Nadu' } })).toEqual([elsewhere.id]);
      // The listing still shows the place as the seller wrote it.
      const [hit] = (await engine.search(q({ filters: { ids: [bangalore.id] } }))).hits;
      expect(hit).toMatchObject({ city: 'Bangalore', state: 'Karnataka' });
    });
    it('quantity the seller can supply', async () => {
      expect((await ids({ filters: { minQuantity: 15 } })).sort()).toEqual([D.dell.id, D.desktop.id, D.chair.id].sort());
    });
    it('bulk leaves out only listings whose maximum is too small to supply it (1, the default, says nothing)', async () => {
      const few = doc({ title: 'Steel almirah', category: 'Furniture', maxQuantity: 5 });
      await engine.upsert([few]);
      const bulk = await ids({ filters: { bulk: true }, limit: 50 });
      expect(bulk).not.toContain(few.id);
      expect(bulk.sort()).toEqual(all.map((d) => d.id).sort());
      expect((await ids({ filters: { bulk: true, minQuantity: 20 } })).sort()).toEqual([D.desktop.id, D.chair.id].sort());
    });
    it('only given products, never given sellers', async () => {
      expect((await ids({ filters: { ids: [D.chair.id, D.bag.id] } })).sort()).toEqual([D.chair.id, D.bag.id].sort());
      expect(await ids({ filters: { ids: [] } })).toEqual([]);
      expect(await ids({ filters: { excludeSellerIds: [SELLER_A] } })).toEqual([D.printer.id]);
    });
    it('filters and words together', async () => {
      expect(await ids({ text: 'laptop', filters: { productType: 'used', maxPricePaise: rupees(30000), location: 'pune' } })).toEqual(
        expect.arrayContaining([D.dell.id, D.hindi.id]),
      );
      expect(await ids({ text: 'laptop', filters: { location: 'Mumbai' } })).toEqual([]);
    });
  });

  describe('order and pages', () => {
    it('sorts by price either way, products without a price last', async () => {
      const up = await ids({ sort: 'price_asc' });
      expect(up[0]).toBe(D.bag.id);
      expect(up[up.length - 1]).toBe(D.generator.id);
      const down = await ids({ sort: 'price_desc' });
      expect(down[0]).toBe(D.thinkpad.id);
      expect(down[down.length - 1]).toBe(D.generator.id);
      expect(await ids({ sort: 'newest', limit: 1 })).toEqual([D.bag.id]);
    });
    it('pages with limit and offset; the total counts every match', async () => {
      const first = await engine.search(q({ sort: 'price_asc', limit: 3 }));
      const second = await engine.search(q({ sort: 'price_asc', limit: 3, offset: 3 }));
      expect(first.total).toBe(all.length);
      expect(second.total).toBe(all.length);
      expect(new Set([...first.hits, ...second.hits].map((h) => h.id)).size).toBe(6);
      const past = await engine.search(q({ limit: 5, offset: 50 }));
      expect(past.hits).toEqual([]);
      expect(past.total).toBe(all.length);
    });
  });

  describe('numbers, multi-word synonyms, boosts and deep pages', () => {
    it('a model number matches whole: no typo makes 5480 the 5490', async () => {
      expect(await ids({ text: '5490' })).toEqual([D.dell.id]);
      expect(await ids({ text: '5480' })).toEqual([]);
      expect(await ids({ text: 'latitude 5480' })).toEqual([]);
    });
    it("a multi-word synonym's accessories are left out too: 'ac' leaves out an air conditioner cover", async () => {
      const split = doc({ title: 'Voltas 1.5 ton split air conditioner', category: 'HomeElectronics' });
      const cover = doc({ title: 'Air conditioner cover, waterproof', category: 'HomeElectronics' });
      await engine.upsert([split, cover]);
      const goods = await ids({ text: 'ac', goods: ['ac'] });
      expect(goods).toContain(split.id);
      expect(goods).not.toContain(cover.id);
      expect(await ids({ text: 'ac' })).toEqual(expect.arrayContaining([split.id, cover.id]));
    });
    it("a boost never brings in, nor counts, a product that has a goods word only in its seller's name", async () => {
      const lehenga = doc({ title: 'Bridal lehenga choli', category: 'WomensClothing', sellerName: 'surat_saree_house' });
      const saree = doc({ title: 'Banarasi bridal silk saree', category: 'WomensClothing', sellerName: 'surat_saree_house' });
      await engine.upsert([lehenga, saree]);
      const res = await engine.search(q({ text: 'saree', goods: ['saree'], boost: 'bridal' }));
      expect(res.hits.map((h) => h.id)).toEqual([saree.id]);
      expect(res.total).toBe(1);
    });
    it('more than 1,000 matches: every page is served, none repeats, and the total never claims too few', async () => {
      const many = Array.from({ length: 1200 }, (_, i) => doc({ title: `Zircon abrasive disc model Z${i}`, category: 'IndustrialEquipment' }));
      await engine.upsert(many);
      const seen = new Set<string>();
      for (let offset = 0; offset < 1200; offset += 50) {
        const page = await engine.search(q({ text: 'zircon abrasive', sort: 'newest', limit: 50, offset }));
        expect(page.hits, `page at ${offset}`).toHaveLength(50);
        for (const h of page.hits) seen.add(h.id);
        // Exact, or a lower bound the engine says it is.
        if (page.totalExact === false) expect(page.total).toBeLessThanOrEqual(1200);
        else expect(page.total).toBe(1200);
        expect(page.total).toBeGreaterThanOrEqual(1000);
      }
      expect(seen.size).toBe(1200);
      const past = await engine.search(q({ text: 'zircon abrasive', limit: 20, offset: 1180 }));
      expect(past.hits).toHaveLength(20);
    });
  });

  describe('keeping in sync', () => {
    it('a document comes back as it was stored', async () => {
      const [hit] = (await engine.search(q({ filters: { ids: [D.dell.id] } }))).hits;
      expect(hit).toEqual(D.dell);
    });
    it('upsert replaces a document, remove drops it (unknown ids are fine)', async () => {
      await engine.upsert([{ ...D.dell, title: 'Dell Vostro 3400 laptop', description: 'Dell Vostro, 8 GB RAM.' }]);
      expect(await ids({ text: 'latitude' })).toEqual([]);
      expect(await ids({ text: 'vostro' })).toEqual([D.dell.id]);
      await engine.remove([D.dell.id, id()]);
      expect(await ids({ text: 'vostro' })).toEqual([]);
      expect((await engine.search(q({}))).total).toBe(all.length - 1);
    });
    it('upsert is idempotent', async () => {
      await engine.upsert([D.chair, D.chair]);
      await engine.upsert([D.chair]);
      expect((await engine.search(q({}))).total).toBe(all.length);
    });
    it('replaceAll leaves exactly the new set', async () => {
      const extra = doc({ title: 'Canon EOS 1500D camera', category: 'Cameras' });
      const count = await engine.replaceAll((async function* () {
        yield [D.phone, extra];
      })());
      expect(count).toBe(2);
      expect((await ids({})).sort()).toEqual([D.phone.id, extra.id].sort());
    });
  });
}
