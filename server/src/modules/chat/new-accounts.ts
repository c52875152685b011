import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import { chatMessages } from './chat.messages.js';

/**
 * When an account was made, read from its id: ids are UUIDv7, whose first 48 bits are the time they
 * were made in milliseconds (docs/architecture.md), so telling a new account costs no query.
 */
export function accountMadeAt(userId: string): number {
  return parseInt(userId.replace(/-/g, '').slice(0, 12), 16);
}

/**
 * A new account's messages to people who have not written to it yet (docs/product.md#new-accounts):
 * at most `perHour` a calendar hour while the account is younger than `days` (0: no such limit).
 * Messages to someone who has written to the account count only against the usual allowance.
 */
export class StrangerAllowance {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly limits: { days: number; perHour: number },
  ) {}

  isNew(userId: string, nowMs: number): boolean {
    return this.limits.days > 0 && nowMs - accountMadeAt(userId) < this.limits.days * 24 * 3600 * 1000;
  }

  /** Counts a message from `me` to `otherId` when `me` is new and `otherId` never wrote to them; over the limit, 429. */
  async count(em: EntityManager, me: string, otherId: string): Promise<void> {
    const now = this.clock.now().getTime();
    if (!this.isNew(me, now)) return;
    const [row] = await em.execute<Array<{ answered: boolean }>>(
      `select exists (select 1 from conversations c join chat_messages m on m.conversation_id = c.id
         where c.user_a = least(?::uuid, ?::uuid) and c.user_b = greatest(?::uuid, ?::uuid) and m.sender_id = ?) as answered`,
      [me, otherId, me, otherId, otherId],
    );
    if (row?.answered) return;
    const key = `rl:chat-strangers:${me}:${Math.floor(now / 3_600_000)}`;
    const res = await this.redis.pipeline().incr(key).expire(key, 7200, 'NX').exec();
    if (Number(res?.[0]?.[1] ?? 0) > this.limits.perHour) throw new AppError('RATE_LIMITED', chatMessages.newAccountStrangerLimit({ max: this.limits.perHour }));
  }
}

// Quoted in the notifications' email digest (it defangs every user's words); its test is chat's.
export { defangLinks } from '../../common/defang-links.js';
