import { execFile, spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Real audio for voice-note tests, encoded here by ffmpeg (.ci/run installs it): short tones in each
 * container a browser's MediaRecorder writes. `webm` is written to a pipe, as MediaRecorder writes it
 * (no duration in its header); `mp4` is fragmented, as Safari's recorder writes it.
 */
export type VoiceContainer = 'webm' | 'ogg' | 'mp4' | 'm4a';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** Why audio cannot be made on this machine, or null when it can. */
export function ffmpegUnavailableReason(): string | null {
  const probe = spawnSync(FFMPEG, ['-hide_banner', '-version'], { encoding: 'utf8' });
  return probe.status === 0 ? null : `ffmpeg not found (${FFMPEG}): install it (apt-get install -y ffmpeg) or set FFMPEG_PATH.`;
}

/** `describe`, or `describe.skip` with the reason printed once, for tests that need ffmpeg. */
export function audioDescribe<D extends { skip: unknown }>(describe: D): D | D['skip'] {
  const reason = ffmpegUnavailableReason();
  if (!reason) return describe;
  console.warn(`[audio] Skipping voice-note tests: ${reason}`);
  return describe.skip;
}

/**
 * The encoders at their fastest (what a test reads of the audio is its container, duration and loudness, never its
 * quality): libopus at complexity 0, ffmpeg's AAC with its fast coder. A 2-minute AAC tone took 4.3 s of CPU with the
 * default coder, 0.2 s with the fast one; a 2-minute Opus tone 1.0 s, 0.35 s at complexity 0.
 */
const CODEC: Record<VoiceContainer, string[]> = {
  webm: ['-c:a', 'libopus', '-compression_level', '0', '-b:a', '24k', '-f', 'webm'],
  ogg: ['-c:a', 'libopus', '-compression_level', '0', '-b:a', '24k', '-f', 'ogg'],
  mp4: ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '48k', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4'],
  m4a: ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '48k', '-movflags', '+faststart', '-f', 'ipod'],
};

/**
 * A tone of `seconds` in `container` (a speech-like one when `pauses`: 440 Hz, then silence, each half
 * second, so its waveform is not flat). Files that need seeking (m4a's faststart) go through a temp file.
 * Encoded without blocking the test's event loop: a test blocked for longer than the app's keep-alive (5 s, at
 * load) found its HTTP client reusing a connection the app had already closed, and saw ECONNRESET.
 */
export async function tone(container: VoiceContainer, seconds: number, opts: { pauses?: boolean; bitrate?: string } = {}): Promise<Buffer> {
  const source = opts.pauses ? `sine=frequency=440:duration=${seconds},volume='if(lt(mod(t,1),0.5),1,0)':eval=frame` : `sine=frequency=440:duration=${seconds}`;
  const codec = [...CODEC[container]];
  if (opts.bitrate) codec[codec.indexOf('-b:a') + 1] = opts.bitrate;
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-ac', '1', ...codec];
  if (container === 'm4a') {
    const out = path.join(os.tmpdir(), `bb-tone-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.m4a`);
    try {
      await ffmpeg([...args, '-y', out]);
      return await readFile(out);
    } finally {
      await rm(out, { force: true });
    }
  }
  return ffmpeg([...args, 'pipe:1']);
}

/** ffmpeg with `args`; resolves to what it wrote to its standard output. */
function ffmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(FFMPEG, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

/** A short video (VP8 in WebM): a container a voice note may not be. */
export function video(seconds = 1): Promise<Buffer> {
  return ffmpeg(['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=64x64:rate=5`, '-c:v', 'libvpx', '-f', 'webm', 'pipe:1']);
}

/** Vorbis in Ogg: audio, but not what a recorder writes (voice notes are Opus or AAC). */
export function vorbis(seconds = 1): Promise<Buffer> {
  return ffmpeg(['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'libvorbis', '-f', 'ogg', 'pipe:1']);
}
