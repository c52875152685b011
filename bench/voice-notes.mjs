// Voice notes (bench/README.md#voice-notes): a 60 s voice note's upload-to-delivered time (multipart
// `voice_note` through `POST /chat/{userId}/messages` to the `chatEvents` message on the receiver's socket)
// beside a plain attachment of the same bytes (the `attachment` field: sniffed and stored, not read through),
// in the same run: the floor is the plain attachment, the difference is what reading a voice note costs
// (file-type, then mediabunny over every packet in a worker thread). Also the CPU time of the api process
// per note and per attachment (process.cpuUsage: the app runs in this process).
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_voice,
// recreated and dropped each run), BENCH_REDIS_URL, BENCH_NOTES (30 of each), BENCH_SECONDS (60).
// Needs ffmpeg (the note is a speech-like tone encoded as MediaRecorder writes it: Opus in WebM to a pipe).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, benchUsers, cleanUp } from './lib/app.mjs';
import { liveClient, ms, pct } from './lib/live.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_voice';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NOTES = Number(process.env.BENCH_NOTES ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = 3;

function note() {
  const source = `sine=frequency=220:duration=${SECONDS},volume='if(lt(mod(t,1.3),0.8),1,0)':eval=frame`;
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'], { maxBuffer: 64 << 20 });
}

async function main() {
  const audio = note();
  const uploadsOf = (prefix) => path.join(os.tmpdir(), `bb-bench-voice-${prefix}`);
  const { startApp, prefix, config, log } = await benchApp(DB_URL, REDIS_URL, (p) => ({ UPLOAD_DIR: uploadsOf(p), CHAT_MESSAGES_PER_MINUTE: '100000', NEW_ACCOUNT_DAYS: '0' }));
  const uploads = uploadsOf(prefix);
  const db = new pg.Pool({ connectionString: DB_URL, max: 2 });
  const [sender, receiver] = await benchUsers(db, 2, 'v');
  const app = await startApp(config, { api: true, worker: true, migrate: false, log });
  const url = app.url;
  const cookie = async (id) => `bb_sid=${await app.services.sessions.create(id)}`;
  const [senderCookie, receiverCookie] = await Promise.all([cookie(sender), cookie(receiver)]);

  const arrived = new Map();
  const client = liveClient(url, { cookie: receiverCookie, origin: config.PUBLIC_URL }, { lazy: false });
  await new Promise((res) => {
    client.on('connected', res);
    client.subscribe({ query: 'subscription { chatEvents { type message { clientMessageId id } } }' }, {
      next: (v) => {
        const e = v.data?.chatEvents;
        if (e?.type !== 'message') return;
        // The event may come before the POST's answer (the app publishes first): kept until asked for.
        const t = performance.now();
        const waiting = arrived.get(e.message.id);
        if (waiting) waiting(t);
        else arrived.set(e.message.id, t);
      },
      error: (e) => console.error('subscription error', JSON.stringify(e)),
      complete: () => {},
    });
  });
  await new Promise((r) => setTimeout(r, 300));

  async function one(field) {
    const form = new FormData();
    form.append('client_message_id', randomUUID());
    form.append(field, new Blob([audio], { type: 'audio/webm' }), 'note.webm');
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const res = await fetch(`${url}/chat/${receiver}/messages`, { method: 'POST', body: form, headers: { cookie: senderCookie, origin: config.PUBLIC_URL } });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`${field}: ${res.status} ${JSON.stringify(body)}`);
    const id = body.message.message_id;
    const early = arrived.get(id);
    const delivered = typeof early === 'number' ? early : await new Promise((res2) => arrived.set(id, res2));
    arrived.delete(id);
    const used = process.cpuUsage(cpu);
    return { wall: delivered - t0, cpu: (used.user + used.system) / 1000 };
  }

  const runs = { voice_note: [], attachment: [] };
  for (let i = 0; i < NOTES + WARMUP; i++) {
    // Alternated, so both meet the same load.
    for (const field of ['voice_note', 'attachment']) {
      const r = await one(field);
      if (i >= WARMUP) runs[field].push(r);
    }
  }
  const figures = {};
  for (const [field, list] of Object.entries(runs)) {
    figures[field] = {
      p50: pct(list.map((r) => r.wall), 50),
      p95: pct(list.map((r) => r.wall), 95),
      cpuP50: pct(list.map((r) => r.cpu), 50),
    };
  }
  const ratio = figures.voice_note.p50 / figures.attachment.p50;
  console.log(`voice note (${SECONDS} s, ${(audio.length / 1024).toFixed(0)} KB Opus/WebM), ${NOTES} each, load ${os.loadavg()[0].toFixed(1)}`);
  for (const [field, f] of Object.entries(figures)) console.log(`  ${field.padEnd(11)} upload-to-delivered p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  api CPU p50 ${ms(f.cpuP50)}`);
  console.log(`  voice note / attachment (p50): ${ratio.toFixed(2)}x`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/voice-notes.json'), JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), seconds: SECONDS, bytes: audio.length, notes: NOTES, figures, ratio }, null, 2));

  await client.dispose();
  await app.close();
  await db.end();
  await cleanUp(DB_URL, REDIS_URL, prefix);
  execFileSync('rm', ['-rf', uploads]);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
