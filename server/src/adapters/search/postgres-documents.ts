import type { PlaceKey, SearchDocument } from './search-engine.js';
import type { SqlRunner } from './sql-runner.js';
import { accessoryOfListing } from './accessories.js';

/**
 * How the PostgreSQL engine writes documents: the row and its weighted vector (search_documents), the
 * word index in date order (search_postings) and the typo dictionary (search_terms).
 */

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** The shortest words the typo dictionary holds (so 'ac' and 'tv' match whole when listings have them). */
export const MIN_KNOWN_WORD = 2;

/** The words of a text, lower-cased, as the query builder and the word list see them. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * The lexemes of a vector that get a posting (search_postings): every word, not the filter and
 * accessory markers (a search never starts from them).
 */
const POSTING_LEXEME = `l !~ '^z(fc|fl|acc)'`;
const DELETE_POSTINGS = `delete from search_postings s using search_documents d, unnest(tsvector_to_array(d.search_vector)) l
  where d.product_id = any($1::uuid[]) and s.lexeme = l and s.product_created_at = d.product_created_at and s.product_id = d.product_id`;
/** The lexeme prefix of an accessory marker ('zacclaptop': this title is an accessory of laptops). */
export const ACCESSORY_MARK = 'zacc';
/**
 * A posting carries the category (as hashtext of its id: 4 bytes), the price, the largest quantity,
 * new/used and whether the listing is an accessory of the word (its vector holds ACCESSORY_MARK || the
 * word: 'Laptop bag' for 'laptop') too: those filters are checked in the index
 * (migrations/Migration20261128115500_search_postings_accessory.ts).
 */
const POSTING_COLUMNS = 'lexeme, product_created_at, product_id, category_key, price_paise, max_quantity, product_type, accessory';
const POSTING_VALUES = `l, d.product_created_at, d.product_id, hashtext(d.category), d.price_paise, d.max_quantity, d.product_type,
  array['${ACCESSORY_MARK}' || l] <@ tsvector_to_array(d.search_vector)`;
/** The postings' index (see migrations/Migration20261126120000_search_postings.ts). */
const POSTING_INDEX = '(lexeme, product_created_at desc, product_id) include (category_key, price_paise, max_quantity, product_type, accessory)';
/**
 * The postings of each word by category, in date order (migrations/Migration20261126150000_search_postings_by_category.ts):
 * a search with a category reads that category's postings only (the planner picks it for the
 * branches that carry `category_key = hashtext(...)`).
 */
const POSTING_CATEGORY_INDEX = '(lexeme, category_key, product_created_at desc, product_id) include (price_paise, max_quantity, product_type, accessory)';
const INSERT_POSTINGS = `insert into search_postings (${POSTING_COLUMNS})
  select ${POSTING_VALUES} from search_documents d, unnest(tsvector_to_array(d.search_vector)) l
  where d.product_id = any($1::uuid[]) and ${POSTING_LEXEME}
  on conflict do nothing`;

/**
 * Markers for the words of a title that an accessory word follows ('Laptop stand' -> zacclaptop,
 * 'Bicycle chain' -> zaccbicycle). Written into the vector at indexing, so a search for the goods
 * leaves the accessory out with one negated lexeme instead of a phrase test on every match.
 */
export const accessoryMarkers = (d: { title: string; tags: string[] }, accessories: string[], spell?: (text: string) => string): string[] =>
  accessoryOfListing(d, accessories, spell).map((w) => `${ACCESSORY_MARK}${w}`);

/** A document's vocabulary words (search_words in migrations/Migration20261127192635_search_vocabulary.ts). */
const WORDS_OF = (d: string) => `search_words(${d}.title, ${d}.tags, ${d}.extra_terms)`;

/**
 * The vocabulary's counts follow the documents: the words of the documents as stored go, the words of
 * the rows about to be written come, in one statement in word order (two writers never wait on each
 * other's words in opposite orders). Words no document holds any more are dropped.
 */
