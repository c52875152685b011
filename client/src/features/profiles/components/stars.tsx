import { useTranslation } from 'react-i18next';

/** A rating as five stars, read out as 'N stars out of 5'. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('reviews.stars', { count: rating })}>
      {'★'.repeat(full)}
      <span className="stars__empty">{'★'.repeat(5 - full)}</span>
    </span>
  );
}
