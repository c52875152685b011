// What other modules may use of the catalogue besides ProductService, its types and entities: the
// categories, the one ProductView builder (search results are product views too), media URLs and stock,
// and the catalogue reads other modules' read models are built from.
export { readCatalogueProducts, readFindableProducts, readSellerProductIds, type CatalogueProduct } from './catalogue-reads.js';
export { CATEGORIES, categoryName, isCategoryId, type Category } from './categories.js';
export type { ImageUrls, ProductMediaStore, StoredMedia } from './product-media-store.js';
export { MAX_ORDER_TOTAL_PAISE, ORDER_TOO_LARGE, totalTooLarge, type ProductStock, type Quoted } from './product-stock.js';
export { ProductViews, toRestProduct, type MediaUrls, type ProductView, type ProductViewSource } from './product-view.js';
export { bandIndexFor, lowestPrice, MAX_BANDS, priceForQuantity, unitPriceFor, type PriceTier, type QuantityPrice } from './price-bands.js';
export { DEFAULT_UNIT, isUnit, perUnit, quantityWithUnit, UNIT_WORDS, UNITS, type Unit } from './units.js';
export { askedQuantity, convertQuantity, type AskedUnit } from './unit-conversion.js';
