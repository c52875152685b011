import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { NOTICE_KINDS, type NoticeKind } from '../../outbox/notifiable.js';
import { notificationMessages } from './notifications.messages.js';

/** The channels a notice goes out on besides the app itself (its live events); email is the 15-minute digest. */
export const CHANNELS = ['push', 'whatsapp', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, asZod(notificationMessages.useATime));
const perChannel = z.object({ push: z.boolean(), whatsapp: z.boolean(), email: z.boolean() }).strict();

/** One user's notification preferences (docs/product.md#notifications), as stored and as the settings screen edits them. */
export const preferencesSchema = z
  .object({
    /** The one switch: off, nothing goes out away from the page. */
    enabled: z.boolean(),
    /** WhatsApp alerts at all (an explicit opt-in; only ever to a verified number). */
    whatsappOptIn: z.boolean(),
    quietHours: z.object({ enabled: z.boolean(), from: time, to: time }).strict(),
    /** New orders and payments go through quiet hours (on by default). */
    urgentInQuietHours: z.boolean(),
    kinds: z.object(Object.fromEntries(NOTICE_KINDS.map((k) => [k, perChannel])) as Record<NoticeKind, typeof perChannel>).strict(),
  })
  .strict();
export type NotificationPreferences = z.output<typeof preferencesSchema>;

/**
 * The defaults: orders on every channel the user verified (push once a device subscribes, WhatsApp once the
 * number is verified and opted in), everything else by push, and in the email digest of what stayed unread
 * (orders are not in it: each order change has its own email at once); quiet hours 22:00 to 08:00 IST.
 */
export function defaultPreferences(): NotificationPreferences {
  return {
    enabled: true,
    whatsappOptIn: false,
    quietHours: { enabled: true, from: '22:00', to: '08:00' },
    urgentInQuietHours: true,
    kinds: {
      order: { push: true, whatsapp: true, email: false },
      message: { push: true, whatsapp: false, email: true },
      quote: { push: true, whatsapp: false, email: true },
      requirement: { push: true, whatsapp: false, email: true },
    },
  };
}

/** Stored preferences over the defaults (a kind or channel added later gets its default). */
export function withDefaults(stored: unknown): NotificationPreferences {
  const d = defaultPreferences();
  if (!stored || typeof stored !== 'object') return d;
  const s = stored as Partial<NotificationPreferences>;
  const kinds = Object.fromEntries(NOTICE_KINDS.map((k) => [k, { ...d.kinds[k], ...s.kinds?.[k] }])) as NotificationPreferences['kinds'];
  const merged = { ...d, ...s, quietHours: { ...d.quietHours, ...s.quietHours }, kinds };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : d;
}

/** India's time (UTC+05:30 all year). */
const IST_OFFSET_MINUTES = 330;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a notice may go out: `now` or the end of the quiet hours it falls in (IST). Urgent notices (orders,
 * payments) go at once unless the user said they should wait too.
 */
export function releaseTime(prefs: NotificationPreferences, urgent: boolean, now: Date): Date {
  const q = prefs.quietHours;
  if (!q.enabled || (urgent && prefs.urgentInQuietHours) || q.from === q.to) return now;
  const dayMs = 24 * 3600_000;
  const localMinutes = Math.floor(((now.getTime() / 60_000 + IST_OFFSET_MINUTES) % 1440 + 1440) % 1440);
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  const quiet = from < to ? localMinutes >= from && localMinutes < to : localMinutes >= from || localMinutes < to;
  if (!quiet) return now;
  // Minutes until the quiet hours end, on the minute.
  const wait = (to - localMinutes + 1440) % 1440;
  const release = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + wait * 60_000);
  return release.getTime() - now.getTime() > dayMs ? now : release;
}

/** The channels a notice of this kind goes out on for this user (before what each channel needs: a device, a number). */
export function channelsFor(prefs: NotificationPreferences, kind: NoticeKind): Channel[] {
  if (!prefs.enabled) return [];
  const k = prefs.kinds[kind];
  return CHANNELS.filter((c) => k[c] && (c !== 'whatsapp' || prefs.whatsappOptIn));
}
