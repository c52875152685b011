import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ParcelIcon } from '../../../components/ui/icons';
import { SellerOrdersDocument } from '../../../graphql/generated';
import { useOrderEvents } from '../hooks/use-order-events';

/** Top bar: the seller's orders waiting for them (payment to come, delivery to make), live. */
export function OrderBadge() {
  const { t } = useTranslation();
  const { data, refetch } = useQuery(SellerOrdersDocument, { variables: { limit: 50, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const reload = () => void refetch().catch(() => undefined);
  useOrderEvents({ role: 'seller', orders: data?.sellerOrders.items ?? [], reload });
  const open = (data?.sellerOrders.items ?? []).filter((o) => o.status === 'unpaid' || o.status === 'delivery_pending').length;
  if (!open) return null;
  return (
    <NavLink to="/seller/orders" className="button button--ghost top-bar__action order-badge" aria-label={t('orders.badgeLabel', { count: open })}>
      <ParcelIcon />
      <span className="top-bar__label" aria-hidden="true">
        {t('orders.badgeShort')}
      </span>
      <span className="order-badge__count" aria-hidden="true">
        {open}
      </span>
    </NavLink>
  );
}
