import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { blockMessages } from './blocks.messages.js';

// The one validation of each blocking command (docs/product.md#blocking).

const USER_MESSAGE = blockMessages.pleaseChooseAValidUser;

export const blockInput = z.object({
  userId: z.string({ error: asZod(USER_MESSAGE) }).trim().toLowerCase().pipe(z.uuid({ error: asZod(USER_MESSAGE) })),
});
