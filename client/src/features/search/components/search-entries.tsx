import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, KeyboardIcon, MicIcon } from '../../../components/ui/icons';
import { useSearchOverlay, type SearchMode } from '../search-overlay-context';
import './search.css';
import './search-results.css';

const ENTRIES = [
  { mode: 'voice', icon: MicIcon, label: 'entries.speak', hint: 'entries.speakLabel' },
  { mode: 'text', icon: KeyboardIcon, label: 'entries.type', hint: 'entries.typeLabel' },
  { mode: 'image', icon: CameraIcon, label: 'entries.image', hint: 'entries.imageLabel' },
] as const satisfies ReadonlyArray<{ mode: SearchMode; icon: ComponentType; label: string; hint: string }>;

/** The three compact ways into search (speak, type, photo) shown in the top bar. */
export function SearchEntries() {
  const { t } = useTranslation('search');
  const { openSearch } = useSearchOverlay();

  return (
    <div className="search-entries" role="group" aria-label={t('entries.groupLabel')}>
      {ENTRIES.map(({ mode, icon: Icon, label, hint }) => (
        <button
          key={mode}
          type="button"
          className="search-entries__button"
          title={t(hint)}
          onClick={() => openSearch(mode)}
        >
          <Icon />
          <span className="search-entries__text">{t(label)}</span>
        </button>
      ))}
    </div>
  );
}

/** The home page's large input bar: looks like a search box, opens the assistant in the chosen mode. */
export function SearchBar() {
  const { t } = useTranslation('search');
  const { openSearch } = useSearchOverlay();

  return (
    <div className="search-bar" role="group" aria-label={t('entries.groupLabel')}>
      <button type="button" className="search-bar__action search-bar__action--voice" onClick={() => openSearch('voice')}>
        <MicIcon />
        <span>{t('entries.speak')}</span>
      </button>
      <button type="button" className="search-bar__field" onClick={() => openSearch('text')}>
        <KeyboardIcon />
        <span className="search-bar__placeholder">{t('entries.placeholder')}</span>
        <span className="visually-hidden">{t('entries.typeLabel')}</span>
      </button>
      <button type="button" className="search-bar__action" onClick={() => openSearch('image')}>
        <CameraIcon />
        <span>{t('entries.image')}</span>
      </button>
    </div>
  );
}
