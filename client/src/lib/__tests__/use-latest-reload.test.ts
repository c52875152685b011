import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatestReload } from '../live';

/** A list read that answers only when the test says, recording when each read started. */
function controlledRead() {
  const started: number[] = [];
  const pending: Array<() => void> = [];
  const read = () =>
    new Promise<void>((resolve) => {
      started.push(started.length + 1);
      pending.push(resolve);
    });
  const answer = async () => {
    await act(async () => {
      pending.shift()?.();
      await Promise.resolve();
    });
  };
  return { read, started, pending, answer };
}

describe('useLatestReload: one list read at a time, the last one started after the last call', () => {
  it('calls while a read is in flight give exactly one more read, started after the first answered', async () => {
    const r = controlledRead();
    const { result } = renderHook(() => useLatestReload(r.read));
    act(() => result.current());
    expect(r.started).toEqual([1]);
    // Two live events arrive while the first read is out: neither joins it, one more read follows it.
    act(() => result.current());
    act(() => result.current());
    expect(r.started).toEqual([1]);
    await r.answer();
    expect(r.started).toEqual([1, 2]);
    await r.answer();
    expect(r.pending).toEqual([]);
    expect(r.started).toEqual([1, 2]);
    // Idle again: the next call reads at once.
    act(() => result.current());
    expect(r.started).toEqual([1, 2, 3]);
    await r.answer();
  });

  it('a failed read does not stop the next one', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useLatestReload(async () => {
        calls += 1;
        throw new Error('offline');
      }),
    );
    await act(async () => {
      result.current();
      await Promise.resolve();
    });
    await act(async () => {
      result.current();
      await Promise.resolve();
    });
    expect(calls).toBe(2);
  });
});
