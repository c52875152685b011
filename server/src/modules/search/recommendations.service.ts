import { SEARCH_DOCUMENT_COLUMNS, toSearchDocument, type SearchDocumentRow } from '../../adapters/search/search-documents-table.js';
import type { SearchDocument } from '../../adapters/search/search-engine.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import type { Clock } from '../../common/clock.js';
import type { Locale, RequestContext } from '../../common/request-context.js';
import { badInput } from '../../common/app-error.js';
import { categoryName, type ProductView } from '../products/products.public.js';
import { searchMessages } from './search.messages.js';
import type { SearchResults } from './search-results.js';
import type { SearchService } from './search.service.js';
import { hindiSearchWords } from './understanding/hindi-words.js';
import { understandQuery } from './understanding/understand.js';

/** docs/product.md#limits: a recommendation row shows up to 6 products. */
export const ROW_SIZE = 6;
/** The most rows asked for (the dashboard's); home asks for fewer (`recommendations(rows:)`). */
export const MAX_ROWS = 8;
/** Rows of popular and new products per category (the whole home page of a new visitor). */
const CATEGORY_ROWS = 5;
const DAY_MS = 24 * 3600 * 1000;
/** Views, searches and purchases older than this no longer shape recommendations. */
const HISTORY_DAYS = 90;
/** Popularity counts views and purchases of the last 30 days. */
const POPULAR_DAYS = 30;

export interface RecommendationRow {
  title: string;
  products: ProductView[];
}

/**
 * A Hindi category name before a postposition takes the oblique case: 'ऑफ़िस का सामान' + में is
 * 'ऑफ़िस के सामान में' ('का' turns 'के'; 'की' stays).
 */
export const hindiOblique = (name: string): string => name.replace(/ का /g, ' के ');

/** The searched row's Hindi title: the words in Hindi, else (a word without a Hindi form) without quoting them. */
const searchedInHindi = (words: string | null): string => (words ? `आपने “${words}” खोजा था, इसलिए` : 'आपकी पिछली खोज से मिलते प्रोडक्ट');

const TITLES = {
  searched: { en: (q: string) => `Because you searched for “${q}”`, hi: (q: string) => searchedInHindi(hindiSearchWords(q)) },
  similar: { en: (t: string) => `Similar to ${t}`, hi: (t: string) => `${t} जैसे प्रोडक्ट` },
  picked: { en: (_s: string) => 'Picked for you', hi: (_s: string) => 'आपके लिए चुने गए' },
  popular: { en: (c: string) => `Popular in ${c}`, hi: (c: string) => `${hindiOblique(c)} में लोकप्रिय` },
  newIn: { en: (c: string) => `New in ${c}`, hi: (c: string) => `${hindiOblique(c)} में नए प्रोडक्ट` },
  fresh: { en: (_s: string) => 'New arrivals', hi: (_s: string) => 'नए प्रोडक्ट' },
} satisfies Record<string, Record<Locale, (s: string) => string>>;

/** A row's title in a language (exported for its unit test). */
export const rowTitle = (kind: keyof typeof TITLES, locale: Locale, words: string): string => TITLES[kind][locale](words);

/**
 * The home and dashboard rows (GET /homepage/recommendations): from what the viewer searched for,
 * looked at and bought (their categories weighted by recency and kind), then popular and new
 * products per category (several rows) and what is new anywhere, so a new visitor still gets rows. A product appears in one row only;
 * the viewer's own products are left out.
 */
export class RecommendationService {
  constructor(
    private readonly deps: { db: SqlRunner; search: SearchService; results: SearchResults; clock: Clock },
  ) {}

