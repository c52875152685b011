import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SellerOrdersDocument } from '../../../graphql/generated';
import { LiveStatusNotice, useLatestReload } from '../../../lib/live';
import { useOrderEvents } from '../hooks/use-order-events';
import { OrderCard } from './order-card';
import './orders.css';

/** docs/product.md#limits: the dashboard loads the first 10 orders and shows 5. */
export const RECENT_ORDERS_LOAD = 10;
export const RECENT_ORDERS_SHOWN = 5;

/** /sellers: the seller's 5 most recent orders (of the first 10 loaded), live. */
export function RecentSellerOrders() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(SellerOrdersDocument, { variables: { limit: RECENT_ORDERS_LOAD, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const reload = useLatestReload(refetch);
  const live = useOrderEvents({ role: 'seller', orders: data?.sellerOrders.items ?? [], reload });
  const orders = (data?.sellerOrders.items ?? []).slice(0, RECENT_ORDERS_SHOWN);
  return (
    <>
      <LiveStatusNotice status={live.status} />
      {!data && loading ? <p role="status">{t('orders.loading')}</p> : null}
      {!data && error ? (
        <p className="form-error" role="alert">
          {t('orders.loadFailed')}
        </p>
      ) : null}
      {data && orders.length === 0 ? <p>{t('orders.emptySeller')}</p> : null}
      {orders.length ? (
        <ul className="order-list" aria-live="polite">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </ul>
      ) : null}
      {data && data.sellerOrders.totalCount > RECENT_ORDERS_SHOWN ? <Link to="/seller/orders">{t('orders.viewAll')}</Link> : null}
    </>
  );
}
