import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/use-page-title';
import {
  ConfirmOrderDeliveryDocument,
  DeclineOrderDocument,
  MarkOrderPaymentNotReceivedDocument,
  MarkOrderPaymentReceivedDocument,
  SellerOrdersDocument,
} from '../../../graphql/generated';
import { LiveStatusNotice, useLatestReload } from '../../../lib/live';
import { useOrderEvents } from '../hooks/use-order-events';
import { OrderActionButton } from './order-action-button';
import { OrderCard } from './order-card';
import './orders.css';

export const SELLER_ORDERS_LOAD = 50;

/** /seller/orders: orders of the seller's products, live (new ones highlighted); payment received or not, confirm delivery, decline. */
export function SellerOrdersPage() {
  const { t } = useTranslation();
  usePageTitle(t('orders.sellerTitle'));
  const { data, loading, error, refetch } = useQuery(SellerOrdersDocument, { variables: { limit: SELLER_ORDERS_LOAD, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const reload = useLatestReload(refetch);
  const orders = data?.sellerOrders.items ?? [];
  const live = useOrderEvents({
    role: 'seller',
    orders,
    reload,
    onEvent: (e) => {
      if (e.type === 'created') setFresh((s) => new Set(s).add(e.order.id));
    },
  });

  return (
    <section className="page orders-page" aria-labelledby="seller-orders-title">
      <h1 id="seller-orders-title">{t('orders.sellerTitle')}</h1>
      <LiveStatusNotice status={live.status} />
      {!data && loading ? <p role="status">{t('orders.loading')}</p> : null}
      {!data && error ? (
        <div role="alert" className="form-error">
          <p>{t('orders.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('orders.retry')}
          </button>
        </div>
      ) : null}
      {data && orders.length === 0 ? <p className="orders-empty">{t('orders.emptySeller')}</p> : null}
      {orders.length ? (
        <ul className="order-list" aria-live="polite" aria-relevant="additions text">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} fresh={fresh.has(o.id)}>
              {o.status === 'payment_sent' ? <p className="order-card__meta">{t('orders.checkPayment')}</p> : null}
              {o.actions.includes('payment_received') ? (
                <OrderActionButton
                  orderId={o.id}
                  mutation={MarkOrderPaymentReceivedDocument}
                  label={t('orders.paymentReceived')}
                  ariaLabel={t('orders.paymentReceivedLabel', { id: o.displayId })}
                  failure={t('orders.actionFailed')}
                  onDone={reload}
                />
              ) : null}
              {o.actions.includes('payment_not_received') ? (
                <OrderActionButton
                  orderId={o.id}
                  mutation={MarkOrderPaymentNotReceivedDocument}
                  label={t('orders.paymentNotReceived')}
                  ariaLabel={t('orders.paymentNotReceivedLabel', { id: o.displayId })}
                  failure={t('orders.actionFailed')}
                  confirm={{ title: t('orders.confirmNotReceived', { id: o.displayId }), body: t('orders.confirmNotReceivedBody'), confirmLabel: t('orders.notReceivedYes'), danger: true }}
                  variant="secondary"
                  onDone={reload}
                />
              ) : null}
              {o.actions.includes('confirm_delivery') ? (
                <OrderActionButton
                  orderId={o.id}
                  mutation={ConfirmOrderDeliveryDocument}
                  label={t('orders.confirmDelivery')}
                  ariaLabel={t('orders.confirmDeliveryLabel', { id: o.displayId })}
                  failure={t('orders.actionFailed')}
                  confirm={{ title: t('orders.confirmDeliveryTitle', { id: o.displayId }), body: t('orders.confirmDeliveryBody'), confirmLabel: t('orders.confirmDeliveryYes') }}
                  onDone={reload}
                />
              ) : null}
              {o.actions.includes('decline') ? (
                <OrderActionButton
                  orderId={o.id}
                  mutation={DeclineOrderDocument}
                  label={t('orders.decline')}
                  ariaLabel={t('orders.declineLabel', { id: o.displayId })}
                  failure={t('orders.actionFailed')}
                  confirm={{ title: t('orders.confirmDecline', { id: o.displayId }), body: t('orders.confirmDeclineBody'), confirmLabel: t('orders.declineYes'), danger: true }}
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