  /** At most `maxRows` rows (1 to MAX_ROWS), in the order above; what is new anywhere is last when there is room. */
  async rows(ctx: RequestContext, maxRows = MAX_ROWS): Promise<RecommendationRow[]> {
    if (!Number.isInteger(maxRows) || maxRows < 1 || maxRows > MAX_ROWS) throw badInput(searchMessages.rowsFrom1To({ max: MAX_ROWS }), { fields: { rows: searchMessages.rowsFrom1To({ max: MAX_ROWS }) } });
    const viewerId = ctx.viewer?.userId ?? null;
    const seen = new Set<string>();
    const rows: RecommendationRow[] = [];
    const add = (title: string, products: Array<SearchDocument | ProductView>) => {
      const fresh = products.filter((p) => !seen.has(p.id) && p.sellerId !== viewerId).slice(0, ROW_SIZE);
      if (!fresh.length || rows.length >= maxRows) return;
      for (const p of fresh) seen.add(p.id);
      rows.push({ title, products: fresh.map((p) => ('thumbnailKey' in p ? this.deps.results.view(p, viewerId) : p)) });
    };
    const locale = ctx.locale;
    if (viewerId) {
      const since = new Date(this.deps.clock.now().getTime() - HISTORY_DAYS * DAY_MS);
      const history = await this.history(viewerId, since);
      for (const d of history.bought) seen.add(d);
      if (history.lastSearch) {
        const u = understandQuery(history.lastSearch);
        const page = await this.deps.search.textSearch(ctx, { text: u.text, filters: u.filters, boost: '', goods: u.goods, head: u.head, core: u.core, alternatives: u.alternatives, categoryNamed: u.categoryNamed, known: u.known }, ROW_SIZE * 3, 0);
        add(TITLES.searched[locale](history.lastSearch), page.results.map((r) => r.product));
      }
      if (history.lastViewed) {
        add(TITLES.similar[locale](history.lastViewed.title), await this.similarTo(history.lastViewed));
      }
      if (history.categories.length) add(TITLES.picked[locale](''), await this.inCategories(history.categories, [...seen], since, viewerId));
    }
    const popularSince = new Date(this.deps.clock.now().getTime() - POPULAR_DAYS * DAY_MS);
    // Leave room for the last row, what is new anywhere.
    const room = Math.min(CATEGORY_ROWS, maxRows - rows.length - 1);
    for (const row of await this.categoryRows(viewerId, popularSince, room)) {
      const name = categoryName(row.category, locale);
      add(row.popular ? TITLES.popular[locale](name) : TITLES.newIn[locale](name), row.products);
    }
    add(TITLES.fresh[locale](''), await this.newest([...seen], viewerId));
    return rows;
  }

