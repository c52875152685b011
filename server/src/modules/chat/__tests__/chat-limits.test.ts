import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '../../../common/app-error.js';
import type { ChatTypingMessage } from '../../../pubsub/topics.js';
import { ChatTyping, TYPING_EVERY_MS } from '../chat-typing.js';
import { SendAllowance, TOO_FAST } from '../send-allowance.js';

// The two limits chat keeps in Redis, against the test run's Redis under a prefix of this file's own.
const prefix = `unit-chat-${process.pid}-${Date.now()}:`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(inject('redisUrl'), { keyPrefix: prefix, lazyConnect: false });
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  await redis.quit();
});

/** A clock set by hand. */
const clockAt = (start: number) => {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => (t = ms) };
};

describe('SendAllowance', () => {
  it('lets a user send the allowance in a minute, refuses one more with 429, and starts again the next minute', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const clock = clockAt(minute + 1000);
    const allowance = new SendAllowance(redis, clock, 3);
    for (let i = 0; i < 3; i++) await allowance.count('u1');
    const refused = await allowance.count('u1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: TOO_FAST.en, status: 429 });
    // Another user has an allowance of their own.
    await allowance.count('u2');
    clock.set(minute + 60_000);
    await allowance.count('u1');
    // The counter expires on its own.
    expect(await redis.ttl(`rl:chat:u1:${Math.floor((minute + 60_000) / 60_000)}`)).toBeGreaterThan(60);
  });
});

describe('ChatTyping', () => {
  it('sends a hint to the recipient at most once per 2 s per conversation and sender', async () => {
    const sent: Array<{ topic: string; key: string; payload: ChatTypingMessage }> = [];
    const clock = clockAt(Date.parse('2026-03-01T12:00:00Z'));
    const typing = new ChatTyping(redis, clock, {
      publish: async (topic, key, payload) => {
        sent.push({ topic, key, payload: payload as ChatTypingMessage });
      },
    });
    const conv = `conv-${Date.now()}`;
    expect(await typing.hint(conv, 'a', 'b')).toBe(true);
    expect(await typing.hint(conv, 'a', 'b')).toBe(false);
    // The other participant's hints and another conversation's are their own.
    expect(await typing.hint(conv, 'b', 'a')).toBe(true);
    expect(await typing.hint(`${conv}-2`, 'a', 'c')).toBe(true);
    expect(sent).toEqual([
      { topic: 'chatTyping', key: 'b', payload: { conversationId: conv, userId: 'a', at: '2026-03-01T12:00:00.000Z' } },
      { topic: 'chatTyping', key: 'a', payload: { conversationId: conv, userId: 'b', at: '2026-03-01T12:00:00.000Z' } },
      { topic: 'chatTyping', key: 'c', payload: { conversationId: `${conv}-2`, userId: 'a', at: '2026-03-01T12:00:00.000Z' } },
    ]);
    const ttl = await redis.pttl(`chat:typing:${conv}:a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(TYPING_EVERY_MS);
  });
});
