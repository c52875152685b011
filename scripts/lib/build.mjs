// Builds the server (tsc) and the client (vite) only when their sources are newer than the output.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { log, mustRunBin, root, since } from './proc.mjs';

/** The server's process entry as tsc emits it (rootDir is the repository root). */
export const serverEntry = path.join(root, 'server/dist/server/src/main.js');
export const clientIndex = path.join(root, 'client/dist/index.html');
/** The server's renderer of the web app's pages (vite's SSR build of client/src/app/ssr/render-page.tsx). */
export const clientRenderer = path.join(root, 'client/dist/ssr/render-page.js');

const serverInputs = ['server/src', 'migrations', 'tsconfig.json', 'server/tsconfig.json', 'server/package.json'];
const clientInputs = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/graphiql.html',
  'client/vite.config.ts',
  'client/vite.config.mts',
  'client/vite.config.js',
  'client/tsconfig.json',
  'client/package.json',
];

// Tests are not part of either build; editing one should not trigger a rebuild.
const skipDir = new Set(['node_modules', 'dist', '__tests__', '.vite']);
const skipFile = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * The newest modification time under the given paths (relative to the root), with the file that has
 * it. Directory times count too: deleting or renaming a file changes its directory's time.
 */
export function newest(paths) {
  let best = { mtimeMs: 0, file: null };
  const visit = (abs) => {
    let st;
    try {
      st = statSync(abs);
    } catch {
      return; // missing optional input
    }
    if (st.mtimeMs > best.mtimeMs) best = { mtimeMs: st.mtimeMs, file: abs };
    if (!st.isDirectory()) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory() ? skipDir.has(entry.name) : skipFile.test(entry.name)) continue;
      visit(path.join(abs, entry.name));
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return best;
}

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Why `output` must be rebuilt from `inputs`, or null when it is newer than all of them. */
function staleReason(output, inputs) {
  const built = mtime(output);
  if (!built) return `${path.relative(root, output)} is missing`;
  const src = newest(inputs);
  return src.mtimeMs > built ? `${path.relative(root, src.file)} changed` : null;
}

/** The output's time becomes "now", so a build that rewrote nothing still counts as fresh. */
function touch(file) {
  const now = new Date();
  utimesSync(file, now, now);
}

/** Builds server/dist with `tsc -p server` when server sources or migrations changed. */
export async function ensureServerBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : staleReason(serverEntry, serverInputs);
  if (!reason) return false;
  log(`Building the server (${reason}) ...`);
  const start = performance.now();
  // Start clean: tsc never deletes outputs of removed sources, and a stale compiled migration
  // left in dist would still be run.
  const dist = path.join(root, 'server/dist');
  rmSync(dist, { recursive: true, force: true });
  try {
    await mustRunBin('Server build (tsc -p server)', 'tsc', ['-p', 'server']);
  } catch (err) {
    // tsc emits despite type errors; leave no entry behind that would look like a fresh build.
    rmSync(dist, { recursive: true, force: true });
    throw err;
  }
  if (!existsSync(serverEntry)) {
    throw new Error(`tsc succeeded but ${path.relative(root, serverEntry)} was not emitted`);
  }
  touch(serverEntry);
  log(`Server built in ${since(start)}.`);
  return true;
}

/** Whether a process with this id is running. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Runs `fn` holding this checkout's client-build lock (a directory in the temp dir, with the holder's pid in it):
 * `npm test` builds the web app beside the server tests, and the few server tests that serve client/dist build it
 * too when it is stale (tests/support/built-client.ts); the second to come waits for the first instead of building
 * into the same directory at once, then finds the build fresh. A lock whose holder is gone is taken over.
 */
async function withClientBuildLock(fn) {
  const lock = path.join(os.tmpdir(), `bolbazaar-client-build-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`);
  const owner = path.join(lock, 'pid');
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(owner, 'utf8'));
    } catch {
      // just made, its pid not written yet (or its holder died in between: stale after 10 s)
    }
    const stale = holder ? !alive(holder) : Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
    if (stale) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) log(`Waiting for the client build of process ${holder} ...`);
    waited = true;
    await sleep(250);
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds client/dist with `vite build` when client sources changed, then the pages' renderer the server loads
 * (`vite build --ssr`, into client/dist/ssr). One build at a time per checkout (withClientBuildLock).
 */
export function ensureClientBuilt(options = {}) {
  return withClientBuildLock(() => buildClient(options));
}

async function buildClient({ force = false }) {
  const reason = force ? 'forced' : (staleReason(clientIndex, clientInputs) ?? (existsSync(clientRenderer) ? null : `${path.relative(root, clientRenderer)} is missing`));
  if (!reason) return false;
  log(`Building the client (${reason}) ...`);
  const start = performance.now();
  const cwd = path.join(root, 'client');
  await mustRunBin('Client build (vite build)', 'vite', ['build', '--logLevel', 'warn'], { cwd });
  await mustRunBin('Page renderer build (vite build --ssr)', 'vite', ['build', '--ssr', 'src/app/ssr/render-page.tsx', '--logLevel', 'warn'], { cwd });
  for (const file of [clientIndex, clientRenderer]) {
    if (!existsSync(file)) throw new Error(`vite build succeeded but ${path.relative(root, file)} was not written`);
  }
  touch(clientIndex);
  log(`Client built in ${since(start)}.`);
  return true;
}

/**
 * Builds the server and the client side by side (tsc is single-threaded; on two cores the other one builds the
 * client meanwhile). Waits for both before it throws the first failure, so no build is left running. Answers
 * which of the two were rebuilt.
 */
export async function ensureBuilt() {
  const [server, client] = await Promise.allSettled([ensureServerBuilt(), ensureClientBuilt()]);
  for (const result of [server, client]) if (result.status === 'rejected') throw result.reason;
  return { server: server.value, client: client.value };
}
