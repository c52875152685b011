import type { i18n as I18n } from 'i18next';
import type { ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { absoluteUrl, clip, type PageHead } from '../../../lib/page-head';
import { DEFAULT_UNIT, formatListingPrice, formatQuantity } from '../../../lib/price';
import { toProductDisplay, type ProductDisplay } from './product-display';

const CONDITIONS: Record<ProductDisplay['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  like_new: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  poor: 'https://schema.org/UsedCondition',
};

/** The pictures a preview and the structured data name: the thumbnail's and the gallery's middle variant (800 px wide). */
function previewPictures(p: ProductDetailsFieldsFragment): string[] {
  const pictures = [p.thumbnail?.md, ...[...(p.gallery ?? [])].sort((a, b) => a.order - b.order).map((g) => (g.itemType === 'picture' ? g.urls?.md : null))];
  return pictures.filter((u): u is string => typeof u === 'string' && u !== '');
}

/**
 * The product page's head (docs/architecture.md#rendered-pages): its title, a description that leads with the
 * price and its unit, condition, minimum order and seller, the preview picture (the 800 px variant), and
 * schema.org Product + Offer data. Null product: the page says it is not found (404, noindex).
 */
export function productHead(i18n: I18n, raw: ProductDetailsFieldsFragment | null | undefined, opts: { id: string; origin: string }): PageHead {
  const t = i18n.getFixedT(null, 'products');
  const path = `/product/${encodeURIComponent(opts.id)}`;
  const dependsOn = [`product:${opts.id}`];
  const product = toProductDisplay(raw);
  if (!raw || !product) {
    return { status: 404, title: t('page.notFound'), description: t('page.notFoundBody'), path, noindex: true, type: 'website', dependsOn };
  }
  const price = formatListingPrice(product, i18n.t);
  const facts = [
    price,
    t(`page.conditionLabels.${product.condition}`),
    product.soldOut ? t('page.soldOut') : null,
    product.minQuantity > 1 ? t('page.minQuantity', { quantity: formatQuantity(product.minQuantity, DEFAULT_UNIT, i18n.t) }) : null,
    product.seller ? `${t('page.seller')}: ${product.seller}` : null,
    product.location,
  ].filter((f): f is string => Boolean(f));
  const description = clip(`${facts.join(' · ')}. ${product.description}`, 200);
  const pictures = previewPictures(raw).map((u) => absoluteUrl(opts.origin, u));
  const url = `${opts.origin}${path}`;
  return {
    status: 200,
    title: product.title,
    shareTitle: `${product.title} · ${price}`,
    description,
    path,
    type: 'product',
    image: pictures[0] ? { url: pictures[0], alt: product.title } : undefined,
    price: product.priceInInr ?? undefined,
    dependsOn,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': url,
      name: product.title,
      description: clip(product.description, 5000),
      sku: product.id,
      url,
      ...(pictures.length ? { image: pictures } : {}),
      ...(product.categoryName ? { category: product.categoryName } : {}),
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'INR',
        ...(product.priceInInr !== null ? { price: product.priceInInr } : {}),
        availability: product.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        itemCondition: CONDITIONS[product.condition],
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minQuantity, unitText: i18n.t(`units.${DEFAULT_UNIT}.per`) },
        ...(product.seller ? { seller: { '@type': 'Organization', name: product.seller } } : {}),
      },
    },
  };
}
