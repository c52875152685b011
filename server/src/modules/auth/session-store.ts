import { hash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { luaCommand } from '../../redis/redis.js';

export interface SessionRecord {
  userId: string;
  createdAt: number;
}

/** The Redis key part of a session id (node's one-shot hash: no Hash object per request, a third of the time). */
const hashId = (id: string) => hash('sha256', id, 'base64url');

/** Whether each key exists, in one command (a pipeline of EXISTS made a command object per key). */
const EXIST_ALL = `local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('EXISTS', key) end
return out`;

/**
 * Server-side sessions in Redis. The cookie holds a 256-bit random id; Redis keeps only its hash,
 * so a copy of Redis gives nobody a working cookie. Each user's session ids are indexed so all of
 * them can be ended at once (password change, account deletion).
 */
export class SessionStore {
  private readonly existAll: ReturnType<typeof luaCommand>;

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    /**
     * Channel told the user id whenever sessions end, in the same transaction as the delete, so the
     * api processes hear of it before any event published after the ending (their sockets rely on it).
     */
    private readonly endedChannel: string | null = null,
  ) {
    this.existAll = luaCommand(redis, 'bbExistAll', EXIST_ALL);
  }

  async create(userId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const key = hashId(id);
    const record: SessionRecord = { userId, createdAt: Date.now() };
    await this.redis
      .multi()
      .set(`sess:${key}`, JSON.stringify(record), 'EX', this.ttlSeconds)
      .sadd(`usess:${userId}`, key)
      .expire(`usess:${userId}`, this.ttlSeconds)
      .exec();
    return id;
  }

  async get(id: string | undefined | null): Promise<(SessionRecord & { id: string }) | null> {
    if (!id || id.length > 100) return null;
    const raw = await this.redis.get(this.keyOf(id));
    if (!raw) return null;
    return { ...(JSON.parse(raw) as SessionRecord), id };
  }

  /**
   * The session and how long it has left (one round trip): it exists at least `ttlMs` from the moment
   * it was asked for, unless it is ended (which `endedChannel` announces).
   */
  async lookup(id: string): Promise<{ userId: string; ttlMs: number } | null> {
    if (!id || id.length > 100) return null;
    const key = this.keyOf(id);
    const [[getErr, raw], [ttlErr, ttl]] = (await this.redis.pipeline().get(key).pttl(key).exec()) as [[Error | null, string | null], [Error | null, number]];
    if (getErr ?? ttlErr) throw getErr ?? ttlErr;
    if (!raw) return null;
    // Every session has a TTL; without one (-1) nothing is known ahead, so the next check asks again.
    return { userId: (JSON.parse(raw) as SessionRecord).userId, ttlMs: Math.max(ttl, 0) };
  }

  /** The key a session is stored under, for a holder that checks it often (`existing`). */
  keyOf(id: string): string {
    return `sess:${hashId(id)}`;
  }

  /**
   * Whether each session (by `keyOf`) still exists, in one command for all; throws when Redis cannot
   * tell (a failed look-up says nothing about the session: it is an error, not "gone").
   */
  async existing(keys: string[]): Promise<boolean[]> {
    if (!keys.length) return [];
    const found = (await this.existAll(keys, [])) as number[];
    return found.map((n) => n === 1);
  }

  async destroy(id: string): Promise<void> {
    const key = hashId(id);
    const raw = await this.redis.get(`sess:${key}`);
    const multi = this.redis.multi().del(`sess:${key}`);
    const userId = raw ? (JSON.parse(raw) as SessionRecord).userId : null;
    if (userId) multi.srem(`usess:${userId}`, key);
    if (userId && this.endedChannel) multi.publish(this.endedChannel, userId);
    await multi.exec();
  }

  /** Ends every session of a user; returns how many were open. */
  async destroyAllForUser(userId: string): Promise<number> {
    const keys = await this.redis.smembers(`usess:${userId}`);
    const multi = this.redis.multi().del(...keys.map((k) => `sess:${k}`), `usess:${userId}`);
    if (this.endedChannel) multi.publish(this.endedChannel, userId);
    await multi.exec();
    return keys.length;
  }
}
