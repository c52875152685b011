import { Link } from 'react-router';
import { usePriceFormat } from '../../lib/price';

/** docs/product.md#limits: a recommendation row shows up to 6 products. */
export const ROW_SIZE = 6;

/** A row as the API's `recommendations` gives it: a title in the request's language and its products. */
export interface ProductRow {
  title: string;
  products: ReadonlyArray<{
    id: string;
    title: string;
    pricePaise: string | null;
    unit?: string | null;
    minQuantity?: number | null;
    categoryName: string;
    thumbnail?: { sm: string } | null;
  }>;
}

/**
 * Rows of product cards, each opening its product: the price with its unit and the minimum order, the
 * category. On a phone a row swipes sideways. Used by the home page (a visitor's popular and new products)
 * and the dashboard.
 */
export function ProductRows({ rows, lowPriority = false }: { rows: readonly ProductRow[]; /** Their pictures after the page's own files (home's first screen). */ lowPriority?: boolean }) {
  const format = usePriceFormat();
  return (
    <div className="product-rows">
      {rows.map((row) => (
        <section key={row.title} className="recommendation-row" aria-label={row.title}>
          <h3 className="recommendation-row__title">{row.title}</h3>
          <ul className="recommendation-row__cards">
            {row.products.slice(0, ROW_SIZE).map((p) => (
              <li key={p.id}>
                <Link className="recommendation-card" to={`/product/${p.id}`}>
                  {p.thumbnail ? <img src={p.thumbnail.sm} alt="" loading="lazy" fetchPriority={lowPriority ? 'low' : undefined} /> : <span className="recommendation-card__blank" />}
                  <span className="recommendation-card__title">{p.title}</span>
                  <span className="recommendation-card__price">{format.line(p)}</span>
                  <span className="recommendation-card__category">{p.categoryName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
