import { preparedSql, type PreparedSql, type SqlRunner } from '../../adapters/search/sql-runner.js';
import type { MediaType } from './product-media.entity.js';
import type { PriceTier } from './price-bands.js';
import type { Condition, CustomQuestion, NewOrUsed, PurchaseType } from './product.entity.js';
import type { Unit } from './units.js';

/**
 * A product as the catalogue tables hold it, with its seller's name and its gallery: what other
 * modules' read models (the search index) are built from. Plain SQL on the caller's runner, so it can
 * run inside the caller's transaction.
 */
export interface CatalogueProduct {
  id: string;
  seller_id: string;
  seller_name: string | null;
  seller_deleted: boolean;
  title: string;
  description: string;
  product_type: NewOrUsed;
  purchase_type: PurchaseType;
  condition: Condition | null;
  category: string;
  tags: string[];
  price_paise: string | null;
  price_max_paise: string | null;
  min_quantity: number;
  max_quantity: number;
  unit: Unit;
  hsn_code: string | null;
  gst_rate: number;
  price_tiers: PriceTier[];
  city: string | null;
  state: string | null;
  contact: string | null;
  thumbnail_key: string | null;
  custom_questions: CustomQuestion[];
  enabled: boolean;
  deleted: boolean;
  /** In gallery order. */
  gallery: Array<{ id: string; storageKey: string; itemType: MediaType; contentType: string }>;
  /** Milliseconds since the epoch, the stored time truncated to the millisecond (as a JavaScript Date holds it). */
  created_ms: number;
  updated_ms: number;
}

/** The product's gallery as JSON, in gallery order. */
const GALLERY = `coalesce((select json_agg(json_build_object('id', m.id, 'storageKey', m.storage_key, 'itemType', m.item_type,
      'contentType', m.content_type) order by m.position, m.id) from product_media m where m.product_id = p.id), '[]')`;

/** Every column of CatalogueProduct, the gallery as `gallery` (or an empty list, when it is not needed). */
const columns = (gallery: string) => `p.id, p.seller_id, u.username as seller_name, (u.deleted_at is not null) as seller_deleted, p.title, p.description,
    p.product_type, p.purchase_type, p.condition, p.category, p.tags, p.price_paise::text as price_paise,
    p.price_max_paise::text as price_max_paise, p.min_quantity,
    p.max_quantity, p.unit, p.hsn_code, p.gst_rate, p.price_tiers, p.city, p.state, p.contact, p.thumbnail_key, p.custom_questions, p.enabled,
    (p.deleted_at is not null) as deleted, ${gallery} as gallery,
    floor(extract(epoch from p.created_at) * 1000)::float8 as created_ms,
    floor(extract(epoch from p.updated_at) * 1000)::float8 as updated_ms`;

const SELECT_PRODUCTS = `select ${columns(GALLERY)} from products p join users u on u.id = p.seller_id`;

const PRODUCTS_BY_ID = preparedSql(`${SELECT_PRODUCTS} where p.id = any($1::uuid[])`);

/** The products of `ids` that exist (deleted and disabled ones too: the caller decides what they mean). */
export async function readCatalogueProducts(db: SqlRunner, ids: string[]): Promise<CatalogueProduct[]> {
  return (await db.query<CatalogueProduct>(PRODUCTS_BY_ID, [ids])).rows;
}

/**
 * What a seller's page reads of each product: everything; everything but the gallery (its items then
 * have an empty one); or only what the seller's list shows (`list`: id, title, category, purchase and
 * product type, price, quantities, thumbnail, enabled, times), the other fields blank (no description,
 * tags, questions, place, contact, condition or seller name, an empty gallery): for a caller that shows
 * nothing else.
 */
export type SellerPageColumns = 'all' | 'withoutGallery' | 'list';

/** The seller's list's columns; LIST_BLANKS completes them into a CatalogueProduct. */
const LIST_COLUMNS = `p.id, p.seller_id, p.title, p.product_type, p.purchase_type, p.category, p.price_paise::text as price_paise,
    p.price_max_paise::text as price_max_paise, p.min_quantity, p.max_quantity, p.unit, p.hsn_code, p.gst_rate, p.price_tiers, p.thumbnail_key, p.enabled,
    floor(extract(epoch from p.created_at) * 1000)::float8 as created_ms,
    floor(extract(epoch from p.updated_at) * 1000)::float8 as updated_ms`;
type ListRow = Pick<
  CatalogueProduct,
  | 'id' | 'seller_id' | 'title' | 'product_type' | 'purchase_type' | 'category' | 'price_paise' | 'price_max_paise' | 'min_quantity' | 'max_quantity'
  | 'unit' | 'hsn_code' | 'gst_rate' | 'price_tiers' | 'thumbnail_key' | 'enabled' | 'created_ms' | 'updated_ms'
>;
/** Each field named (one per item of a page; a spread of the row cost several times more). */
const listProduct = (r: ListRow & { total: number }): CatalogueProduct & { total: number } => ({
  id: r.id,
  seller_id: r.seller_id,
  title: r.title,
  product_type: r.product_type,
  purchase_type: r.purchase_type,
  category: r.category,
  price_paise: r.price_paise,
  price_max_paise: r.price_max_paise,
  min_quantity: r.min_quantity,
  max_quantity: r.max_quantity,
  unit: r.unit,
  hsn_code: r.hsn_code,
  gst_rate: r.gst_rate,
  price_tiers: r.price_tiers,
  thumbnail_key: r.thumbnail_key,
  enabled: r.enabled,
  created_ms: r.created_ms,
  updated_ms: r.updated_ms,
  total: r.total,
  seller_name: null,
  seller_deleted: false,
  description: '',
  condition: null,
  tags: [],
  city: null,
  state: null,
  contact: null,
  custom_questions: [],
  deleted: false,
  gallery: [],
});

