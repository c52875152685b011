import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../profiles.css';
import { badgeWords, knownBadge, type BadgeData, type BadgeKind } from './badge-words';

export type { BadgeData } from './badge-words';

/**
 * A seller's earned badges. In full (the profile) each is a button that shows what it means when
 * tapped; compact (product pages, search results, chat headers) they are short words in one line.
 */
export function SellerBadges({ badges, compact = false }: { badges: readonly BadgeData[]; compact?: boolean }) {
  const { t } = useTranslation();
  const shown = badges.filter(knownBadge);
  if (!shown.length) return null;
  const label = (b: BadgeData & { kind: BadgeKind }, form: 'label' | 'short') => badgeWords(t, b, form);
  if (compact) {
    return (
      <ul className="seller-badges seller-badges--compact" aria-label={t('badges.listLabel')}>
        {shown.map((b) => (
          <li key={b.kind} className={`seller-badge seller-badge--${b.kind}`}>
            {label(b, 'short')}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="seller-badges" aria-label={t('badges.listLabel')}>
      {shown.map((b) => (
        <li key={b.kind}>
          <FullBadge text={label(b, 'label')} explain={t(`badges.${b.kind}.explain`, { count: b.value ?? 0 })} kind={b.kind} />
        </li>
      ))}
    </ul>
  );
}

function FullBadge({ text, explain, kind }: { text: string; explain: string; kind: BadgeKind }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button type="button" className={`seller-badge seller-badge--${kind} seller-badge--button`} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {text}
      </button>
      <p id={id} className="seller-badge__explain" hidden={!open}>
        {explain}
      </p>
    </>
  );
}
