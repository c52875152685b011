import type { Request, Router } from 'express';
import type { BlockService } from './blocks.service.js';
import { toRestBlockedUser, toRestBlockState } from './blocks.types.js';

const userIdOf = (req: Request) => String((req.params as Record<string, string>).id);

/** REST shim of blocking (docs/product.md#blocking). */
export function blockRoutes(r: Router, { blocks }: { blocks: BlockService }): void {
  r.post('/users/:id/block', async (req, res) => {
    res.json(toRestBlockState(await blocks.block(req.ctx, { userId: userIdOf(req) })));
  });

  r.delete('/users/:id/block', async (req, res) => {
    res.json(toRestBlockState(await blocks.unblock(req.ctx, { userId: userIdOf(req) })));
  });

  r.get('/users/blocked', async (req, res) => {
    res.json({ users: (await blocks.blockedUsers(req.ctx)).map(toRestBlockedUser) });
  });
}