async function countWords(db: SqlRunner, ids: string[], rows: string | null): Promise<void> {
  const { rows: changed } = await db.query<{ word: string; documents: number }>(
    `with delta as (
       select l, -1 as n from search_documents d, unnest(${WORDS_OF('d')}) l where d.product_id = any($1::uuid[])
       ${rows === null ? '' : `union all select l, 1 from json_to_recordset($2::json) as r(title text, tags text[], extra_terms text[]), unnest(${WORDS_OF('r')}) l`}),
     net as (select l, sum(n)::int as n from delta group by l having sum(n) <> 0)
     insert into search_vocabulary (word, documents) select l, n from net order by l
     on conflict (word) do update set documents = search_vocabulary.documents + excluded.documents
     returning word, documents`,
    rows === null ? [ids] : [ids, rows],
  );
  const gone = changed.filter((r) => Number(r.documents) <= 0).map((r) => r.word);
  if (gone.length) await db.query('delete from search_vocabulary where word = any($1::text[]) and documents <= 0', [gone]);
}

/**
 * Writes the vocabulary again from the documents (a full reindex), keeping the sounds of words still
 * in use. Under the caller's lock on the documents.
 */
export async function rebuildVocabulary(tx: SqlRunner): Promise<void> {
  await tx.query(`with fresh as (select l as word, count(*)::int as documents from search_documents d, unnest(${WORDS_OF('d')}) l group by l),
      gone as (delete from search_vocabulary v where not exists (select 1 from fresh f where f.word = v.word))
    insert into search_vocabulary (word, documents) select word, documents from fresh order by word
    on conflict (word) do update set documents = excluded.documents`);
}

/** Removes documents, their postings and their words' counts. */
export async function removeDocuments(db: SqlRunner, ids: string[]): Promise<void> {
  await countWords(db, ids, null);
  await db.query(DELETE_POSTINGS, [ids]);
  await db.query('delete from search_documents where product_id = any($1::uuid[])', [ids]);
}

/**
 * Inserts or replaces documents and adds their words to the typo dictionary. `incremental`: the word
 * index in date order and the vocabulary follow each write (a full reindex rebuilds both at the end).
 */
