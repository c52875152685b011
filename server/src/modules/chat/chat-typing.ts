import type { Redis } from 'ioredis';
import type { Clock } from '../../common/clock.js';
import type { LivePubSub } from '../../pubsub/pubsub.js';

/** How often a typing hint may go to the other participant (the client shows one for a few seconds). */
export const TYPING_EVERY_MS = 2000;

/**
 * '... is typing' hints: at most one per TYPING_EVERY_MS per conversation and sender (more are
 * answered but not sent), on the direct path (a lost hint is harmless, pubsub/topics.ts).
 */
export class ChatTyping {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly live: Pick<LivePubSub, 'publish'>,
  ) {}

  /** Sends `from`'s hint to `to` unless one went within TYPING_EVERY_MS; answers whether it was sent. */
  async hint(conversationId: string, from: string, to: string): Promise<boolean> {
    const fresh = await this.redis.set(`chat:typing:${conversationId}:${from}`, '1', 'PX', TYPING_EVERY_MS, 'NX');
    if (fresh !== 'OK') return false;
    await this.live.publish('chatTyping', to, { conversationId, userId: from, at: this.clock.now().toISOString() });
    return true;
  }
}
