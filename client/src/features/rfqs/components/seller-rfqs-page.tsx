import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { DeclineRfqDocument, QuoteRfqDocument, SellerRfqsDocument, type RfqFieldsFragment } from '../../../graphql/generated';
import { formatDayTime } from '../../../lib/dates';
import { readServerError } from '../../../lib/graphql-errors';
import { LiveStatusNotice, useLatestReload } from '../../../lib/live';
import { formatPaise, rupeesToPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { useRfqEvents } from '../hooks/use-rfq-events';
import { RfqSummary } from './my-rfqs-page';
import './rfqs.css';
import { FormError } from '../../../components/ui/form-error';

const REASONS = ['not_my_goods', 'cannot_deliver_there', 'price_too_low'] as const;

/**
 * /seller/rfqs: the seller's 'Requirements' inbox (docs/product.md#buy-requirements), live: each
 * requirement matched to them with its expiry; Send a quote (price per unit, quantity, delivery days,
 * hours valid, note) or Not for me with a reason. The buyer is not named until they order.
 */
export function SellerRfqsPage() {
  const { t } = useTranslation('rfqs');
  usePageTitle(t('inbox.title'));
  const { data, loading, error, refetch } = useQuery(SellerRfqsDocument, { variables: { limit: 50, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const reload = useLatestReload(refetch);
  const rfqs = data?.sellerRfqs.items ?? [];
  const live = useRfqEvents({ side: 'seller', rfqs, reload });
  return (
    <section className="page rfqs-page" aria-labelledby="seller-rfqs-title">
      <h1 id="seller-rfqs-title">{t('inbox.title')}</h1>
      <p>{t('inbox.intro')}</p>
      <LiveStatusNotice status={live.status} />
      {!data && loading ? <p role="status">{t('inbox.loading')}</p> : null}
      {!data && error ? (
        <div role="alert" className="form-error">
          <p>{t('inbox.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('inbox.retry')}
          </button>
        </div>
      ) : null}
      {data && rfqs.length === 0 ? <p>{t('inbox.empty')}</p> : null}
      <ul className="rfq-list" aria-live="polite">
        {rfqs.map((r) => (
          <LeadCard key={r.id} rfq={r} onChanged={reload} />
        ))}
      </ul>
    </section>
  );
}

function LeadCard({ rfq, onChanged }: { rfq: RfqFieldsFragment; onChanged: () => void }) {
  const { t, i18n } = useTranslation('rfqs');
  const fmt = usePriceFormat();
  const [mode, setMode] = useState<'idle' | 'quote' | 'decline'>('idle');
  const match = rfq.match;
  const mine = match?.myQuote ?? null;
  const open = rfq.status === 'open';
  return (
    <li className={`rfq-card rfq-card--${rfq.status}`} data-testid="seller-rfq">
      <div className="rfq-card__head">
        <h2 className="rfq-card__title">{rfq.text}</h2>
        <span className={`rfq-status rfq-status--${rfq.status}`}>{t(`status.${rfq.status as 'open'}`)}</span>
      </div>
      <RfqSummary rfq={rfq} />
      {open ? <p className="rfq-card__meta">{t('inbox.expires', { date: formatDayTime(rfq.expiresAt, i18n.language) })}</p> : null}
      {match?.productTitle ? <p className="rfq-card__meta">{t('inbox.yourListing', { title: match.productTitle })}</p> : null}
      {mine ? <p className="rfq-card__answer">{t('inbox.youQuoted', { price: fmt.price(mine.unitPricePaise, rfq.unit), total: formatPaise(mine.totalPaise) })}</p> : null}
      {match?.answer === 'declined' && match.declineReason ? <p className="rfq-card__answer">{t('inbox.youDeclined', { reason: t(`inbox.reasons.${match.declineReason as 'not_my_goods'}`) })}</p> : null}
      {rfq.status === 'fulfilled' ? <p className="rfq-card__answer">{mine?.status === 'accepted' ? t('inbox.won') : t('inbox.lost')}</p> : null}
      {open && match?.answer !== 'declined' && mode === 'idle' ? (
        <div className="rfq-card__actions">
          <button type="button" className="button button--primary" onClick={() => setMode('quote')}>
            {mine ? t('inbox.requote') : t('inbox.quote')}
          </button>
          {!mine ? (
            <button type="button" className="button button--secondary" onClick={() => setMode('decline')}>
              {t('inbox.decline')}
            </button>
          ) : null}
        </div>
      ) : null}
      {open && mode === 'quote' ? <QuoteForm rfq={rfq} onDone={() => { setMode('idle'); onChanged(); }} /> : null}
      {open && mode === 'decline' ? <DeclineForm rfqId={rfq.id} onDone={() => { setMode('idle'); onChanged(); }} /> : null}
    </li>
  );
}

function QuoteForm({ rfq, onDone }: { rfq: RfqFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation('rfqs');
  const fmt = usePriceFormat();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState(String(rfq.quantity));
  const [days, setDays] = useState('7');
  const [hours, setHours] = useState('72');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { loading }] = useMutation(QuoteRfqDocument);
  const id = (k: string) => `quote-${rfq.id}-${k}`;
  const whole = (v: string) => /^\d+$/.test(v.trim());
  const submit = async () => {
    setProblem(null);
    const unitPricePaise = rupeesToPaise(price);
    if (!unitPricePaise) return setProblem(t('inbox.priceInvalid'));
    if (![quantity, days, hours].every(whole)) return setProblem(t('inbox.wholeNumber'));
    try {
      await send({ variables: { rfqId: rfq.id, unitPricePaise, quantity: Number(quantity), deliveryDays: Number(days), validHours: Number(hours), note: note || null } });
      onDone();
    } catch (err) {
      setProblem(readServerError(err).message ?? t('inbox.failed'));
    }
  };
  const field = (key: string, label: string, value: string, set: (v: string) => void, mode: 'decimal' | 'numeric') => (
    <div className="field">
      <label className="field__label" htmlFor={id(key)}>
        {label}
      </label>
      <input id={id(key)} className="field__input" inputMode={mode} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <form
      className="rfq-quote-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {field('price', t('inbox.unitPrice', { unit: fmt.unitName(rfq.unit) }), price, setPrice, 'decimal')}
      {field('quantity', t('inbox.quantity'), quantity, setQuantity, 'numeric')}
      {field('days', t('inbox.deliveryDays'), days, setDays, 'numeric')}
      {field('hours', t('inbox.validHours'), hours, setHours, 'numeric')}
      <div className="field">
        <label className="field__label" htmlFor={id('note')}>
          {t('inbox.note')}
        </label>
        <textarea id={id('note')} className="field__input" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <FormError message={problem} />
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? t('inbox.sending') : t('inbox.send')}
      </button>
    </form>
  );
}

function DeclineForm({ rfqId, onDone }: { rfqId: string; onDone: () => void }) {
  const { t } = useTranslation('rfqs');
  const [reason, setReason] = useState<(typeof REASONS)[number]>('not_my_goods');
  const [failed, setFailed] = useState<string | null>(null);
  const [decline, { loading }] = useMutation(DeclineRfqDocument);
  const submit = async () => {
    setFailed(null);
    try {
      await decline({ variables: { rfqId, reason } });
      onDone();
    } catch (err) {
      setFailed(readServerError(err).message ?? t('inbox.declineFailed'));
    }
  };
  return (
    <fieldset className="rfq-decline">
      <legend>{t('inbox.declineReason')}</legend>
      {REASONS.map((r) => (
        <label key={r} className="rfq-decline__reason">
          <input type="radio" name={`decline-${rfqId}`} value={r} checked={reason === r} onChange={() => setReason(r)} /> {t(`inbox.reasons.${r}`)}
        </label>
      ))}
      <FormError message={failed} />
      <button type="button" className="button button--secondary" disabled={loading} onClick={() => void submit()}>
        {t('inbox.declineSend')}
      </button>
    </fieldset>
  );
}
