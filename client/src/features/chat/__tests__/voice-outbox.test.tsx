import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadForm } from '../../../lib/upload';
import { useVoiceOutbox } from '../hooks/use-voice-outbox';

// The upload itself (XMLHttpRequest) is the browser journey's (tests/e2e/voice-notes.test.ts); here, what the queue does with its answers.
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<typeof import('../../../lib/upload')>()), uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

afterEach(() => {
  upload.mockReset();
  vi.restoreAllMocks();
});

const note = () => new Blob(['fake audio'], { type: 'audio/webm' });
const goOnline = (online: { mockReturnValue: (v: boolean) => unknown }) => {
  online.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
};

describe('a voice note recorded without network', () => {
  it('waits on the device and is sent once, with its id, when the browser is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    upload.mockResolvedValue({ message: {} });
    const sent = vi.fn();
    const refused = vi.fn();
    const { result } = renderHook(() => useVoiceOutbox('peer-1', sent, refused));
    await act(() => result.current.enqueue(note(), 'note-1'));
    expect(result.current.queue.map((n) => n.clientMessageId)).toEqual(['note-1']);
    expect(upload).not.toHaveBeenCalled();

    goOnline(online);
    await waitFor(() => expect(result.current.queue).toEqual([]));
    expect(upload).toHaveBeenCalledTimes(1);
    const [method, url, form] = upload.mock.calls[0]!;
    expect([method, url]).toEqual(['POST', '/chat/peer-1/messages']);
    expect((form as FormData).get('client_message_id')).toBe('note-1');
    expect(((form as FormData).get('voice_note') as File).name).toBe('voice-note.webm');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(refused).not.toHaveBeenCalled();
    // Another 'online' sends nothing more.
    goOnline(online);
    await act(async () => undefined);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('keeps it when the network fails again, and drops it with the error when the server refuses it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const refused = vi.fn();
    const { result } = renderHook(() => useVoiceOutbox('peer-2', vi.fn(), refused));
    await act(() => result.current.enqueue(note(), 'note-2'));
    upload.mockRejectedValueOnce(new UploadError({ kind: 'network' }));
    goOnline(online);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(result.current.queue.map((n) => n.clientMessageId)).toEqual(['note-2']);

    const refusal = new UploadError({ kind: 'server', message: 'This is not a voice recording' });
    upload.mockRejectedValueOnce(refusal);
    goOnline(online);
    await waitFor(() => expect(result.current.queue).toEqual([]));
    expect(refused).toHaveBeenCalledWith(refusal);
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