  /** The viewer's categories (weighted: purchase 3, view 2, search 1), last search, last viewed product. */
  private async history(userId: string, since: Date) {
    const { rows } = await this.deps.db.query<{ kind: string; product_id: string | null; category: string | null; query: string | null }>(
      `select kind, product_id, category, query from search_interactions
       where user_id = $1 and created_at >= $2 order by created_at desc, id desc limit 200`,
      [userId, since],
    );
    const weights = new Map<string, number>();
    const weightOf = { purchase: 3, view: 2, search: 1 } as Record<string, number>;
    rows.forEach((r, i) => {
      if (r.category) weights.set(r.category, (weights.get(r.category) ?? 0) + (weightOf[r.kind] ?? 1) / (1 + i / 20));
    });
    const lastViewedId = rows.find((r) => r.kind === 'view' && r.product_id)?.product_id ?? null;
    const lastViewed = lastViewedId ? (await this.documents('d.product_id = $1', [lastViewedId]))[0] ?? null : null;
    return {
      categories: [...weights].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([c]) => c),
      lastSearch: rows.find((r) => r.kind === 'search' && r.query)?.query ?? null,
      lastViewed,
      bought: rows.filter((r) => r.kind === 'purchase' && r.product_id).map((r) => r.product_id!),
    };
  }

  /** Same category, a price within half either way. */
  private similarTo(d: SearchDocument): Promise<SearchDocument[]> {
    const price = d.pricePaise;
    return this.documents(
      `d.category = $1 and d.product_id <> $2 ${price === null ? '' : 'and d.price_paise between $3::bigint / 2 and $3::bigint * 3 / 2'}`,
      price === null ? [d.category, d.id] : [d.category, d.id, price.toString()],
      'd.product_created_at desc',
    );
  }

  /** The most viewed and bought products of the categories lately, then the newest; none of the viewer's own. */
  private async inCategories(categories: string[], exclude: string[], since: Date, viewerId: string): Promise<SearchDocument[]> {
    const { rows } = await this.deps.db.query<SearchDocumentRow>(
      `with popularity as (
         select product_id, count(*) filter (where kind = 'view') + 3 * count(*) filter (where kind = 'purchase') as score
         from search_interactions where product_id is not null and created_at >= $3 group by product_id)
       select ${SEARCH_DOCUMENT_COLUMNS} from search_documents d left join popularity p on p.product_id = d.product_id
       where d.category = any($1::text[]) and d.product_id <> all($2::uuid[]) and d.seller_id is distinct from $4::uuid
       order by coalesce(p.score, 0) desc, d.product_created_at desc, d.product_id limit ${ROW_SIZE * 2}`,
      [categories, exclude, since, viewerId],
    );
    return rows.map(toSearchDocument);
  }

  /**
   * Popular and new products per category, for `count` categories: the categories most viewed and
   * bought lately (then those with the most products), each with its most viewed and bought
   * products first and then its newest. `popular` says whether any of them was viewed or bought.
   */
  private async categoryRows(viewerId: string | null, since: Date, count: number): Promise<Array<{ category: string; popular: boolean; products: SearchDocument[] }>> {
    if (count <= 0) return [];
    const { rows } = await this.deps.db.query<SearchDocumentRow & { row_category: string; score: number }>(
      `with popularity as materialized (
         select product_id, count(*) filter (where kind = 'view') + 3 * count(*) filter (where kind = 'purchase') as score
         from search_interactions where product_id is not null and created_at >= $1 group by product_id),
       top as (
         select d.category, coalesce(sum(p.score), 0) as score, count(*) as products
         from search_documents d left join popularity p on p.product_id = d.product_id
         where d.seller_id is distinct from $2::uuid
         group by d.category order by 2 desc, 3 desc, d.category limit $3)
       select ${SEARCH_DOCUMENT_COLUMNS}, t.category as row_category, x.score::int as score
       from top t
       cross join lateral (
         select d.product_id, coalesce(p.score, 0) as score from search_documents d
         left join popularity p on p.product_id = d.product_id
         where d.category = t.category and d.seller_id is distinct from $2::uuid
         order by coalesce(p.score, 0) desc, d.product_created_at desc, d.product_id limit ${ROW_SIZE * 2}) x
       join search_documents d on d.product_id = x.product_id
       order by t.score desc, t.products desc, t.category, x.score desc, d.product_created_at desc, d.product_id`,
      [since, viewerId, count],
    );
    const out: Array<{ category: string; popular: boolean; products: SearchDocument[] }> = [];
    for (const r of rows) {
      let row = out[out.length - 1];
      if (row?.category !== r.row_category) {
        row = { category: r.row_category, popular: false, products: [] };
        out.push(row);
      }
      row.products.push(toSearchDocument(r));
      if (r.score > 0) row.popular = true;
    }
    return out;
  }

  /**
   * What is new anywhere, none of the viewer's own (a seller who just listed a dozen products would
   * otherwise find only their own here, all left out, and no row).
   */
  private newest(exclude: string[], viewerId: string | null): Promise<SearchDocument[]> {
    return this.documents('d.product_id <> all($1::uuid[]) and d.seller_id is distinct from $2::uuid', [exclude, viewerId], 'd.product_created_at desc');
  }

  private async documents(where: string, params: unknown[], order = 'd.product_created_at desc'): Promise<SearchDocument[]> {
    const { rows } = await this.deps.db.query<SearchDocumentRow>(
      `select ${SEARCH_DOCUMENT_COLUMNS} from search_documents d where ${where} order by ${order}, d.product_id limit ${ROW_SIZE * 2}`,
      params,
    );
    return rows.map(toSearchDocument);
  }
}
