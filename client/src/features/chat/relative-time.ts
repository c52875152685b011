import type { TFunction } from 'i18next';
import { formatDayTime, formatTime } from '../../lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The conversation list's times (docs/product.md#chat): 'just now' under a minute, then minutes,
 * hours and days ago, and a date after 7 days.
 */
export function relativeTime(at: string | Date, now: number, t: TFunction<'chat'>, language: string): string {
  const when = new Date(at).getTime();
  const ago = Math.max(0, now - when);
  if (ago < MINUTE) return t('time.justNow');
  if (ago < HOUR) return t('time.minutes', { count: Math.floor(ago / MINUTE) });
  if (ago < DAY) return t('time.hours', { count: Math.floor(ago / HOUR) });
  if (ago < 7 * DAY) return t('time.days', { count: Math.floor(ago / DAY) });
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(when));
}

/** A message's own time: the clock time today, else the date and time. */
export function messageTime(at: string | Date, now: number, language: string): string {
  const d = new Date(at);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  return sameDay ? formatTime(d, language) : formatDayTime(d, language);
}
