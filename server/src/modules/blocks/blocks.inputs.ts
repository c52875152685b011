import { z } from 'zod';

// The one validation of each blocking command (docs/product.md#blocking).

const USER_MESSAGE = 'Please choose a valid user';

export const blockInput = z.object({
  userId: z.string({ error: USER_MESSAGE }).trim().toLowerCase().pipe(z.uuid({ error: USER_MESSAGE })),
});
