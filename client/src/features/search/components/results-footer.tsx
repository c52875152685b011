import { useTranslation } from 'react-i18next';

/**
 * The end of a list of search results, the same under the assistant, the photo search and the results page:
 * "loading more", a failed next page with Try again (scrolling does not retry by itself), and "That is all"
 * once the last page is shown.
 */
export function ResultsFooter({
  loadingMore,
  moreFailed,
  onRetry,
  shown,
  hasMore,
}: {
  loadingMore: boolean;
  moreFailed: boolean;
  onRetry: () => void;
  /** How many results are shown. */
  shown: number;
  hasMore: boolean;
}) {
  const { t } = useTranslation('search');
  return (
    <>
      {loadingMore ? <p className="search-assistant__status">{t('assistant.loadingMore')}</p> : null}
      {moreFailed && !loadingMore ? (
        <div className="search-assistant__status form-error" role="alert">
          <p>{t('assistant.moreFailed')}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('assistant.retry')}
          </button>
        </div>
      ) : null}
      {shown > 0 && !hasMore ? <p className="assistant-results__end">{t('assistant.end', { count: shown })}</p> : null}
    </>
  );
}
