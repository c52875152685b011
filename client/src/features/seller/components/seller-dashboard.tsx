import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { MyProductsDocument } from '../../../graphql/generated';
import { usePriceFormat } from '../../../lib/price';
import { RecentSellerOrders } from '../../orders';
import { ProductThumb } from './product-thumb';
import './seller.css';

/** docs/product.md#limits: the dashboard loads the first 10 products and shows 4. */
export const DASHBOARD_LOAD = 10;
export const DASHBOARD_SHOWN = 4;

/** /sellers: the seller's actions, recent products and the 5 recent seller orders (live). */
export function SellerDashboard() {
  const { t } = useTranslation('seller');
  usePageTitle(t('dashboard.title'));
  const format = usePriceFormat();
  const { data, loading, error } = useQuery(MyProductsDocument, { variables: { limit: DASHBOARD_LOAD, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const products = (data?.myProducts.items ?? []).slice(0, DASHBOARD_SHOWN);

  return (
    <section className="page seller-page" aria-labelledby="seller-dashboard-title">
      <h1 id="seller-dashboard-title">{t('dashboard.title')}</h1>
      <nav className="seller-actions" aria-label={t('dashboard.actions')}>
        <Link className="button button--primary" to="/sell">
          {t('dashboard.createProduct')}
        </Link>
        <Link className="button button--secondary" to="/seller/products">
          {t('dashboard.yourProducts')}
        </Link>
        <Link className="button button--secondary" to="/seller/orders">
          {t('dashboard.sellerOrders')}
        </Link>
      </nav>

      <section aria-labelledby="seller-recent-products" className="seller-page">
        <h2 id="seller-recent-products">{t('dashboard.recentProducts')}</h2>
        {!data && loading ? <p role="status">{t('products.loading')}</p> : null}
        {!data && error ? (
          <p className="form-error" role="alert">
            {t('dashboard.loadFailed')}
          </p>
        ) : null}
        {data && products.length === 0 ? <p>{t('dashboard.noProducts')}</p> : null}
        {products.length ? (
          <ul className="seller-cards">
            {products.map((p) => (
              <li key={p.id} className="seller-card">
                <ProductThumb product={p} />
                <Link to={`/product/${p.id}`}>{p.title}</Link>
                <span>{format.line(p)}</span>
                <span className={`seller-badge${p.enabled ? ' seller-badge--active' : ''}`}>{p.enabled ? t('products.active') : t('products.inactive')}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {data && data.myProducts.totalCount > DASHBOARD_SHOWN ? <Link to="/seller/products">{t('dashboard.viewAll')}</Link> : null}
      </section>

      <section aria-labelledby="seller-recent-orders" className="seller-page">
        <h2 id="seller-recent-orders">{t('dashboard.recentOrders')}</h2>
        <RecentSellerOrders />
      </section>
    </section>
  );
}
