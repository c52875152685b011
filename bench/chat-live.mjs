// Live chat (bench/README.md#live-chat): message send through the API (REST `POST /chat/{userId}/messages`)
// to delivery on the other participant's `chatEvents` subscription, p50/p99 over 2,000 messages across 100
// conversations, beside its floor in the same run: a Redis PUBLISH relayed to a raw WebSocket client.
// Then idle capacity: 10,000 authenticated `chatEvents` subscriptions held open on one api process (a child
// process, so its memory is its own), its memory per subscription, and the latency of 500 messages, at random
// moments, to 100 of those subscribers while all are open (p99 against the floor's: the same target).
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_chat,
// recreated each run), BENCH_REDIS_URL, BENCH_CONVERSATIONS (100), BENCH_MESSAGES (2000), BENCH_CONCURRENCY (10),
// BENCH_IDLE (10000), BENCH_IDLE_MESSAGES (500), BENCH_WORKER (process: the worker in a process of its own, as
// production runs it; `api`: in the api process, as `npm start` runs it), BENCH_PROFILE (file: a CPU profile of
// this process over the live part), BENCH_IDLE_PROFILE (prefix: CPU and allocation profiles of the idle api
// process over the idle messages), BENCH_CHILD_ARGS (node options of the idle api process, e.g. --trace-gc).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Agent, request } from 'undici';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, benchUsers, cleanUp, freePort, inspectorSession, memoryAfterGc, serverProcess } from './lib/app.mjs';
import { liveClient, liveFloor, ms, pct } from './lib/live.mjs';

const WORKER_PROCESS = process.env.BENCH_WORKER !== 'api';
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_chat';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const IDLE = Number(process.env.BENCH_IDLE ?? 10_000);
const IDLE_MESSAGES = Number(process.env.BENCH_IDLE_MESSAGES ?? 500);
/** The idle subscribers the messages go to (at random), held by this process. */
const IDLE_TARGETS = 100;
// The first 10 idle subscriptions are the memory baseline, and the messages go to the first 100.
if (!(IDLE > 100)) throw new Error('BENCH_IDLE must be more than 100');

const sleep = (t) => new Promise((r) => setTimeout(r, t));
const post = (session, method, params = {}) => new Promise((res, rej) => session.post(method, params, (err, out) => (err ? rej(err) : res(out))));

