import type { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import { chatMessages } from './chat.messages.js';

export const TOO_FAST = chatMessages.youAreSendingMessagesTooFast;

/** The Redis key counting a user's messages in the minute of `nowMs` (kept two minutes). */
export const allowanceKey = (userId: string, nowMs: number) => `rl:chat:${userId}:${Math.floor(nowMs / 60_000)}`;

/** How many messages one user may send per calendar minute (CHAT_MESSAGES_PER_MINUTE); more are refused with 429. */
export class SendAllowance {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly perMinute: number,
  ) {}

  /**
   * Counts one message against the sender's allowance, before any work: one round trip, a pipeline
   * rather than a transaction (the count is one atomic INCR; the expiry only needs to follow it).
   */
  async count(userId: string): Promise<void> {
    const key = allowanceKey(userId, this.clock.now().getTime());
    const res = await this.redis.pipeline().incr(key).expire(key, 120, 'NX').exec();
    if (Number(res?.[0]?.[1] ?? 0) > this.perMinute) throw new AppError('RATE_LIMITED', TOO_FAST);
  }
}
