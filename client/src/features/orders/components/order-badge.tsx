import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ParcelIcon } from '../../../components/ui/icons';
import { useWaitingOrders } from '../hooks/use-waiting-orders';

/** Top bar: the seller's orders waiting for them (payment to come, delivery to make), live. */
export function OrderBadge() {
  const { t } = useTranslation();
  const open = useWaitingOrders();
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

/** The menu's count beside 'Orders received' (nothing when none wait), live. */
export function WaitingOrdersCount() {
  const { t } = useTranslation();
  const open = useWaitingOrders();
  if (!open) return null;
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {open}
      </span>
      <span className="visually-hidden">{`, ${t('orders.badgeLabel', { count: open })}`}</span>
    </>
  );
}
