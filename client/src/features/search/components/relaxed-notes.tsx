import { useTranslation } from 'react-i18next';
import type { SearchResponseFieldsFragment } from '../../../graphql/generated';
import './relaxed-notes.css';

/**
 * What a search left out to find anything (docs/search.md, "Relaxing a request"): the words no
 * product had, the place or the quantity not applied. The assistant's reply says it too, aloud.
 */
export function RelaxedNotes({ search }: { search: Pick<SearchResponseFieldsFragment, 'relaxed' | 'filters'> }) {
  const { t } = useTranslation('search');
  const relaxed = search.relaxed;
  if (!relaxed) return null;
  const notes = [
    relaxed.words.length ? t('assistant.relaxedNotMatched', { words: relaxed.words.join(', ') }) : null,
    relaxed.filters.includes('location') && search.filters.location ? t('assistant.relaxedElsewhere', { place: search.filters.location }) : null,
    relaxed.filters.includes('minQuantity') && search.filters.minQuantity ? t('assistant.relaxedSmallerLots', { count: search.filters.minQuantity }) : null,
  ].filter((n): n is string => n !== null);
  if (!notes.length) return null;
  return (
    <ul className="relaxed-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
