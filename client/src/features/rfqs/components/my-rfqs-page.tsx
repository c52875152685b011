import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { CloseRfqDocument, MyRfqsDocument, type RfqFieldsFragment } from '../../../graphql/generated';
import { formatDayTime } from '../../../lib/dates';
import { LiveStatusNotice, useLatestReload } from '../../../lib/live';
import { formatRupees } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { useRfqEvents } from '../hooks/use-rfq-events';
import { RfqQuotesTable } from './rfq-quotes-table';
import './rfqs.css';
import { RfqPhotoStrip } from './rfq-photos';

/**
 * /rfqs: 'My requirements' (docs/product.md#buy-requirements), live: each requirement with its status,
 * how many sellers were told, and its quotes side by side with Order at this quote; Close on an open one.
 */
export function MyRfqsPage({ posted = false }: { posted?: boolean }) {
  const { t, i18n } = useTranslation('rfqs');
  usePageTitle(t('mine.title'));
  const { data, loading, error, refetch } = useQuery(MyRfqsDocument, { fetchPolicy: 'cache-and-network' });
  const reload = useLatestReload(refetch);
  const rfqs = data?.myRfqs ?? [];
  const live = useRfqEvents({ side: 'buyer', rfqs, reload });
  const [ordered, setOrdered] = useState<{ displayId: string; total: string; payBy: string } | null>(null);

  return (
    <section className="page rfqs-page" aria-labelledby="rfqs-title">
      <div className="rfqs-page__head">
        <h1 id="rfqs-title">{t('mine.title')}</h1>
        <Link className="button button--primary" to="/rfqs/new">
          {t('mine.new')}
        </Link>
      </div>
      <LiveStatusNotice status={live.status} />
      {posted ? (
        <p className="form-notice" role="status">
          {t('mine.posted')}
        </p>
      ) : null}
      {ordered ? (
        <p className="form-notice" role="status">
          {t('mine.ordered', { id: ordered.displayId, total: formatRupees(ordered.total), date: formatDayTime(ordered.payBy, i18n.language) })}{' '}
          <Link to="/orders">{t('mine.seeOrders')}</Link>
        </p>
      ) : null}
      {!data && loading ? <p role="status">{t('mine.loading')}</p> : null}
      {!data && error ? (
        <div role="alert" className="form-error">
          <p>{t('mine.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('mine.retry')}
          </button>
        </div>
      ) : null}
      {data && rfqs.length === 0 ? <p>{t('mine.empty')}</p> : null}
      <ul className="rfq-list" aria-live="polite">
        {rfqs.map((r) => (
          <MyRfqCard key={r.id} rfq={r} onChanged={reload} onOrdered={(o) => { setOrdered(o); reload(); }} />
        ))}
      </ul>
    </section>
  );
}

/** A requirement's summary line (quantity, place, top price, needed by) and its photos. */
export function RfqSummary({ rfq }: { rfq: RfqFieldsFragment }) {
  const { t, i18n } = useTranslation('rfqs');
  const fmt = usePriceFormat();
  const place = [rfq.city, rfq.state].filter(Boolean).join(', ');
  return (
    <>
      <p className="rfq-card__summary">
        <span>{fmt.quantity(rfq.quantity, rfq.unit)}</span>
        {place ? <span>{t('inbox.deliverTo', { place })}</span> : null}
        {rfq.maxUnitPricePaise ? <span>{t('inbox.upTo', { price: fmt.price(rfq.maxUnitPricePaise, rfq.unit) })}</span> : null}
        {rfq.neededBy ? <span>{t('inbox.neededBy', { date: new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short' }).format(new Date(`${rfq.neededBy}T00:00:00`)) })}</span> : null}
      </p>
      <RfqPhotoStrip photos={rfq.photos} />
    </>
  );
}

function MyRfqCard({ rfq, onChanged, onOrdered }: { rfq: RfqFieldsFragment; onChanged: () => void; onOrdered: (o: { displayId: string; total: string; payBy: string }) => void }) {
  const { t, i18n } = useTranslation('rfqs');
  const [close, { loading: closing }] = useMutation(CloseRfqDocument);
  const [failed, setFailed] = useState(false);
  const [confirm, dialog] = useConfirm();
  const quotes = rfq.quotes ?? [];
  const doClose = async () => {
    if (!(await confirm({ title: t('mine.closeConfirm'), body: t('mine.closeConfirmBody'), confirmLabel: t('mine.close'), danger: true }))) return;
    setFailed(false);
    try {
      await close({ variables: { id: rfq.id } });
      onChanged();
    } catch {
      setFailed(true);
    }
  };
  return (
    <li className={`rfq-card rfq-card--${rfq.status}`} data-testid="my-rfq">
      <div className="rfq-card__head">
        <h2 className="rfq-card__title">{rfq.text}</h2>
        <span className={`rfq-status rfq-status--${rfq.status}`}>{t(`status.${rfq.status as 'open'}`)}</span>
      </div>
      <RfqSummary rfq={rfq} />
      <p className="rfq-card__meta">
        <span>{t('mine.matched', { count: rfq.matchedCount })}</span> · <span>{t('mine.quotes', { count: rfq.quoteCount })}</span>
        {rfq.status === 'open' ? <span> · {t('mine.openUntil', { date: formatDayTime(rfq.expiresAt, i18n.language) })}</span> : null}
      </p>
      {quotes.length ? (
        <RfqQuotesTable rfqId={rfq.id} unit={rfq.unit} quotes={quotes} canAccept={rfq.status === 'open'} onOrdered={onOrdered} />
      ) : rfq.status === 'open' ? (
        <p className="rfq-card__none">{t('mine.noQuotes')}</p>
      ) : null}
      {rfq.status === 'open' ? (
        <button type="button" className="button button--secondary" disabled={closing} onClick={() => void doClose()}>
          {t('mine.close')}
        </button>
      ) : null}
      {failed ? (
        <p className="form-error" role="alert">
          {t('mine.closeFailed')}
        </p>
      ) : null}
      {dialog}
    </li>
  );
}