export async function upsertDocuments(db: SqlRunner, given: SearchDocument[], placeKey: PlaceKey, accessories: string[], spell?: (text: string) => string, incremental = true): Promise<void> {
  // One row per product (the last copy wins), in id order so concurrent writers lock alike.
  const docs = [...new Map(given.map((d) => [d.id, d])).values()].sort((a, b) => a.id.localeCompare(b.id));
  if (!docs.length) return;
  const rows = docs.map((d) => ({
    product_id: d.id,
    seller_id: d.sellerId,
    seller_name: d.sellerName,
    title: d.title,
    description: d.description,
    tags: d.tags,
    category: d.category,
    category_terms: d.categoryTerms,
    extra_terms: d.extraTerms,
    product_type: d.productType,
    purchase_type: d.purchaseType,
    condition: d.condition,
    price_paise: d.pricePaise === null ? null : d.pricePaise.toString(),
    price_max_paise: d.priceMaxPaise === null ? null : d.priceMaxPaise.toString(),
    min_quantity: d.minQuantity,
    max_quantity: d.maxQuantity,
    unit: d.unit,
    price_tiers: d.priceTiers,
    city: d.city,
    state: d.state,
    // Places are compared by their gazetteer name, as buyers' words are ('Bangalore' = 'Bengaluru').
    city_key: placeKey(d.city),
    state_key: placeKey(d.state),
    contact: d.contact,
    thumbnail_key: d.thumbnailKey,
    gallery: d.gallery,
    custom_questions: d.customQuestions,
    seller_standing: d.sellerStanding,
    product_created_at: d.createdAt.toISOString(),
    product_updated_at: d.updatedAt.toISOString(),
    markers: accessoryMarkers(d, accessories, spell).join(' '),
  }));
  const ids = docs.map((d) => d.id);
  const json = JSON.stringify(rows);
  if (incremental) await countWords(db, ids, json);
  // The word index in date order follows the vector: the old words' postings go, the new ones come.
  if (incremental) await db.query(DELETE_POSTINGS, [ids]);
  await db.query(
    `insert into search_documents (product_id, seller_id, seller_name, title, description, tags, category, category_terms,
       extra_terms, product_type, purchase_type, condition, price_paise, price_max_paise, min_quantity, max_quantity, unit, price_tiers, city,
       state, city_key, state_key, contact, thumbnail_key, gallery, custom_questions, seller_standing, product_created_at, product_updated_at, search_vector,
       indexed_at)
     select r.product_id, r.seller_id, r.seller_name, r.title, r.description, r.tags, r.category, r.category_terms,
       r.extra_terms, r.product_type, r.purchase_type, r.condition, r.price_paise, r.price_max_paise, r.min_quantity,
       r.max_quantity, r.unit, r.price_tiers, r.city,
       r.state, r.city_key, r.state_key, r.contact, r.thumbnail_key, r.gallery, r.custom_questions, r.seller_standing,
       r.product_created_at, r.product_updated_at,
       setweight(to_tsvector('english', search_fold(r.title)), 'A')
         || setweight(to_tsvector('english', search_fold(array_to_string(r.tags || r.extra_terms, ' '))), 'B')
         || setweight(to_tsvector('english', concat_ws(' ', r.seller_name, r.city, r.state)), 'C')
         || setweight(to_tsvector('english', search_fold(r.description)), 'D')
         || setweight(to_tsvector('english', r.markers), 'A')
         || setweight(to_tsvector('english', search_filter_markers(r.category, r.city_key, r.state_key)), 'D'),
       clock_timestamp()
     from json_to_recordset($1::json) as r(product_id uuid, seller_id uuid, seller_name text, title text, description text,
       tags text[], category text, category_terms text[], extra_terms text[], product_type text, purchase_type text,
       condition text, price_paise bigint, price_max_paise bigint, min_quantity int, max_quantity int, unit text, price_tiers jsonb, city text, state text, city_key text,
       state_key text, contact text,
       thumbnail_key text, gallery jsonb, custom_questions jsonb, seller_standing smallint, product_created_at timestamptz,
       product_updated_at timestamptz, markers text)
     on conflict (product_id) do update set seller_id = excluded.seller_id, seller_name = excluded.seller_name,
       title = excluded.title, description = excluded.description, tags = excluded.tags, category = excluded.category,
       category_terms = excluded.category_terms, extra_terms = excluded.extra_terms, product_type = excluded.product_type,
       purchase_type = excluded.purchase_type, condition = excluded.condition, price_paise = excluded.price_paise,
       price_max_paise = excluded.price_max_paise, min_quantity = excluded.min_quantity, max_quantity = excluded.max_quantity,
       unit = excluded.unit, price_tiers = excluded.price_tiers, city = excluded.city,
       state = excluded.state, city_key = excluded.city_key, state_key = excluded.state_key, contact = excluded.contact,
       thumbnail_key = excluded.thumbnail_key, gallery = excluded.gallery, custom_questions = excluded.custom_questions, seller_standing = excluded.seller_standing,
       product_created_at = excluded.product_created_at, product_updated_at = excluded.product_updated_at,
       search_vector = excluded.search_vector, indexed_at = excluded.indexed_at`,
    [json],
  );
  if (incremental) await db.query(INSERT_POSTINGS, [ids]);
  const terms = new Set<string>();
  for (const d of docs) {
    for (const w of wordsOf([d.title, ...d.tags, ...d.extraTerms, d.description].join(' '))) {
      if (w.length >= MIN_KNOWN_WORD && w.length <= 40 && !/^\d+$/.test(w)) terms.add(w);
    }
  }
  await db.query('insert into search_terms (term) select unnest($1::text[]) on conflict do nothing', [[...terms].sort()]);
}

/**
 * Writes the word index in date order (search_postings) again from the documents, as a new table
 * swapped in at the end: one bulk insert and one index build instead of 25 index insertions per
 * document while the documents are written. Writers of documents wait meanwhile (SHARE lock), so
 * none is lost between the copy and the swap; searches go on reading the old table until the swap.
 * The vocabulary is written again under the same lock.
 */
export async function rebuildPostings(tx: SqlRunner): Promise<void> {
  await tx.query('lock table search_documents in share mode');
  await tx.query('drop table if exists search_postings_next');
  await tx.query('create table search_postings_next (like search_postings) with (parallel_workers = 0)');
  await tx.query(`insert into search_postings_next (${POSTING_COLUMNS})
    select ${POSTING_VALUES} from search_documents d, unnest(tsvector_to_array(d.search_vector)) l
    where ${POSTING_LEXEME}`);
  await tx.query(`create unique index search_postings_next_idx on search_postings_next ${POSTING_INDEX}`);
  await tx.query(`create unique index search_postings_next_category_idx on search_postings_next ${POSTING_CATEGORY_INDEX}`);
  await tx.query('drop table search_postings');
  await tx.query('alter table search_postings_next rename to search_postings');
  await tx.query('alter index search_postings_next_idx rename to search_postings_idx');
  await tx.query('alter index search_postings_next_category_idx rename to search_postings_category_idx');
  await rebuildVocabulary(tx);
}