async function main() {
  const { startApp, prefix, env, config, log } = await benchApp(DB_URL, REDIS_URL, { CHAT_MESSAGES_PER_MINUTE: '100000', NEW_ACCOUNT_DAYS: '0' });

  // Accounts written straight to the table (notifications off: no SMTP server here); 2 per conversation,
  // and the idle subscribers.
  const db = new pg.Pool({ connectionString: DB_URL, max: 4 });
  const users = (n, tag) => benchUsers(db, n, tag);
  const senders = await users(CONVERSATIONS, 's');
  const receivers = await users(CONVERSATIONS, 'r');
  await db.query('analyze users');

  // The worker in a process of its own, as production runs it (docker-compose.yml; on 2 cores it competes
  // with the api for the CPU), or with BENCH_WORKER=api in the api process, as `npm start` runs it.
  const worker = WORKER_PROCESS ? await serverProcess('worker', env) : null;
  const app = await startApp(config, { api: true, worker: !WORKER_PROCESS, migrate: false, log });
  const cookieOf = async (id) => `bb_sid=${await app.services.sessions.create(id)}`;
  const senderCookies = await Promise.all(senders.map(cookieOf));
  const receiverCookies = await Promise.all(receivers.map(cookieOf));
  const agent = new Agent({ connections: CONCURRENCY * 2, pipelining: 1 });
  const send = async (i, content) => {
    const t = performance.now();
    const res = await request(`${app.url}/chat/${receivers[i]}/messages`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: config.PUBLIC_URL, cookie: senderCookies[i] },
      body: JSON.stringify({ content }),
    });
    const body = await res.body.json();
    if (res.statusCode !== 201) throw new Error(`send ${res.statusCode} ${JSON.stringify(body)}`);
    return { id: body.message.message_id, start: t, answered: performance.now() };
  };

  /** Opens `chatEvents` for a cookie on `url`; calls `onMessage(id, at)` for each new message. */
  const subscribe = (url, cookie, onMessage) => {
    const client = liveClient(url, { cookie, origin: config.PUBLIC_URL }, { lazy: false });
    let acknowledged;
    const ready = new Promise((res) => (acknowledged = res));
    client.on('connected', () => acknowledged());
    client.subscribe({ query: 'subscription { chatEvents { type message { id } } }' }, {
      next: (v) => {
        const e = v.data?.chatEvents;
        if (e?.type === 'message') onMessage(e.message.id, performance.now());
      },
      error: (e) => console.error('subscription error', JSON.stringify(e)),
      complete: () => {},
    });
    return { client, ready };
  };

  // ---- Live: 100 receivers subscribed; 2,000 messages across the 100 conversations, CONCURRENCY at a time.
  const arrived = new Map();
  const waiters = new Map();
  const onMessage = (id, at) => {
    arrived.set(id, at);
    waiters.get(id)?.();
  };
  const subs = receiverCookies.map((c) => subscribe(app.url, c, onMessage));
  await Promise.all(subs.map((s) => s.ready));
  // Each subscription listens once a first message reaches it.
  await Promise.all(
    receivers.map(async (_r, i) => {
      for (;;) {
        const m = await send(i, 'warm-up');
        await sleep(100);
        if (arrived.has(m.id)) return;
      }
    }),
  );
  const delivered = (id) => (arrived.has(id) ? Promise.resolve() : new Promise((res) => waiters.set(id, res)));
  const fromAnswer = [];
  const fromRequest = [];
  let next = 0;
  // BENCH_PROFILE=file.cpuprofile: a CPU profile of this process (api, in-process worker, clients) over this phase.
  const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : null;
  if (profiler) {
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        const n = next++;
        const m = await send(n % CONVERSATIONS, `message ${n}`);
        await delivered(m.id);
        fromAnswer.push(Math.max(0, arrived.get(m.id) - m.answered));
        fromRequest.push(arrived.get(m.id) - m.start);
      }
    }),
  );
  const liveSecs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (profiler) {
    const { profile } = await post(profiler, 'Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    profiler.disconnect();
  }
  await Promise.all(subs.map((s) => s.client.dispose()));

  // ---- Floor: Redis PUBLISH -> a subscriber -> a raw WebSocket client, the same number of messages.
  const floor = await liveFloor({
    redisUrl: REDIS_URL,
    channel: `${prefix}:floor`,
    count: MESSAGES,
    warmup: 50,
    payload: (i) => ({ conversationId: randomUUID(), messageId: randomUUID(), position: String(i) }),
  });

  // ---- Idle capacity: IDLE subscriptions on a second api process (a child, measured on its own).
  const idleUsers = await users(IDLE, 'i');
  const idleCookies = [];
  for (let i = 0; i < idleUsers.length; i += 500) idleCookies.push(...(await Promise.all(idleUsers.slice(i, i + 500).map(cookieOf))));
  // Inspectable, so memory is read after a full garbage collection (live memory, not garbage not yet collected).
  const inspectPort = await freePort();
  const childArgs = (process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean);
  const { url: childUrl, stop: stopChild } = await serverProcess('api', env, { nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`, ...childArgs] });
  // The messages go to IDLE_TARGETS of the subscribers, held by this process; the others are held by a
  // process of its own (bench/lib/idle-holder.mjs), so this one does not carry 10,000 client sockets.
  // A few subscriptions first, so the baseline includes a warm socket server.
  const targets = [];
  const open = async (from, to) => {
    const batch = idleCookies.slice(from, to).map((c) => subscribe(childUrl, c, onMessage));
    await Promise.all(batch.map((s) => s.ready));
    targets.push(...batch);
  };
  await open(0, 10);
  await sleep(1000);
  const base = await memoryAfterGc(inspectPort);
  const opened0 = performance.now();
  await open(10, IDLE_TARGETS);
  const holder = fork(path.join(root, 'bench/lib/idle-holder.mjs'), { stdio: 'inherit' });
  await new Promise((resolve) => {
    holder.once('message', resolve);
    holder.send({ url: childUrl, origin: config.PUBLIC_URL, cookies: idleCookies.slice(IDLE_TARGETS) });
  });
  const openSecs = (performance.now() - opened0) / 1000;
  // Every subscription listens (its Redis channel) before measuring.
  const redis = new Redis(REDIS_URL);
  for (;;) {
    const channels = await redis.pubsub('NUMSUB', ...idleUsers.slice(-50).map((id) => `${prefix}:chat:${id}`));
    if (channels.filter((_, j) => j % 2 === 1).every((n) => Number(n) > 0)) break;
    await sleep(200);
  }
  await sleep(1000);
  const full = await memoryAfterGc(inspectPort);
  const perSubscription = (full.rss - base.rss) / (IDLE - 10);
  const heapPerSubscription = (full.heapUsed + full.external - base.heapUsed - base.external) / (IDLE - 10);
  // A message to idle subscribers while all are open: latency from the send's answer.
  const idleLat = [];
  const idleSenderCookie = senderCookies[0];
  const idleAt = [];
  const sendIdle = async (i) => {
    const target = idleUsers[Math.floor(Math.random() * IDLE_TARGETS)];
    const res = await request(`${app.url}/chat/${target}/messages`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: config.PUBLIC_URL, cookie: idleSenderCookie },
      body: JSON.stringify({ content: `to an idle subscriber ${i}` }),
    });
    const body = await res.body.json();
    const answered = performance.now();
    await delivered(body.message.message_id);
    return { answered, took: Math.max(0, arrived.get(body.message.message_id) - answered) };
  };
  // The full garbage collections the memory reading forced ("low memory": they also drop compiled
  // code) are the bench's, not production's: a few unmeasured messages and a second let the process
  // settle before the measured ones.
  for (let i = 0; i < 20; i++) await sendIdle(`warm-up ${i}`);
  await sleep(1000);
  // BENCH_IDLE_PROFILE=prefix: CPU and allocation profiles of the idle api process over the idle messages.
  const childProfiler = process.env.BENCH_IDLE_PROFILE ? await inspectorSession(inspectPort) : null;
  if (childProfiler) {
    await childProfiler.call('Profiler.enable');
    await childProfiler.call('Profiler.start');
    await childProfiler.call('HeapProfiler.enable');
    await childProfiler.call('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  const idleT0 = performance.now();
  for (let i = 0; i < IDLE_MESSAGES; i++) {
    const { answered, took } = await sendIdle(i);
    idleLat.push(took);
    idleAt.push([Math.round(answered - idleT0), took]);
    // At random moments (0 to 20 ms apart), so the messages meet whatever the process does on its own.
    await sleep(Math.random() * 20);
  }
  if (childProfiler) {
    const { profile } = await childProfiler.call('Profiler.stop');
    writeFileSync(`${process.env.BENCH_IDLE_PROFILE}.cpuprofile`, JSON.stringify(profile));
    const heap = await childProfiler.call('HeapProfiler.stopSampling');
    writeFileSync(`${process.env.BENCH_IDLE_PROFILE}.heapprofile`, JSON.stringify(heap.profile));
    childProfiler.close();
  }
  const slowest = idleAt.sort((a, b) => b[1] - a[1]).slice(0, 5);
  await Promise.all(targets.map((s) => s.client.dispose()));
  holder.send('close');
  await new Promise((resolve) => holder.once('exit', resolve));
  await stopChild();
  redis.disconnect();

  await agent.close();
  await app.close();
  await worker?.stop();
  await db.end();

  const out = {
    at: new Date().toISOString(),
    conversations: CONVERSATIONS,
    messages: fromAnswer.length,
    concurrency: CONCURRENCY,
    live: { perSecond: fromAnswer.length / liveSecs, p50: pct(fromAnswer, 50), p99: pct(fromAnswer, 99), max: Math.max(...fromAnswer), fromRequestP50: pct(fromRequest, 50), fromRequestP99: pct(fromRequest, 99), cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / fromAnswer.length },
    floor: { p50: pct(floor, 50), p99: pct(floor, 99) },
    p99Ratio: pct(fromAnswer, 99) / pct(floor, 99),
    idle: { subscriptions: IDLE, openSeconds: openSecs, baseRssMb: base.rss / 2 ** 20, fullRssMb: full.rss / 2 ** 20, bytesPerSubscription: perSubscription, heapBytesPerSubscription: heapPerSubscription, messages: idleLat.length, messageP50: pct(idleLat, 50), messageP99: pct(idleLat, 99), messageP99Ratio: pct(idleLat, 99) / pct(floor, 99), slowest },
  };
  console.log(`live  : ${out.messages} messages over ${CONVERSATIONS} conversations, ${CONCURRENCY} at a time (${out.live.perSecond.toFixed(0)}/s): send answered -> delivered p50 ${ms(out.live.p50)}, p99 ${ms(out.live.p99)}, max ${ms(out.live.max)} (from the request: p50 ${ms(out.live.fromRequestP50)}, p99 ${ms(out.live.fromRequestP99)}); this process's CPU ${out.live.cpuMsPerMessage.toFixed(2)} ms per message (api${WORKER_PROCESS ? '' : ', worker'} and the clients)`);
  console.log(`floor : Redis PUBLISH -> raw WebSocket p50 ${ms(out.floor.p50)}, p99 ${ms(out.floor.p99)}; p99 ratio ${out.p99Ratio.toFixed(1)} (target <= 3)`);
  console.log(`idle  : ${IDLE} subscriptions opened in ${openSecs.toFixed(1)} s on one api process: RSS ${out.idle.baseRssMb.toFixed(0)} -> ${out.idle.fullRssMb.toFixed(0)} MB = ${(perSubscription / 1024).toFixed(1)} KB per subscription (target <= 30 KB; JS heap and external ${(heapPerSubscription / 1024).toFixed(1)} KB), after a full GC`);
  console.log(`idle  : ${idleLat.length} messages to idle subscribers while they are open: p50 ${ms(out.idle.messageP50)}, p99 ${ms(out.idle.messageP99)}; p99 ratio to the floor ${out.idle.messageP99Ratio.toFixed(1)} (target <= 3); slowest ${slowest.map(([at, t]) => `${ms(t)} at ${at} ms`).join(', ')}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `chat-live-${Date.now()}.json`), JSON.stringify(out, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
