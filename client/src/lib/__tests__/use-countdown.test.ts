import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '../use-countdown';

afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts whole seconds down to zero from start(n)', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.secondsLeft).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('can start counting at once', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.secondsLeft).toBe(30);
  });
});
