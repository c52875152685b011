import express, { type RequestHandler, type Router } from 'express';
import type { Infra } from '../../app/infra.js';
import type { RecommendationService } from './recommendations.service.js';
import type { SearchService } from './search.service.js';
import { paiseToRupees } from '../../common/money.js';
import type { Locale } from '../../common/request-context.js';
import { sendBody } from '../../http/send-body.js';
import { uploadTmpDir, withUpload } from '../../http/uploads.js';
import { categoryName, toRestProduct } from '../products/products.public.js';
import type { SearchPage } from './search-results.js';
import { SEARCH_UPLOAD } from './search.inputs.js';
import type { SearchFilters } from './understanding/filters.js';

/** The parsed filters of a REST search response (snake_case; prices in rupees; names in the request's language). */
export const toRestFilters = (f: SearchFilters, locale: Locale) => ({
  category: f.category ?? null,
  category_name: f.category ? categoryName(f.category, locale) : null,
  min_price: f.minPricePaise === undefined ? null : paiseToRupees(f.minPricePaise),
  max_price: f.maxPricePaise === undefined ? null : paiseToRupees(f.maxPricePaise),
  product_type: f.productType ?? null,
  purchase_type: f.purchaseType ?? null,
  location: f.location ?? null,
  min_quantity: f.minQuantity ?? null,
  bulk: f.bulk === true,
  sort: f.sort ?? 'relevance',
});

/** The search response (docs/product.md#search): results, total_count, query_enhanced, query_hindi, processing_time_ms (and filters, paging). */
export const toRestSearch = (p: SearchPage, locale: Locale) => ({
  results: p.results.map((h) => ({
    ...toRestProduct(h.product, locale),
    condition_text: h.conditionText,
    maxQty: h.maxQty,
    seller_name: h.sellerName,
    matched_words: h.matchedWords,
  })),
  total_count: p.totalCount,
  // false: a broad search stopped counting, and more than total_count products match.
  total_count_exact: p.totalCountExact,
  query_enhanced: p.queryEnhanced,
  // The searched words in Devanagari for a Hindi reader ('लैपटॉप'), null when a word has no Hindi form (GraphQL's queryHindi).
  query_hindi: p.queryHindi,
  processing_time_ms: p.processingTimeMs,
  filters: toRestFilters(p.filters, locale),
  offset: p.offset,
  limit: p.limit,
  has_more: p.hasMore,
  // What was left out to find anything ('No ladders in Pune; here are ladders elsewhere'), or null.
  relaxed: p.relaxed,
  // 'What are you looking for?' when the words named nothing to search for, else null.
  question: p.question,
});

/**
 * POST /products/search: multipart (field `body` JSON {query, limit, force_original, offset},
 * field `images` up to 2 files), or the same body as plain JSON for API clients. Its handlers in
 * order (after the app's request context), for the router or a direct route alike.
 */
export function productSearchHandlers({ search, infra }: { search: SearchService; infra: Pick<Infra, 'config'> }): RequestHandler[] {
  const tmp = uploadTmpDir(infra.config);
  return [
    express.json({ limit: '16kb' }),
    async (req, res) => {
      const page = req.is('multipart/form-data')
        ? await withUpload(req, SEARCH_UPLOAD, tmp, ({ fields, files }) =>
            search.searchUpload(req.ctx, { body: fields.body, images: files }),
          )
        : await search.search(req.ctx, req.body ?? {});
      res.setHeader('content-type', 'application/json; charset=utf-8');
      sendBody(res, 200, JSON.stringify(toRestSearch(page, req.ctx.locale)));
    },
  ];
}

/** POST /products/search (see productSearchHandlers). */
export function searchUploadRoutes(r: Router, deps: { search: SearchService; infra: Pick<Infra, 'config'> }): void {
  r.post('/products/search', ...productSearchHandlers(deps));
}

/** GET /homepage/recommendations: `{rows: [{title, products}]}`. */
export function searchRoutes(r: Router, { recommendations }: { recommendations: RecommendationService }): void {
  r.get('/homepage/recommendations', async (req, res) => {
    const rows = await recommendations.rows(req.ctx);
    res.json({ rows: rows.map((row) => ({ title: row.title, products: row.products.map((p) => toRestProduct(p, req.ctx.locale)) })) });
  });
}
