import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../profiles.css';

/** A badge as the API gives it (docs/product.md#seller-profiles). */
export interface BadgeData {
  kind: string;
  value?: number | null;
}

const KINDS = ['email_verified', 'whatsapp_verified', 'gstin_checked', 'replies_within', 'orders_delivered', 'cancellation_rate'] as const;
type Kind = (typeof KINDS)[number];
const known = (b: BadgeData): b is BadgeData & { kind: Kind } => (KINDS as readonly string[]).includes(b.kind);

/**
 * A seller's earned badges. In full (the profile) each is a button that shows what it means when
 * tapped; compact (product pages, search results, chat headers) they are short words in one line.
 */
export function SellerBadges({ badges, compact = false }: { badges: readonly BadgeData[]; compact?: boolean }) {
  const { t } = useTranslation();
  const shown = badges.filter(known);
  if (!shown.length) return null;
  const label = (b: BadgeData & { kind: Kind }, form: 'label' | 'short') =>
    b.kind === 'email_verified' || b.kind === 'whatsapp_verified' || b.kind === 'gstin_checked'
      ? t(`badges.${b.kind}.label`)
      : t(`badges.${b.kind}.${form === 'short' ? 'short' : 'label'}`, { count: b.value ?? 0 });
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

function FullBadge({ text, explain, kind }: { text: string; explain: string; kind: Kind }) {
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
