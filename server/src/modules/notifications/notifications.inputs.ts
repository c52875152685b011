import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { notificationMessages as m } from './notifications.messages.js';
import { NOTICE_KINDS, type NoticeKind } from '../../outbox/notifiable.js';
import { preferencesSchema } from './notification-preferences.js';

// The one validation of each notifications command (docs/product.md#notifications).

const key = z.string({ error: asZod(m.keysRequired) }).regex(/^[A-Za-z0-9_-]{16,200}={0,2}$/, asZod(m.keysRequired));

export const subscribeInput = z.object({
  endpoint: z.string({ error: asZod(m.endpointRequired) }).trim().min(1, asZod(m.endpointRequired)).max(2000, asZod(m.endpointRequired)),
  keys: z.object({ p256dh: key, auth: key }, { error: asZod(m.keysRequired) }),
});

export const unsubscribeInput = z.object({
  endpoint: z.string({ error: asZod(m.endpointRequired) }).trim().min(1, asZod(m.endpointRequired)).max(2000, asZod(m.endpointRequired)),
});

/** A kind's channels as given: `email` may be left out (a client from before the digest), keeping what was saved. */
const channelsInput = z
  .object({ push: z.boolean(), whatsapp: z.boolean(), email: z.boolean().nullish().transform((v) => v ?? undefined) })
  .strict();

export const preferencesInput = preferencesSchema.extend({
  kinds: z.object(Object.fromEntries(NOTICE_KINDS.map((k) => [k, channelsInput])) as Record<NoticeKind, typeof channelsInput>).strict(),
});
