import { useTranslation } from 'react-i18next';
import type { FilterChip, FilterKey } from '../utils/filter-chips';

/** What the words were understood as; each chip removes its filter. */
export function FilterChipList({ chips, onRemove, disabled }: { chips: FilterChip[]; onRemove: (key: FilterKey) => void; disabled?: boolean }) {
  const { t } = useTranslation('search');
  if (!chips.length) return null;
  return (
    <ul className="filter-chips" aria-label={t('chips.label')}>
      {chips.map((chip) => (
        <li key={chip.key} className="filter-chip">
          <span>{chip.label}</span>
          <button type="button" className="filter-chip__remove" disabled={disabled} onClick={() => onRemove(chip.key)} aria-label={t('chips.remove', { label: chip.label })}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
