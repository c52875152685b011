import type { TFunction } from 'i18next';

/** A badge as the API gives it (docs/product.md#seller-profiles). */
export interface BadgeData {
  kind: string;
  value?: number | null;
}

export const BADGE_KINDS = ['email_verified', 'whatsapp_verified', 'gstin_checked', 'replies_within', 'orders_delivered', 'cancellation_rate'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];
export const knownBadge = (b: BadgeData): b is BadgeData & { kind: BadgeKind } => (BADGE_KINDS as readonly string[]).includes(b.kind);

/** A badge in words: its label (the profile) or its short form (compact rows: product pages, result cards, chat headers). */
export function badgeWords(t: TFunction, b: BadgeData & { kind: BadgeKind }, form: 'label' | 'short'): string {
  return b.kind === 'email_verified' || b.kind === 'whatsapp_verified' || b.kind === 'gstin_checked'
    ? t(`badges.${b.kind}.label`)
    : t(`badges.${b.kind}.${form}`, { count: b.value ?? 0 });
}

/** The short words of the badges the app knows, in the order given (a result card's line). */
export const shortBadgeWords = (t: TFunction, badges: readonly BadgeData[]): string[] => badges.filter(knownBadge).map((b) => badgeWords(t, b, 'short'));
