import { useMutation } from '@apollo/client/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AcceptRfqQuoteDocument, type RfqQuoteFieldsFragment } from '../../../graphql/generated';
import { formatDayTime } from '../../../lib/dates';
import { readServerError } from '../../../lib/graphql-errors';
import { formatPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { FormError } from '../../../components/ui/form-error';

type Sort = 'total' | 'delivery';

/** How long a seller usually takes to quote: minutes under two hours, else hours. */
function useResponseTime() {
  const { t } = useTranslation('rfqs');
  return (minutes: number) => (minutes < 120 ? t('mine.minutes', { count: Math.max(1, minutes) }) : t('mine.hours', { count: Math.round(minutes / 60) }));
}

/**
 * A requirement's quotes side by side (docs/product.md#buy-requirements): the seller (city, verified
 * email and WhatsApp, GSTIN, how fast they usually quote), unit price, total, delivery, validity; sorted by
 * total or by delivery; Order at this quote on an open one (one idempotency key per quote, so a retry
 * after a lost answer gives the same order).
 */
export function RfqQuotesTable({ rfqId, unit, quotes, canAccept, onOrdered }: { rfqId: string; unit: string; quotes: RfqQuoteFieldsFragment[]; canAccept: boolean; onOrdered: (order: { displayId: string; total: string; payBy: string }) => void }) {
  const { t, i18n } = useTranslation('rfqs');
  const fmt = usePriceFormat();
  const responseTime = useResponseTime();
  const [sort, setSort] = useState<Sort>('total');
  const [failed, setFailed] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  const [accept, { loading }] = useMutation(AcceptRfqQuoteDocument);
  const sorted = useMemo(() => {
    const byTotal = (a: RfqQuoteFieldsFragment, b: RfqQuoteFieldsFragment) => (BigInt(a.totalPaise) < BigInt(b.totalPaise) ? -1 : BigInt(a.totalPaise) > BigInt(b.totalPaise) ? 1 : 0);
    return [...quotes].sort((a, b) => (sort === 'total' ? byTotal(a, b) || a.deliveryDays - b.deliveryDays : a.deliveryDays - b.deliveryDays || byTotal(a, b)));
  }, [quotes, sort]);

  const order = async (q: RfqQuoteFieldsFragment) => {
    setFailed(null);
    let key = keys.current.get(q.id);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(q.id, key);
    }
    try {
      const { data } = await accept({ variables: { rfqId, quoteId: q.id, idempotencyKey: key } });
      if (data) onOrdered({ displayId: data.acceptRfqQuote.displayId, total: data.acceptRfqQuote.total, payBy: String(data.acceptRfqQuote.payBy) });
    } catch (err) {
      setFailed(readServerError(err).message ?? t('mine.acceptFailed'));
    }
  };

  return (
    <div className="rfq-quotes">
      <div className="rfq-quotes__sort" role="group" aria-label={t('mine.sortBy')}>
        <span>{t('mine.sortBy')}</span>
        {(['total', 'delivery'] as const).map((s) => (
          <button key={s} type="button" className={`quick-reply${sort === s ? ' quick-reply--on' : ''}`} aria-pressed={sort === s} onClick={() => setSort(s)}>
            {s === 'total' ? t('mine.sortTotal') : t('mine.sortDelivery')}
          </button>
        ))}
      </div>
      <FormError message={failed} />
      <ol className="rfq-quote-list" aria-label={t('mine.compare')}>
        {sorted.map((q) => (
          <li key={q.id} className={`rfq-quote rfq-quote--${q.status}`} data-testid="rfq-quote">
            <div className="rfq-quote__seller">
              <strong>{q.sellerUsername}</strong>
              {q.sellerCity ? <span> · {q.sellerCity}</span> : null}
              <span className="rfq-quote__status">{t(`mine.quoteStatus.${q.status as 'open'}`)}</span>
            </div>
            <ul className="rfq-quote__badges">
              {q.sellerEmailVerified ? <li>{t('mine.verifiedEmail')}</li> : null}
              {q.sellerPhoneVerified ? <li>{t('mine.verifiedPhone')}</li> : null}
              {q.sellerHasGstin ? <li>{t('mine.gstin')}</li> : null}
              {q.sellerResponseMinutes !== null && q.sellerResponseMinutes !== undefined ? <li>{t('mine.responds', { time: responseTime(q.sellerResponseMinutes) })}</li> : null}
            </ul>
            <dl className="rfq-quote__terms">
              <div>
                <dt>{t('mine.unitPrice', { unit: fmt.unitName(unit) })}</dt>
                <dd>{fmt.price(q.unitPricePaise, unit)}</dd>
              </div>
              <div>
                <dt>{t('mine.total')}</dt>
                <dd>
                  {formatPaise(q.totalPaise)} <span className="rfq-quote__qty">({fmt.quantity(q.quantity, unit)})</span>
                </dd>
              </div>
              <div>
                <dt>{t('mine.delivery')}</dt>
                <dd>{t('mine.deliveryDays', { count: q.deliveryDays })}</dd>
              </div>
              <div>
                <dt>{t('mine.validUntil')}</dt>
                <dd>{formatDayTime(q.validUntil, i18n.language)}</dd>
              </div>
            </dl>
            {q.note ? <p className="rfq-quote__note">{q.note}</p> : null}
            <div className="rfq-quote__actions">
              {canAccept && q.status === 'open' ? (
                <button type="button" className="button button--primary" disabled={loading} aria-label={t('mine.acceptLabel', { seller: q.sellerUsername, total: formatPaise(q.totalPaise) })} onClick={() => void order(q)}>
                  {loading ? t('mine.accepting') : t('mine.accept')}
                </button>
              ) : null}
              <Link className="button button--ghost" to={`/chat?with=${encodeURIComponent(q.sellerId)}`}>
                {t('mine.chat', { seller: q.sellerUsername })}
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

