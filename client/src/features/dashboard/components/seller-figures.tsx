import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SellerFiguresDocument } from '../../../graphql/generated';
import { useUnreadTotal } from '../../chat';
import { useWaitingOrders } from '../../orders';

/**
 * A seller's own figures on their dashboard (docs/product.md#seller-figures): orders to act on, unread
 * messages, listings on and off, each a way to the place where it is acted on; live (an order or a message
 * that arrives moves them). Someone with nothing listed yet is told how to start (the quick actions' 'Add product').
 */
export function SellerFigures() {
  const { t } = useTranslation('dashboard');
  const { data, loading, error, refetch } = useQuery(SellerFiguresDocument, { fetchPolicy: 'cache-and-network' });
  const waiting = useWaitingOrders();
  const unread = useUnreadTotal();
  // The live counts moved: the figures are read again (the first values are the query's own).
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const now = `${waiting}:${unread}`;
    if (seen.current !== null && seen.current !== now) void refetch().catch(() => undefined);
    seen.current = now;
  }, [waiting, unread, refetch]);

  const f = data?.sellerFigures;
  const toAct = f ? f.ordersAwaitingPayment + f.ordersToDeliver : 0;
  return (
    <section className="seller-figures" aria-labelledby="seller-figures-title" aria-busy={loading && !f}>
      <h2 id="seller-figures-title">{t('figures.title')}</h2>
      {!f && loading ? <p role="status">{t('figures.loading')}</p> : null}
      {!f && error ? (
        <div className="form-error" role="alert">
          <p>{t('figures.failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {f && f.listingsActive + f.listingsOff === 0 && toAct === 0 ? (
        // How to start; its 'Add product' is the quick actions' own, just below (one button, not two in a row).
        <p className="seller-figures__start">{t('figures.start')}</p>
      ) : null}
      {f && (f.listingsActive + f.listingsOff > 0 || toAct > 0) ? (
        <ul className="seller-figures__list">
          <li>
            <Link className={`figure${toAct ? ' figure--alert' : ''}`} to="/seller/orders">
              <span className="figure__value">{toAct}</span>
              <span className="figure__label">{t('figures.ordersToAct', { count: toAct })}</span>
              <span className="figure__detail">{t('figures.ordersDetail', { unpaid: f.ordersAwaitingPayment, toDeliver: f.ordersToDeliver })}</span>
            </Link>
          </li>
          <li>
            <Link className={`figure${f.unreadMessages ? ' figure--alert' : ''}`} to="/chat">
              <span className="figure__value">{f.unreadMessages}</span>
              <span className="figure__label">{t('figures.unread', { count: f.unreadMessages })}</span>
            </Link>
          </li>
          <li>
            <Link className="figure" to="/seller/products">
              <span className="figure__value">{f.listingsActive}</span>
              <span className="figure__label">{t('figures.listingsOn', { count: f.listingsActive })}</span>
              {f.listingsOff ? <span className="figure__detail">{t('figures.listingsOff', { count: f.listingsOff })}</span> : null}
            </Link>
          </li>
        </ul>
      ) : null}
    </section>
  );
}
