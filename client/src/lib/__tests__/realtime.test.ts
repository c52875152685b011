import { describe, expect, it } from 'vitest';
import { realtimeStatus, retryDelayMs } from '../apollo-client';

describe('realtime socket', () => {
  it('retries with a growing, jittered delay: 0.25-0.5 s first, doubling, never above 30 s', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3].map((n) => retryDelayMs(n, low))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((n) => retryDelayMs(n, high))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(20, high)).toBe(30_000);
    expect(retryDelayMs(20, low)).toBe(15_000);
  });

  it('tells listeners when its status changes, once per change', () => {
    const seen: string[] = [];
    const stop = realtimeStatus.subscribe(() => seen.push(realtimeStatus.get()));
    realtimeStatus.set('reconnecting');
    realtimeStatus.set('reconnecting');
    realtimeStatus.set('live');
    stop();
    realtimeStatus.set('idle');
    expect(seen).toEqual(['reconnecting', 'live']);
  });
});
