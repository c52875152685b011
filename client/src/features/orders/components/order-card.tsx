import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderFieldsFragment } from '../../../graphql/generated';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/dates';
import { formatRupees, paiseToRupees, rupeesToPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { STATUS_TONE, statusKey } from '../order-labels';

interface OrderCardProps {
  order: OrderFieldsFragment;
  /** Arrived live since the page opened (highlighted). */
  fresh?: boolean;
  children?: ReactNode;
}

/** One order: picture, title, quantity, total, status, the other party, when, and its actions. */
export function OrderCard({ order, fresh = false, children }: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const price = usePriceFormat();
  const unitPaise = rupeesToPaise(order.unitPrice);
  const role = order.role === 'seller' ? 'seller' : 'buyer';
  const format = (d: unknown) => formatDateTime(d, i18n.language);
  const when = format(order.createdAt);
  return (
    <li className={`order-card${fresh ? ' order-card--fresh' : ''}`} data-order-id={order.id} data-status={order.status}>
      {order.thumbnail ? <img className="order-card__thumb" src={order.thumbnail.sm} alt="" width={64} height={64} loading="lazy" /> : <span className="order-card__thumb" aria-hidden="true" />}
      <div className="order-card__body">
        <p className="order-card__title">
          <Link to={`/product/${order.productId}`}>{order.productTitle}</Link>
          {fresh ? <span className="order-card__new">{t('orders.new')}</span> : null}
        </p>
        <p className="order-card__meta">
          {t('orders.orderId', { id: order.displayId })} · {price.quantity(order.quantity, order.unit)}
          {unitPaise ? ` × ${price.price(unitPaise, order.unit)}` : ''}
        </p>
        <p className="order-card__total">{t('orders.totalLine', { total: formatRupees(order.payable) })}</p>
        {order.taxed ? (
          <p className="order-card__meta">
            {t(order.pricesIncludeGst ? 'orders.gstIncluded' : 'orders.gstAdded', { rate: order.gstRate, tax: formatRupees(paiseToRupees(order.taxPaise)) })}
          </p>
        ) : null}
        {(order.paymentUtr || order.paymentScreenshotUrl) && order.status !== 'unpaid' ? (
          <p className="order-card__meta order-card__payment">
            {order.paymentUtr ? <span>{t('orders.utrShown', { utr: order.paymentUtr })}</span> : null}{' '}
            {order.paymentScreenshotUrl ? (
              <a className="order-card__screenshot" href={order.paymentScreenshotUrl} target="_blank" rel="noopener" aria-label={t('orders.paymentScreenshotLabel', { id: order.displayId })}>
                {t('orders.paymentScreenshot')}
              </a>
            ) : null}
          </p>
        ) : null}
        <p className="order-card__meta">
          {role === 'seller' ? t('orders.buyer', { name: order.buyerName }) : t('orders.seller', { name: order.sellerName })} · <time dateTime={String(order.createdAt)}>{when}</time>
        </p>
        {order.status === 'unpaid' ? <p className="order-card__meta">{t(role === 'seller' ? 'orders.buyerPaysBy' : 'orders.payBy', { time: format(order.payBy) })}</p> : null}
        {role === 'seller' && order.buyerPhone ? <p className="order-card__meta">{t('orders.buyerPhone', { phone: order.buyerPhone })}</p> : null}
        <p>
          <span className={`order-status order-status--${STATUS_TONE[order.status] ?? 'red'}`}>{t(statusKey(order.status, role, order.cancelledBy))}</span>
        </p>
        {order.invoiceUrl ? (
          <p className="order-card__meta">
            <a className="order-card__invoice" href={order.invoiceUrl} download>
              <DownloadIcon /> {t('orders.invoice', { number: order.invoiceNumber })}
            </a>
          </p>
        ) : null}
        {children ? <div className="order-card__actions">{children}</div> : null}
      </div>
    </li>
  );
}
