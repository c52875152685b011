import { useCallback, useEffect, useRef, useState } from 'react';
import { UploadError, uploadForm } from '../../../lib/upload';
import { voiceFileName } from '../../../lib/can-record-voice';

/** A voice note recorded while the network was gone, waiting on this device with the id it will be sent with. */
export interface QueuedVoiceNote {
  clientMessageId: string;
  peerId: string;
  audio: Blob;
  createdAt: number;
}

const DB = 'bb-chat-voice-outbox';
const STORE = 'notes';

/**
 * The notes' store: IndexedDB (a recording survives a reload), or, where the browser has none (or refuses it:
 * a private window), this page's memory.
 */
const memory = new Map<string, QueuedVoiceNote>();
let opened: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'clientMessageId' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = work(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function notesFor(peerId: string): Promise<QueuedVoiceNote[]> {
  const db = await database();
  const all = db ? await run<QueuedVoiceNote[]>(db, 'readonly', (s) => s.getAll() as IDBRequest<QueuedVoiceNote[]>).catch(() => []) : [...memory.values()];
  return all.filter((n) => n.peerId === peerId).sort((a, b) => a.createdAt - b.createdAt);
}

async function put(note: QueuedVoiceNote): Promise<void> {
  const db = await database();
  if (!db) return void memory.set(note.clientMessageId, note);
  await run(db, 'readwrite', (s) => s.put(note)).catch(() => memory.set(note.clientMessageId, note));
}

async function remove(clientMessageId: string): Promise<void> {
  memory.delete(clientMessageId);
  const db = await database();
  if (db) await run(db, 'readwrite', (s) => s.delete(clientMessageId)).catch(() => undefined);
}

/** Uploads a voice note with its client message id (the server stores a repeated id once). */
export function uploadVoiceNote(peerId: string, clientMessageId: string, audio: Blob, onProgress?: (percent: number) => void): Promise<unknown> {
  const form = new FormData();
  form.append('client_message_id', clientMessageId);
  form.append('voice_note', audio, voiceFileName(audio.type));
  return uploadForm('POST', `/chat/${encodeURIComponent(peerId)}/messages`, form, onProgress);
}

/** No answer at all (the network), not the server's refusal of the note. */
export const isUploadNetworkFailure = (err: unknown) => err instanceof UploadError && err.failure.kind === 'network';

/**
 * The conversation's voice notes recorded without network (docs/product.md#offline-and-weak-networks): each waits
 * on the device with its client message id and is sent once the browser is back online (or the conversation is
 * opened again online), oldest first; a note the server refuses is dropped with its error.
 */
export function useVoiceOutbox(peerId: string, onSent: () => void, onRefused: (err: unknown) => void) {
  const [queue, setQueue] = useState<QueuedVoiceNote[]>([]);
  const flushing = useRef(false);
  const callbacks = useRef({ onSent, onRefused });
  useEffect(() => {
    callbacks.current = { onSent, onRefused };
  });

  const reload = useCallback(async () => setQueue(await notesFor(peerId)), [peerId]);

  const enqueue = useCallback(
    async (audio: Blob, clientMessageId: string) => {
      await put({ clientMessageId, peerId, audio, createdAt: Date.now() });
      await reload();
    },
    [peerId, reload],
  );

  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const note of await notesFor(peerId)) {
        try {
          await uploadVoiceNote(peerId, note.clientMessageId, note.audio);
          callbacks.current.onSent();
        } catch (err) {
          if (isUploadNetworkFailure(err)) return;
          callbacks.current.onRefused(err);
        }
        await remove(note.clientMessageId);
        await reload();
      }
    } finally {
      flushing.current = false;
    }
  }, [peerId, reload]);

  useEffect(() => {
    void reload().then(flush);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [reload, flush]);

  return { queue, enqueue };
}
