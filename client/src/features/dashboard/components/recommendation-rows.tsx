import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecommendationsDocument } from '../../../graphql/generated';
import { usePriceFormat } from '../../../lib/price';

/** docs/product.md#limits: a recommendation row shows up to 6 products. */
export const ROW_SIZE = 6;

/**
 * 'Recommended for You': rows from what the buyer searched for, looked at and bought, then what is
 * popular and new. Each card opens the product.
 */
export function RecommendationRows() {
  const { t, i18n } = useTranslation('dashboard');
  const format = usePriceFormat();
  const { data, loading, error, refetch } = useQuery(RecommendationsDocument, { fetchPolicy: 'network-only' });
  // Row titles come from the server in the request's language (x-locale, set by the app's Apollo link).
  useEffect(() => {
    void refetch().catch(() => undefined);
  }, [i18n.language, refetch]);

  const rows = data?.recommendations.rows ?? [];
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title">{t('recommended')}</h2>
      {loading && !data ? <p className="recommendations__status">{t('loading')}</p> : null}
      {!loading && error && !data ? (
        // A failure is said as one, with a way to try again: never 'nothing to recommend'.
        <div className="form-error" role="alert">
          <p>{t('failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {!loading && data && rows.length === 0 ? <p className="recommendations__status">{t('empty')}</p> : null}
      {rows.map((row) => (
        <section key={row.title} className="recommendation-row" aria-label={row.title}>
          <h3 className="recommendation-row__title">{row.title}</h3>
          <ul className="recommendation-row__cards">
            {row.products.slice(0, ROW_SIZE).map((p) => (
              <li key={p.id}>
                <Link className="recommendation-card" to={`/product/${p.id}`}>
                  {p.thumbnail ? <img src={p.thumbnail.sm} alt="" loading="lazy" /> : <span className="recommendation-card__blank" />}
                  <span className="recommendation-card__title">{p.title}</span>
                  <span className="recommendation-card__price">{format.line(p)}</span>
                  <span className="recommendation-card__category">{p.categoryName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
