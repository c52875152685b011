import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVoiceOutbox } from '../hooks/use-voice-outbox';

type Answer = 'stored' | 'no network' | { status: number; message: string };

/**
 * The browser's XMLHttpRequest as the upload uses it, answering each send as planned (the upload itself, with a real
 * server, is the browser journey's: tests/e2e/voice-notes.test.ts).
 */
class FakeXhr {
  static plan: Answer[] = [];
  static sent: FormData[] = [];
  upload: { onprogress: ((e: unknown) => void) | null } = { onprogress: null };
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    FakeXhr.sent.push(form);
    const answer = FakeXhr.plan.shift() ?? 'stored';
    setTimeout(() => {
      if (answer === 'no network') return this.onerror?.();
      [this.status, this.responseText] = answer === 'stored' ? [201, JSON.stringify({ message: {} })] : [answer.status, JSON.stringify({ message: answer.message })];
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  FakeXhr.plan = [];
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const upload = { calls: () => FakeXhr.sent };

const note = () => new Blob(['fake audio'], { type: 'audio/webm' });
const goOnline = (online: { mockReturnValue: (v: boolean) => unknown }) => {
  online.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
};

describe('a voice note recorded without network', () => {
  it('waits on the device and is sent once, with its id, when the browser is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = vi.fn();
    const refused = vi.fn();
    const { result } = renderHook(() => useVoiceOutbox('peer-1', sent, refused));
    await act(() => result.current.enqueue(note(), 'note-1'));
    expect(result.current.queue.map((n) => n.clientMessageId)).toEqual(['note-1']);
    expect(upload.calls()).toEqual([]);

    goOnline(online);
    await waitFor(() => expect(result.current.queue).toEqual([]));
    expect(upload.calls()).toHaveLength(1);
    const form = upload.calls()[0]!;
    expect(form.get('client_message_id')).toBe('note-1');
    expect((form.get('voice_note') as File).name).toBe('voice-note.webm');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(refused).not.toHaveBeenCalled();
    // Another 'online' sends nothing more.
    goOnline(online);
    await act(async () => undefined);
    expect(upload.calls()).toHaveLength(1);
  });

  it('keeps it when the network fails again, and drops it with the error when the server refuses it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const refused = vi.fn();
    const { result } = renderHook(() => useVoiceOutbox('peer-2', vi.fn(), refused));
    await act(() => result.current.enqueue(note(), 'note-2'));
    FakeXhr.plan = ['no network', { status: 415, message: 'This is not a voice note' }];
    goOnline(online);
    await waitFor(() => expect(upload.calls()).toHaveLength(1));
    expect(result.current.queue.map((n) => n.clientMessageId)).toEqual(['note-2']);

    goOnline(online);
    await waitFor(() => expect(result.current.queue).toEqual([]));
    expect(upload.calls()).toHaveLength(2);
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ message: 'This is not a voice note' }));
  });

  it('keeps each conversation\'s notes to itself', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const a = renderHook(() => useVoiceOutbox('peer-a', vi.fn(), vi.fn()));
    await act(() => a.result.current.enqueue(note(), 'note-a'));
    const b = renderHook(() => useVoiceOutbox('peer-b', vi.fn(), vi.fn()));
    await waitFor(() => expect(b.result.current.queue).toEqual([]));
    expect(a.result.current.queue.map((n) => n.peerId)).toEqual(['peer-a']);
  });
});