const ORDER = `order by p.created_at desc, p.id desc`;
const TOTAL = `(select count(*) from products where seller_id = $1 and deleted_at is null)::int as total`;
/** The page's own rows by id, then their wide columns (the rows an offset skips are never joined or aggregated). */
const PAGE = `p.id in (select id from products p where seller_id = $1 and deleted_at is null ${ORDER} limit $2 offset $3) ${ORDER}`;
/** The seller's page for each SellerPageColumns ($1 seller, $2 limit, $3 offset): the seller's list is the app's most frequent signed-in read. */
const SELLER_PAGE: Record<SellerPageColumns, PreparedSql> = {
  list: preparedSql(`select ${LIST_COLUMNS}, ${TOTAL} from products p where p.seller_id = $1 and p.deleted_at is null ${ORDER} limit $2 offset $3`),
  withoutGallery: preparedSql(`select ${columns(`'[]'::json`)}, ${TOTAL} from products p join users u on u.id = p.seller_id where ${PAGE}`),
  all: preparedSql(`select ${columns(GALLERY)}, ${TOTAL} from products p join users u on u.id = p.seller_id where ${PAGE}`),
};
const SELLER_COUNT = preparedSql('select count(*)::int as n from products where seller_id = $1 and deleted_at is null');

/**
 * One page of a seller's products (not deleted; enabled and disabled), newest first, and how many
 * there are, in one statement (the count again on its own only for a page past the end); reading the
 * `columns` asked for (SellerPageColumns). The list's narrow columns are read straight off the
 * seller's index in its order; the wider ones (the seller's name, the gallery) only for the page's
 * own rows, found first by id.
 */
export async function readSellerPage(
  db: SqlRunner,
  sellerId: string,
  limit: number,
  offset: number,
  what: SellerPageColumns = 'all',
): Promise<{ rows: CatalogueProduct[]; total: number }> {
  let rows: Array<CatalogueProduct & { total: number }>;
  if (what === 'list') {
    rows = (await db.query<ListRow & { total: number }>(SELLER_PAGE.list, [sellerId, limit, offset])).rows.map(listProduct);
  } else {
    rows = (await db.query<CatalogueProduct & { total: number }>(SELLER_PAGE[what], [sellerId, limit, offset])).rows;
  }
  if (rows.length) return { rows, total: rows[0].total };
  const count = await db.query<{ n: number }>(SELLER_COUNT, [sellerId]);
  return { rows, total: count.rows[0].n };
}

/** Every product buyers may find (enabled, not deleted, its seller's account not deleted), in id order, in pages of `size`. */
export async function* readFindableProducts(db: SqlRunner, size = 500): AsyncGenerator<CatalogueProduct[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<CatalogueProduct>(
      `${SELECT_PRODUCTS} where p.id > $1 and p.enabled and p.deleted_at is null and u.deleted_at is null order by p.id limit $2`,
      [after, size],
    );
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** The ids of a seller's products (deleted and disabled ones too), in id order. */
export async function readSellerProductIds(db: SqlRunner, sellerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from products where seller_id = $1 order by id', [sellerId]);
  return rows.map((r) => r.id);
}

/** What visitors may open (docs/product.md#product-page: enabled, not deleted). */
const LISTED = 'p.enabled and p.deleted_at is null';

/** The first id of every `$1` listed products in id order: where each file of the sitemap starts. */
const LISTED_STARTS = preparedSql(`select id from (select p.id, row_number() over (order by p.id) - 1 as n from products p where ${LISTED}) s where n % $1 = 0 order by id`);

/** The listed products from `$1` (inclusive) to `$2` (exclusive; null: to the end) in id order, at most `$3`, with their last change. */
const LISTED_RANGE = preparedSql(
  `select p.id, floor(extract(epoch from p.updated_at) * 1000)::float8 as updated_ms from products p
    where ${LISTED} and p.id >= $1 and ($2::uuid is null or p.id < $2) order by p.id limit $3`,
);

/** Where each run of `every` listed products starts, in id order (one id per run). */
export async function readListedStarts(db: SqlRunner, every: number): Promise<string[]> {
  return (await db.query<{ id: string }>(LISTED_STARTS, [every])).rows.map((r) => r.id);
}

/** The listed products with ids from `from` up to `to` (null: the end), in id order, at most `limit`. */
export async function readListedRange(db: SqlRunner, from: string, to: string | null, limit: number): Promise<Array<{ id: string; updated_ms: number }>> {
  return (await db.query<{ id: string; updated_ms: number }>(LISTED_RANGE, [from, to, limit])).rows;
}

const SELLER_LISTING_COUNTS = preparedSql(
  `select count(*) filter (where enabled)::int as active, count(*) filter (where not enabled)::int as off
     from products where seller_id = $1 and deleted_at is null`,
);

/** How many of a seller's listings buyers can see (active) and how many are switched off. */
export async function countSellerListings(db: SqlRunner, sellerId: string): Promise<{ active: number; off: number }> {
  const [row] = (await db.query<{ active: number; off: number }>(SELLER_LISTING_COUNTS, [sellerId])).rows;
  return row ?? { active: 0, off: 0 };
}
