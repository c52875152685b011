import { VOICE_NOTE_MAX_MS } from './can-record-voice';

/** The recorder stops and sends a little before the server's limit. */
const STOP_AT_MS = VOICE_NOTE_MAX_MS - 250;

/** What the browser can record, best first: Opus in WebM (Chromium, Firefox) or Ogg, AAC in MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/webm'];

const pickType = () => TYPES.find((t) => MediaRecorder.isTypeSupported?.(t)) ?? '';

export type RecordingFailure = 'denied' | 'unavailable';

export interface RecordingHandlers {
  /** Every 100 ms while it records: the time so far and a level from 0 to 1 for a meter. */
  onProgress(elapsedMs: number, level: number): void;
  /** The recording, once it ended to be sent. */
  onRecorded(blob: Blob, durationMs: number): void;
  /** It reached the longest note and stopped by itself (and sends). */
  onLimit(): void;
}

/** A recording under way: `finish(true)` stops and sends it (`onRecorded`), `finish(false)` throws it away. */
export interface VoiceRecording {
  finish(send: boolean): void;
}

/**
 * Asks for the microphone and records (MediaRecorder), or says why it cannot. The level is an AnalyserNode's
 * loudness. The microphone is released whenever the recording ends. Its own module, fetched when first used:
 * the search assistant's mic needs it only in a browser without a speech recogniser
 * (bench/README.md#first-load-on-a-phone); `useVoiceRecorder` is the React side of it.
 */
export async function startVoiceRecording(handlers: RecordingHandlers): Promise<VoiceRecording | RecordingFailure> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (err) {
    return err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'unavailable';
  }
  const type = pickType();
  const recorder = new MediaRecorder(stream, type ? { mimeType: type, audioBitsPerSecond: 32_000 } : undefined);
  const chunks: Blob[] = [];
  const startedAt = performance.now();
  let send = false;
  let audio: AudioContext | null = null;
  let frame = 0;
  let timer = 0;
  let ended = false;
  const release = () => {
    window.clearInterval(timer);
    cancelAnimationFrame(frame);
    stream.getTracks().forEach((t) => t.stop());
    void audio?.close().catch(() => undefined);
  };
  const finish = (toSend: boolean) => {
    if (ended) return;
    ended = true;
    send = toSend;
    if (recorder.state !== 'inactive') recorder.stop();
    else release();
  };
  recorder.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  recorder.onstop = () => {
    release();
    const duration = performance.now() - startedAt;
    if (send && chunks.length) handlers.onRecorded(new Blob(chunks, { type: recorder.mimeType || type }), duration);
  };
  let level = 0;
  try {
    audio = new window.AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      level = Math.min(1, Math.sqrt(sum / samples.length) * 3);
      frame = requestAnimationFrame(measure);
    };
    measure();
  } catch {
    // No meter without Web Audio; recording goes on.
  }
  timer = window.setInterval(() => {
    const elapsedMs = performance.now() - startedAt;
    if (elapsedMs >= STOP_AT_MS) {
      finish(true);
      handlers.onLimit();
    } else handlers.onProgress(elapsedMs, level);
  }, 100);
  recorder.start(1000);
  return { finish };
}
