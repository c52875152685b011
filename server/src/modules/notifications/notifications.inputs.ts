import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { notificationMessages as m } from './notifications.messages.js';
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

export const preferencesInput = preferencesSchema;
