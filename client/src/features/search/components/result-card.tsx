import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../lib/money';
import type { ResultCardData } from '../utils/result-card-data';

/** A product found by search: opens its page; Buy only tells the price (docs/product.md#states-and-transitions). */
export function ResultCard({ item, onOpen }: { item: ResultCardData; onOpen: (id: string) => void }) {
  const { t } = useTranslation('search');
  const price = item.priceInInr ? formatRupees(item.priceInInr) : null;
  return (
    <article className="result-card" aria-label={item.title}>
      <button type="button" className="result-card__open" onClick={() => onOpen(item.id)}>
        {item.thumbnailUrl ? <img className="result-card__image" src={item.thumbnailUrl} alt="" loading="lazy" /> : <span className="result-card__image result-card__image--empty" />}
        <span className="result-card__body">
          <span className="result-card__title">{item.title}</span>
          <span className="result-card__price">{price ?? t('card.priceOnRequest')}</span>
          <span className="result-card__meta">{item.conditionText}</span>
          <span className="result-card__meta">{t('card.seller', { name: item.sellerName })}</span>
          <span className="result-card__meta">
            {t('card.maxQty', { count: item.maxQty })}
            {item.location ? ` · ${item.location}` : ''}
          </span>
        </span>
      </button>
      <button
        type="button"
        className="result-card__buy"
        onClick={() => window.alert(price ? t('card.buyAlert', { price }) : t('card.buyAlertNoPrice'))}
      >
        {t('card.buy')}
      </button>
    </article>
  );
}
