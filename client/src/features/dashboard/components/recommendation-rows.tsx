import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductRows } from '../../../components/product-rows/product-rows';
import { RecommendationsDocument } from '../../../graphql/generated';

/**
 * 'Recommended for You': rows from what the buyer searched for, looked at and bought, then what is
 * popular and new. Each card opens the product.
 */
export function RecommendationRows() {
  const { t, i18n } = useTranslation('dashboard');
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
      <ProductRows rows={rows} />
    </section>
  );
}
