import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { blockMessages } from './blocks.messages.js';

// The one validation of each blocking command (docs/product.md#blocking).


export const blockInput = z.object({
  userId: z.string({ error: asZod(blockMessages.pleaseChooseAValidUser) }).trim().toLowerCase().pipe(z.uuid({ error: asZod(blockMessages.pleaseChooseAValidUser) })),
});
