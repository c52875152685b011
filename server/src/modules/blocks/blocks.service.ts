import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { AuthService } from '../auth/auth.service.js';
import { blockRefusal, type BlockBetween } from './block-rules.js';
import { blocksBetween } from './blocks.public.js';
import { blockInput } from './blocks.inputs.js';
import { blockMessages } from './blocks.messages.js';

/** A user the viewer blocked, for the list in settings. */
export interface BlockedUserView {
  id: string;
  username: string;
  blockedAt: Date;
}

/** Where the viewer stands with another user after a block or an unblock. */
export interface BlockStateView {
  userId: string;
  blockedByMe: boolean;
}


/**
 * Blocking (docs/product.md#blocking): a user blocks another from a conversation, a profile or a
 * requirement; from then on neither can message, bid, quote or see the other's requirements (each of
 * those checks the pair in its own statement with `blocks.public.ts`), and their conversation stays
 * readable but closed. Unblocking opens it again. Blocking twice, or unblocking someone not blocked,
 * changes nothing and is not an error.
 */
export class BlockService {
  constructor(
    private readonly auth: AuthService,
    private readonly db: SqlRunner,
    private readonly clock: Clock,
  ) {}

  async block(ctx: RequestContext, raw: unknown): Promise<BlockStateView> {
    const me = this.auth.requireViewerId(ctx);
    const { userId } = parseInput(blockInput, raw);
    if (userId === me) throw new AppError('BAD_USER_INPUT', blockMessages.youCannotBlockYourself);
    // The other account must exist (a deleted one needs no block); one statement inserts only then.
    const rows = await ctx.em.execute<Array<{ found: boolean }>>(
      `with target as (select id from users where id = ?::uuid and deleted_at is null),
         ins as (insert into user_blocks (blocker_id, blocked_id, created_at) select ?::uuid, id, ? from target
                 on conflict (blocker_id, blocked_id) do nothing)
       select exists (select 1 from target) as found`,
      [userId, me, this.clock.now()],
    );
    if (!rows[0]?.found) throw notFound(blockMessages.userNotFound);
    return { userId, blockedByMe: true };
  }

  async unblock(ctx: RequestContext, raw: unknown): Promise<BlockStateView> {
    const me = this.auth.requireViewerId(ctx);
    const { userId } = parseInput(blockInput, raw);
    await ctx.em.execute('delete from user_blocks where blocker_id = ? and blocked_id = ?', [me, userId]);
    return { userId, blockedByMe: false };
  }

  /** The users the viewer blocked, the latest first. */
  async blockedUsers(ctx: RequestContext): Promise<BlockedUserView[]> {
    const me = this.auth.requireViewerId(ctx);
    const rows = await ctx.em.execute<Array<{ id: string; username: string; created_at: Date }>>(
      `select u.id, u.username, b.created_at from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = ? and u.deleted_at is null order by b.created_at desc, u.id limit 500`,
      [me],
    );
    return rows.map((r) => ({ id: r.id, username: r.username, blockedAt: new Date(r.created_at) }));
  }

  /** Who blocked whom between `me` and `other` (me first). */
  between(me: string, other: string): Promise<BlockBetween> {
    return blocksBetween(this.db, me, other);
  }

  /** Refuses (403) when either of `me` and `other` has blocked the other: the one who blocked is told so. */
  async requireUnblocked(me: string, other: string): Promise<void> {
    const refusal = blockRefusal(await this.between(me, other));
    if (refusal) throw refusal;
  }

  /** A deleted account's blocks go with it, both ways (runs in the deletion transaction). */
  async forgetUser(em: EntityManager, userId: string): Promise<void> {
    await em.execute('delete from user_blocks where blocker_id = ? or blocked_id = ?', [userId, userId]);
  }
}
