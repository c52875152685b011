import type { SellerProductFieldsFragment } from '../../../graphql/generated';

/** A product's small picture (decorative: the title next to it names the product). */
export function ProductThumb({ product }: { product: SellerProductFieldsFragment }) {
  return product.thumbnail ? <img src={product.thumbnail.sm} alt="" loading="lazy" /> : <span className="seller-card__noimage" aria-hidden="true" />;
}
