import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../common/clock.js';
import { RollingRound } from '../../common/rolling-round.js';
import { luaCommand } from '../../redis/redis.js';

/** A presence entry lives this long unless the open subscription renews it. */
export const PRESENCE_TTL_MS = 60_000;
/** Every entry is renewed once in this time (half its life), a share of them each RENEW_TICK_MS. */
const RENEW_EVERY_MS = PRESENCE_TTL_MS / 2;
const RENEW_TICK_MS = 1000;

/**
 * Writes presence entries, all in one command: for each user's key, the entry (its subscription id)
 * with its expiry as score, expired entries removed, and the key's own expiry pushed back.
 */
const WRITE_ENTRIES = `local expires, now, ttl = ARGV[1], ARGV[2], ARGV[3]
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, expires, ARGV[i + 3])
  redis.call('ZREMRANGEBYSCORE', key, 0, now)
  redis.call('PEXPIRE', key, ttl)
end
return #KEYS`;

const keyOf = (userId: string) => `chat:online:${userId}`;

/**
 * Who is connected to chat: each open `chatEvents` subscription holds an entry in its user's sorted
 * set (`chat:online:<user>`, scored by expiry) while it is open, so the worker can tell whether a
 * recipient is connected (no email then) from any process. The process renews its entries itself,
 * a share of them every second in one Redis command, so each is renewed every 30 s (a timer and a
 * transaction per subscription made 10,000 open subscriptions write 1,700 commands a second and
 * pause deliveries for their garbage).
 */
export class ChatPresence {
  /** Subscription id -> user id, of this process's open subscriptions. */
  private readonly held = new Map<string, string>();
  private readonly round: RollingRound<[string, string]>;
  private timer: NodeJS.Timeout | null = null;
  private renewing = false;
  private readonly write: ReturnType<typeof luaCommand>;

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {
    this.write = luaCommand(redis, 'bbPresenceWrite', WRITE_ENTRIES);
    this.round = new RollingRound(this.held, RENEW_EVERY_MS, RENEW_TICK_MS);
  }

  /**
   * Marks `userId` connected until the entry is left (or, if this process dies, expires). With Redis
   * unreachable the entry is still held, and written by its renewal.
   */
  async enter(userId: string): Promise<string> {
    const id = randomUUID();
    this.held.set(id, userId);
    if (!this.timer) {
      this.timer = setInterval(() => void this.renewShare(), RENEW_TICK_MS);
      this.timer.unref();
    }
    await this.writeEntries([[id, userId]]).catch(() => undefined);
    return id;
  }

  async leave(id: string): Promise<void> {
    const userId = this.held.get(id);
    if (!userId) return;
    this.held.delete(id);
    if (!this.held.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.redis.zrem(keyOf(userId), id);
  }

  /** Whether `userId` has an unexpired entry, from any process. */
  async isOnline(userId: string): Promise<boolean> {
    return (await this.redis.zcount(keyOf(userId), this.clock.now().getTime(), '+inf')) > 0;
  }

  private writeEntries(entries: Array<[string, string]>): Promise<unknown> {
    const now = this.clock.now().getTime();
    return this.write(
      entries.map(([, userId]) => keyOf(userId)),
      [now + PRESENCE_TTL_MS, now, PRESENCE_TTL_MS, ...entries.map(([id]) => id)],
    );
  }

  /** Renews the next share of the entries. */
  private async renewShare(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const batch = this.round.next();
      if (batch.length) await this.writeEntries(batch);
    } catch {
      // Redis unreachable: the next share is tried a second later; entries live 60 s.
    } finally {
      this.renewing = false;
    }
  }
}
