import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badInput } from '../../common/app-error.js';
import { sniffType } from '../../common/file-types.js';
import type { FileFieldSpec } from '../../common/uploads.js';
import { chatMessages } from './chat.messages.js';

// Voice notes in chat (docs/product.md#voice-notes): Opus in WebM or Ogg (what MediaRecorder records in
// Chromium and Firefox), AAC in MP4 (Safari). Told by their bytes: the first bytes by `file-type`, then the
// whole file read through by `mediabunny` (container, codec, every packet) in a worker thread; never by the
// name or the browser's claim. (`music-metadata` reads no duration from a WebM that MediaRecorder wrote: its
// header has none; mediabunny reads the packets themselves.)

const KB = 1024;
/** The longest voice note, in milliseconds (2 minutes; a recorder stopping at 120 s may run a few ms over). */
export const VOICE_NOTE_MAX_MS = 120_000;
const VOICE_NOTE_SLACK_MS = 500;
/** A voice note's size cap: 2 minutes of Opus or AAC at 128 kbit/s is under 2 MB; 5 MB leaves room for any recorder's bitrate. */
export const VOICE_NOTE_MAX_BYTES = 5 * KB * KB;
/** How many bars the waveform summary has. */
export const WAVEFORM_BARS = 48;

export const VOICE_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

/** The codec each container may carry. */
const CODEC_OF: Record<VoiceType, string> = { 'audio/webm': 'opus', 'audio/ogg': 'opus', 'audio/mp4': 'aac' };

/**
 * The type of a voice note from its first bytes (`file-type`): WebM, Ogg or MP4 become the audio type
 * they are stored as; anything else keeps its own type (then refused as not allowed).
 */
export async function sniffVoiceNote(head: Buffer): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return sniffType(head);
  if (found.ext === 'webm' || found.ext === 'mkv') return 'audio/webm';
  if (found.ext === 'opus' || found.ext === 'ogg' || found.ext === 'oga' || found.ext === 'ogx') return 'audio/ogg';
  if (found.ext === 'm4a' || found.ext === 'mp4' || found.ext === 'm4b') return 'audio/mp4';
  return found.mime;
}

const KB_SIZE = (bytes: number) => ({ size: (bytes / KB / KB).toFixed(2), max: VOICE_NOTE_MAX_BYTES / KB / KB });

/** The `voice_note` field of POST /chat/{userId}/messages. */
export const VOICE_NOTE_FIELD: FileFieldSpec = {
  maxCount: 1,
  tooMany: chatMessages.attachOneFilePerMessage,
  sniff: sniffVoiceNote,
  unsupportedType: chatMessages.notAVoiceNote,
  rules: [{ types: VOICE_TYPES, maxBytes: VOICE_NOTE_MAX_BYTES, allowExactly: true, tooLarge: (size) => chatMessages.voiceNoteTooLarge(KB_SIZE(size)) }],
};

/** What the server keeps of a voice note beside its file. */
export interface VoiceNoteFacts {
  contentType: VoiceType;
  durationMs: number;
  /** WAVEFORM_BARS values from 0 to 100. */
  peaks: number[];
}

/**
 * A waveform summary without decoding the audio: each bar is the bytes its stretch of the note took to
 * encode (Opus and AAC spend bytes on loud, busy sound and almost none on silence), scaled so the
 * fullest bar is 100. Speech and pauses show as they sound; a steady tone is flat.
 */
export function waveform(packets: Array<{ at: number; bytes: number }>, durationS: number): number[] {
  const sums = new Array<number>(WAVEFORM_BARS).fill(0);
  const counts = new Array<number>(WAVEFORM_BARS).fill(0);
  for (const p of packets) {
    const bar = Math.min(WAVEFORM_BARS - 1, Math.max(0, Math.floor((p.at / Math.max(durationS, 0.001)) * WAVEFORM_BARS)));
    sums[bar] += p.bytes;
    counts[bar] += 1;
  }
  const means = sums.map((s, i) => (counts[i] ? s / counts[i] : 0));
  const top = Math.max(...means);
  return means.map((m) => (top > 0 ? Math.max(0, Math.min(100, Math.round((m / top) * 100))) : 0));
}

/** How long reading one voice note may take before it is refused as damaged (a 2-minute note takes about 0.1 s). */
const PROBE_TIMEOUT_MS = 10_000;

