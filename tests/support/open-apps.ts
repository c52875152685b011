import os from 'node:os';
import path from 'node:path';

/**
 * The test apps and child servers started in this worker and not yet closed. The server project's workers are
 * reused from file to file (`isolate: false`), so one a file leaves running (its BullMQ workers, outbox relay and
 * LISTEN connection) would go on taking CPU in every later file: tests/setup/per-file.ts fails the file and closes
 * them. Kept on globalThis so that it is one list whatever module instance records into it.
 */
type Open = Map<number, { what: string; close: () => Promise<unknown> }>;

const g = globalThis as typeof globalThis & { __bbOpenApps?: Open; __bbOpenAppsNext?: number };

function open(): Open {
  return (g.__bbOpenApps ??= new Map());
}

/** Records a started app; the returned function forgets it (call it when it is closed). */
export function trackOpen(what: string, close: () => Promise<unknown>): () => void {
  const id = (g.__bbOpenAppsNext = (g.__bbOpenAppsNext ?? 0) + 1);
  open().set(id, { what, close });
  return () => void open().delete(id);
}

/** Closes whatever is still open and returns what it was. */
export async function closeLeftOpen(): Promise<string[]> {
  const left = [...open().values()];
  open().clear();
  await Promise.allSettled(left.map((o) => o.close()));
  return left.map((o) => o.what);
}

/**
 * Where a run's child servers (tests/support/child-server.ts) are listed while they run, one empty file per process
 * id, by the run's template database: the global teardown kills any still listed (of a worker stopped before its
 * file's afterAll, which would leave them running, reparented to init).
 */
export function childPidDir(templateDatabase: string): string {
  return path.join(os.tmpdir(), `bb-test-children-${templateDatabase}`);
}
