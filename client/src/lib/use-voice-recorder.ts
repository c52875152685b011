import { useCallback, useEffect, useRef, useState } from 'react';

/** The longest voice note (the server takes 2 minutes): the recorder stops and sends a little before. */
export const VOICE_NOTE_MAX_MS = 120_000;
const STOP_AT_MS = VOICE_NOTE_MAX_MS - 250;

/** What the browser can record, best first: Opus in WebM (Chromium, Firefox) or Ogg, AAC in MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/webm'];

export const canRecordVoice = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

const pickType = () => TYPES.find((t) => MediaRecorder.isTypeSupported?.(t)) ?? '';

/** The file name a recording is sent with (the server tells its type by its bytes anyway). */
export const voiceFileName = (type: string) => (type.includes('mp4') ? 'voice-note.m4a' : type.includes('ogg') ? 'voice-note.ogg' : 'voice-note.webm');

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; elapsedMs: number; level: number }
  | { phase: 'failed'; reason: 'denied' | 'unavailable' };

interface Live {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  startedAt: number;
  send: boolean;
  audio: AudioContext | null;
  timer: number;
  frame: number;
}

/**
 * A voice note being recorded (MediaRecorder): `start` asks for the microphone and records, with the
 * time so far and a level from 0 to 1 (an AnalyserNode's loudness) for the meter; `finish(true)` stops
 * and hands the recording to `onRecorded`, `finish(false)` throws it away. It stops by itself at 2 minutes
 * (and sends). The microphone is released whenever recording ends, and when the component goes away.
 */
export function useVoiceRecorder(onRecorded: (blob: Blob, durationMs: number) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const live = useRef<Live | null>(null);
  const handler = useRef(onRecorded);
  useEffect(() => {
    handler.current = onRecorded;
  });

  const release = useCallback((l: Live) => {
    window.clearInterval(l.timer);
    cancelAnimationFrame(l.frame);
    l.stream.getTracks().forEach((t) => t.stop());
    void l.audio?.close().catch(() => undefined);
  }, []);

  const finish = useCallback(
    (send: boolean) => {
      const l = live.current;
      if (!l) return;
      live.current = null;
      l.send = send;
      if (l.recorder.state !== 'inactive') l.recorder.stop();
      else release(l);
      setState({ phase: 'idle' });
    },
    [release],
  );

  const start = useCallback(async () => {
    if (live.current || !canRecordVoice()) return;
    setState({ phase: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (err) {
      setState({ phase: 'failed', reason: err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'unavailable' });
      return;
    }
    const type = pickType();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type, audioBitsPerSecond: 32_000 } : undefined);
    const l: Live = { stream, recorder, chunks: [], startedAt: performance.now(), send: false, audio: null, timer: 0, frame: 0 };
    live.current = l;
    recorder.ondataavailable = (e) => {
      if (e.data.size) l.chunks.push(e.data);
    };
    recorder.onstop = () => {
      release(l);
      const duration = performance.now() - l.startedAt;
      if (l.send && l.chunks.length) handler.current(new Blob(l.chunks, { type: recorder.mimeType || type }), duration);
    };
    let level = 0;
    try {
      const AudioCtx = window.AudioContext;
      l.audio = new AudioCtx();
      const analyser = l.audio.createAnalyser();
      analyser.fftSize = 512;
      l.audio.createMediaStreamSource(stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      const measure = () => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += ((s - 128) / 128) ** 2;
        level = Math.min(1, Math.sqrt(sum / samples.length) * 3);
        l.frame = requestAnimationFrame(measure);
      };
      measure();
    } catch {
      // No meter without Web Audio; recording goes on.
    }
    l.timer = window.setInterval(() => {
      const elapsedMs = performance.now() - l.startedAt;
      if (elapsedMs >= STOP_AT_MS) finish(true);
      else setState({ phase: 'recording', elapsedMs, level });
    }, 100);
    recorder.start(1000);
    setState({ phase: 'recording', elapsedMs: 0, level: 0 });
  }, [finish, release]);

  useEffect(
    () => () => {
      const l = live.current;
      live.current = null;
      if (l) {
        l.send = false;
        if (l.recorder.state !== 'inactive') l.recorder.stop();
        release(l);
      }
    },
    [release],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, finish, reset };
}
