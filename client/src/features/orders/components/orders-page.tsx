import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { CancelOrderDocument, MyOrdersDocument } from '../../../graphql/generated';
import { formatDayTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { LiveStatusNotice, useLatestReload } from '../../../lib/live';
import { useOrderEvents } from '../hooks/use-order-events';
import { ReviewPanel } from '../../profiles';
import { OrderActionButton } from './order-action-button';
import { OrderCard } from './order-card';
import { PayPanel } from './pay-panel';
import './orders.css';

/** docs/product.md#limits: the buyer's orders page loads 50. */
export const BUYER_ORDERS_LOAD = 50;

interface OrdersPageProps {
  /** The purchase just made (from the product page), announced at the top. */
  placed?: { displayId: string; total: string; payBy: string } | null;
}

/** /orders: the buyer's 50 latest orders, live; on unpaid ones how to pay (UPI link and QR), Confirm payment with the UTR, and Cancel. */
export function OrdersPage({ placed = null }: OrdersPageProps) {
  const { t, i18n } = useTranslation();
  usePageTitle(t('orders.buyerTitle'));
  const { data, loading, error, refetch } = useQuery(MyOrdersDocument, { variables: { limit: BUYER_ORDERS_LOAD, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const reload = useLatestReload(refetch);
  const orders = data?.myOrders.items ?? [];
  const live = useOrderEvents({ role: 'buyer', orders, reload });
  // 'Order … placed. Pay … by …' only while that order still waits for its payment (it changes live).
  const placedOrder = placed ? orders.find((o) => o.displayId === placed.displayId) : undefined;
  const showPlaced = placed !== null && (placedOrder === undefined || placedOrder.status === 'unpaid');

  return (
    <section className="page orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title">{t('orders.buyerTitle')}</h1>
      <LiveStatusNotice status={live.status} />
      {placed && showPlaced ? (
        <p className="form-notice" role="status">
          {t('orders.placed', { id: placed.displayId, total: formatRupees(placed.total), date: formatDayTime(placed.payBy, i18n.language) })}
        </p>
      ) : null}
      <p className="orders-page__hint">{t('orders.payOutside')}</p>
      {!data && loading ? <p role="status">{t('orders.loading')}</p> : null}
      {!data && error ? (
        <div role="alert" className="form-error">
          <p>{t('orders.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('orders.retry')}
          </button>
        </div>
      ) : null}
      {data && orders.length === 0 ? (
        <div className="orders-empty">
          <p>{t('orders.emptyBuyer')}</p>
          <Link className="button button--primary" to="/search">
            {t('orders.startShopping')}
          </Link>
        </div>
      ) : null}
      {orders.length ? (
        <ul className="order-list" aria-live="polite">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o}>
              {o.actions.includes('confirm_payment') ? <PayPanel order={o} onDone={reload} /> : null}
              {o.status === 'delivered' && o.deliveredAt ? <ReviewPanel orderId={o.id} displayId={o.displayId} /> : null}
              {o.actions.includes('cancel') ? (
                <OrderActionButton
                  orderId={o.id}
                  mutation={CancelOrderDocument}
                  label={t('orders.cancel')}
                  ariaLabel={t('orders.cancelLabel', { id: o.displayId })}
                  failure={t('orders.cancelFailed')}
                  confirm={{ title: t('orders.confirmCancel', { id: o.displayId }), body: t('orders.confirmCancelBody'), confirmLabel: t('orders.cancel'), danger: true }}
                  variant="secondary"
                  onDone={reload}
                />
              ) : null}
            </OrderCard>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