/** What the probe worker found in a file (PROBE_WORKER), judged by `probeVoiceNote`. */
type ProbeReport =
  | { kind: 'unreadable' }
  | { kind: 'read'; video: boolean; codecs: Array<string | null>; packets: Array<[number, number]>; end: number; declared: number; broken: boolean; overLong: boolean };

/**
 * Reads the file in a worker thread (mediabunny's own CommonJS build): a damaged file can send a parser
 * into a loop, so it runs apart from the server's event loop, under a time and memory limit, and is
 * stopped when either runs out. It reports what it found; nothing is judged there.
 */
const PROBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Input, FilePathSource, ALL_FORMATS, EncodedPacketSink } = require(workerData.mediabunny);
(async () => {
  const input = new Input({ source: new FilePathSource(workerData.path), formats: ALL_FORMATS });
  let tracks;
  try {
    tracks = await input.getTracks();
  } catch {
    return parentPort.postMessage({ kind: 'unreadable' });
  }
  const audio = tracks.filter((t) => t.isAudioTrack());
  const report = { kind: 'read', video: tracks.some((t) => t.isVideoTrack()), codecs: audio.map((t) => t.codec), packets: [], end: 0, declared: 0, broken: false, overLong: false };
  if (audio.length === 1 && !report.video) {
    try {
      for await (const p of new EncodedPacketSink(audio[0]).packets()) {
        report.packets.push([p.timestamp, p.data.byteLength]);
        report.end = Math.max(report.end, p.timestamp + p.duration);
        if (report.end > workerData.maxSeconds) { report.overLong = true; break; }
      }
      report.declared = await input.computeDuration();
    } catch {
      report.broken = true;
    }
  }
  input.dispose();
  parentPort.postMessage(report);
})().catch(() => parentPort.postMessage({ kind: 'unreadable' }));
`;

const mediabunnyPath = createRequire(import.meta.url).resolve('mediabunny');

function runProbe(path: string): Promise<ProbeReport> {
  return new Promise((resolve) => {
    const worker = new Worker(PROBE_WORKER, {
      eval: true,
      workerData: { path, mediabunny: mediabunnyPath, maxSeconds: (VOICE_NOTE_MAX_MS + VOICE_NOTE_SLACK_MS) / 1000 },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const done = (report: ProbeReport) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(report);
    };
    const timer = setTimeout(() => done({ kind: 'unreadable' }), PROBE_TIMEOUT_MS);
    worker.once('message', (report: ProbeReport) => done(report));
    worker.once('error', () => done({ kind: 'unreadable' }));
    worker.once('exit', () => done({ kind: 'unreadable' }));
  });
}

/**
 * Reads a received voice note through (its type already sniffed as one of VOICE_TYPES): one audio
 * track of the container's codec and no video, every packet readable up to the duration the container
 * declares, at most two minutes. A renamed or damaged file is refused (415 for what is not a voice note,
 * 400 for one that is cut short or too long); nothing is kept of it.
 */
export async function probeVoiceNote(path: string, type: string): Promise<VoiceNoteFacts> {
  if (!(VOICE_TYPES as readonly string[]).includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', chatMessages.notAVoiceNote);
  const contentType = type as VoiceType;
  const report = await runProbe(path);
  if (report.kind === 'unreadable') throw badInput(chatMessages.voiceNoteDamaged);
  if (report.video) throw new AppError('UNSUPPORTED_MEDIA_TYPE', chatMessages.notAVoiceNote);
  if (report.codecs.length === 0) throw badInput(chatMessages.voiceNoteDamaged);
  if (report.codecs.length > 1 || report.codecs[0] !== CODEC_OF[contentType]) throw new AppError('UNSUPPORTED_MEDIA_TYPE', chatMessages.notAVoiceNote);
  const limit = (VOICE_NOTE_MAX_MS + VOICE_NOTE_SLACK_MS) / 1000;
  if (report.overLong || report.declared > limit) throw badInput(chatMessages.voiceNoteTooLong);
  // A container that says how long it is (MP4, a WebM written to a file) must hold that much.
  if (report.broken || report.packets.length === 0 || report.end <= 0 || report.declared - report.end > 0.5) throw badInput(chatMessages.voiceNoteDamaged);
  return { contentType, durationMs: Math.round(report.end * 1000), peaks: waveform(report.packets.map(([at, bytes]) => ({ at, bytes })), report.end) };
}
