import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePriceFormat } from '../../../lib/price';
import { shortBadgeWords } from '../../profiles';
import { highlightParts, type ResultCardData } from '../utils/result-card-data';

/**
 * A product found by search: a link to its page (opens in a new tab, long-press works); Buy opens the
 * product page's own buy flow (quantity, confirmation), or its inquiry for an inquire-only product
 * (docs/product.md#states-and-transitions). The words the search found are marked in the title, so the
 * buyer sees why it matched.
 */
export function ResultCard({ item, onBuy }: { item: ResultCardData; onBuy: (id: string) => void }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation();
  const badges = shortBadgeWords(tc, item.sellerBadges);
  const format = usePriceFormat();
  // Why it matched: the searched words in the title are marked; matches only in the tags are named.
  const parts = highlightParts(item.title, item.matchedWords);
  const inTitle = parts.some((p) => p.match);
  return (
    <article className="result-card" aria-label={item.title}>
      <Link className="result-card__open" to={`/product/${item.id}`}>
        {item.thumbnailUrl ? <img className="result-card__image" src={item.thumbnailUrl} alt="" loading="lazy" /> : <span className="result-card__image result-card__image--empty" />}
        <span className="result-card__body">
          <span className="result-card__title">
            {parts.map((p, i) => (p.match ? <mark key={i} className="result-card__match">{p.text}</mark> : p.text))}
          </span>
          {!inTitle && item.matchedWords.length > 0 && (
            <span className="result-card__meta result-card__matched">{t('card.matched', { words: item.matchedWords.join(', ') })}</span>
          )}
          <span className="result-card__price">{format.line(item)}</span>
          {item.bands.length > 1 ? <span className="result-card__meta result-card__bands">{format.from(item.bands[item.bands.length - 1], item.unit)}</span> : null}
          <span className="result-card__meta">{item.conditionText}</span>
          <span className="result-card__meta">{t('card.seller', { name: item.sellerName })}</span>
          {badges.length ? (
            // The seller's badges in short words, one line (docs/product.md#seller-profiles); the profile explains each.
            <span className="result-card__meta result-card__badges">{badges.join(' · ')}</span>
          ) : null}
          <span className="result-card__meta">
            {t('card.maxQty', { count: item.maxQty })}
            {item.location ? ` · ${item.location}` : ''}
          </span>
        </span>
      </Link>
      <button type="button" className="result-card__buy" aria-label={t('card.buyLabel', { title: item.title })} onClick={() => onBuy(item.id)}>
        {t('card.buy')}
      </button>
    </article>
  );
}
