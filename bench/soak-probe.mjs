// Loaded into the server process by bench/soak.mjs and bench/mixed.mjs (`node --import ./bench/soak-probe.mjs ...`):
// answers the parent's 'sample' messages (IPC) with the process's memory, event-loop delay since the last
// sample, and open handles by type; started with --expose-gc, also the heap still in use after a full collection
// (what a leak would grow; RSS and the heap before it move with V8's sizing). A message `{ snapshot: file }`
// writes a heap snapshot there (after a full collection) and answers `{ snapshot: file }` once it is written.
// Nothing else; the server runs as it does in production.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

process.on('message', (message) => {
  if (message?.snapshot) {
    globalThis.gc?.();
    process.send?.({ snapshot: writeHeapSnapshot(message.snapshot) });
    return;
  }
  if (message !== 'sample') return;
  const mem = process.memoryUsage();
  globalThis.gc?.();
  const live = globalThis.gc ? Math.round(process.memoryUsage().heapUsed / 1048576) : null;
  const handles = {};
  for (const type of process.getActiveResourcesInfo()) handles[type] = (handles[type] ?? 0) + 1;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.send?.({
    rssMb: Math.round(mem.rss / 1048576),
    heapUsedMb: Math.round(mem.heapUsed / 1048576),
    // What RSS holds beside the live heap: the heap V8 has reserved, and memory outside it (buffers, native addons).
    heapTotalMb: Math.round(mem.heapTotal / 1048576),
    externalMb: Math.round(mem.external / 1048576),
    heapAfterGcMb: live,
    eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    handles,
    handlesTotal: Object.values(handles).reduce((a, b) => a + b, 0),
  });
  delay.reset();
});
// The IPC channel must not keep the server alive on its own.
process.channel?.unref();
