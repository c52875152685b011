import { z } from 'zod';
import { IMAGE_TYPES } from '../../common/file-types.js';
import type { UploadSpec } from '../../common/uploads.js';
import { FILTER_KEYS, SEARCH_SORTS } from './understanding/filters.js';
import { searchMessages } from './search.messages.js';
import { asZod } from '../../common/message.js';

/** docs/product.md#limits: search pages of 10, photo search up to 2 images of 5 MB each. */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_LIMIT = 50;
export const MAX_SEARCH_OFFSET = 10_000;
export const MAX_IMAGES = 2;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_QUERY = 500;
const MAX_CITY = 60;

// docs/product.md#validation, image search.
export const TOO_MANY_IMAGES = searchMessages.maximum2ImagesAllowedPleaseRemove;
export const IMAGE_TOO_LARGE = searchMessages.eachImageMustBeLessThan;
export const NOT_AN_IMAGE = searchMessages.pleaseSelectValidImageFiles;
export const NOTHING_TO_SEARCH = searchMessages.pleaseAddAtLeastOneImage;
export const BAD_BODY = searchMessages.theBodyFieldMustBeJson({ example: '{"query": "...", "limit": 10, "force_original": false}' });

const LIMIT = asZod(searchMessages.limitFrom1To({ max: MAX_SEARCH_LIMIT }));
const OFFSET = asZod(searchMessages.offsetTooFar({ max: MAX_SEARCH_OFFSET }));

const query = z
  .string({ error: asZod(searchMessages.theSearchTextMustBeText) })
  .trim()
  .max(MAX_QUERY, asZod(searchMessages.queryTooLong({ max: MAX_QUERY })));
const limit = z.coerce
  .number({ error: LIMIT })
  .int(LIMIT)
  .min(1, LIMIT)
  .max(MAX_SEARCH_LIMIT, LIMIT);
const offset = z.coerce
  .number({ error: OFFSET })
  .int(OFFSET)
  .min(0, OFFSET)
  .max(MAX_SEARCH_OFFSET, OFFSET);
const flag = z.boolean({ error: asZod(searchMessages.forceOriginalMustBeTrueOr) });
const assistantSessionId = z.uuid(asZod(searchMessages.assistantsessionidMustBeASearchSession));

/** A search page's own controls: the city and the order, over what the words said. */
const city = z.string({ error: asZod(searchMessages.theCityMustBeText) }).trim().max(MAX_CITY, asZod(searchMessages.cityTooLong({ max: MAX_CITY })));
const sort = z.enum(SEARCH_SORTS, { error: asZod(searchMessages.sortOneOf({ keys: SEARCH_SORTS.join(', ') })) });

const filterKey = z.enum(FILTER_KEYS, { error: asZod(searchMessages.filterOneOf({ keys: FILTER_KEYS.join(', ') })) });
const filterKeys = z.array(filterKey, { error: asZod(searchMessages.withoutFiltersListOf({ keys: FILTER_KEYS.join(', ') })) }).max(FILTER_KEYS.length);

/**
 * One search: REST `body` {query, limit, force_original, offset, without_filters} or GraphQL's
 * camelCase input. `without_filters` names understood filters to leave out (chips the buyer removed);
 * `city` and `sort` (the results page's controls) replace what the words said of the place and the order.
 */
export const searchInput = z
  .object({
    query: query.nullish().transform((q) => q ?? ''),
    limit: limit.nullish().transform((n) => n ?? SEARCH_PAGE_SIZE),
    offset: offset.nullish().transform((n) => n ?? 0),
    force_original: flag.nullish(),
    forceOriginal: flag.nullish(),
    without_filters: filterKeys.nullish(),
    withoutFilters: filterKeys.nullish(),
    city: city.nullish().transform((c) => c || null),
    sort: sort.nullish().transform((s) => s ?? null),
  })
  .transform(({ force_original, forceOriginal, without_filters, withoutFilters, ...rest }) => ({
    ...rest,
    forceOriginal: forceOriginal ?? force_original ?? false,
    withoutFilters: withoutFilters ?? without_filters ?? [],
  }));
export type SearchInput = z.infer<typeof searchInput>;

/** What the buyer said or typed to the search assistant. */
export const assistantTurnInput = z.object({
  assistantSessionId: assistantSessionId.nullish(),
  text: z
    .string({ error: asZod(searchMessages.pleaseSayWhatYouAreLooking) })
    .trim()
    .min(1, asZod(searchMessages.pleaseSayWhatYouAreLooking))
    .max(MAX_QUERY, asZod(searchMessages.queryTooLong({ max: MAX_QUERY }))),
  forceOriginal: flag.nullish().transform((f) => f ?? false),
  /** The product page the assistant was opened from: a quantity question is answered with its price. */
  productId: z.uuid(asZod(searchMessages.productNotFound)).nullish(),
});

/** More results of an assistant session's current search (infinite scroll). */
export const assistantPageInput = z.object({
  assistantSessionId,
  offset,
  limit: limit.nullish().transform((n) => n ?? SEARCH_PAGE_SIZE),
});

/** Removing one filter chip of an assistant session's current search. */
export const assistantFilterInput = z.object({
  assistantSessionId,
  filter: filterKey,
});

export const productIdInput = z.object({ productId: z.uuid(asZod(searchMessages.productNotFound)) });

/** POST /products/search multipart: the `body` JSON field and up to 2 `images`. */
export const SEARCH_UPLOAD: UploadSpec = {
  files: {
    images: {
      maxCount: MAX_IMAGES,
      tooMany: TOO_MANY_IMAGES,
      // 'less than 5MB': a file of exactly 5 MiB is refused (the upload rule's default).
      rules: [{ types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, tooLarge: () => IMAGE_TOO_LARGE }],
    },
  },
  fields: { body: 16 * 1024 },
  // The general upload check names the type; photo search has its own message (docs/product.md#validation).
  unsupportedType: NOT_AN_IMAGE,
};
