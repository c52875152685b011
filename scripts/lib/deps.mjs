// Installs dependencies when node_modules is missing or does not match the manifests.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandFailed, log, root, run, since } from './proc.mjs';

const nodeModules = path.join(root, 'node_modules');
const stampFile = path.join(nodeModules, '.bolbazaar-install-stamp');
const lockFile = path.join(root, 'package-lock.json');
// npm rewrites this "hidden lockfile" at the end of every install it completes.
const hiddenLockFile = path.join(nodeModules, '.package-lock.json');

/** Root package.json plus one per workspace (entries may end in "/*"). */
function manifests() {
  const rootManifest = path.join(root, 'package.json');
  const { workspaces = [] } = JSON.parse(readFileSync(rootManifest, 'utf8'));
  const list = Array.isArray(workspaces) ? workspaces : (workspaces.packages ?? []);
  const dirs = list.flatMap((entry) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = path.join(root, entry.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(entry.slice(0, -2), d.name));
  });
  return [
    rootManifest,
    ...dirs.map((d) => path.join(root, d, 'package.json')).filter((f) => existsSync(f)),
  ].sort();
}

function inputs() {
  return existsSync(lockFile) ? [lockFile, ...manifests()] : manifests();
}

/**
 * A manifest's text without its `allowScripts` field (the root package.json's last one): which install scripts may
 * run changes no installed package, so editing it alone asks for no new install.
 */
function withoutAllowScripts(text) {
  return text.replace(/,\n {2}"allowScripts": \{[^{}]*\}(?=\n\}\n?$)/, '');
}

/** Hash of package-lock.json, every package.json and the Node ABI (native addons depend on it). */
export function depsHash() {
  const hash = createHash('sha256').update(`node-abi ${process.versions.modules}\n`);
  for (const file of inputs()) {
    hash.update(`${path.relative(root, file)}\n`).update(withoutAllowScripts(readFileSync(file, 'utf8'))).update('\n');
  }
  return hash.digest('hex');
}

/** Why node_modules needs an install, or null when it is current. */
export function depsStaleReason() {
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  const want = depsHash();
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (have === want) return null;
  // Installed by hand (npm ci / npm install) after the manifests last changed: npm's own
  // bookkeeping says it is current, so adopt it instead of reinstalling.
  if (existsSync(hiddenLockFile)) {
    const installed = statSync(hiddenLockFile).mtimeMs;
    if (inputs().every((f) => statSync(f).mtimeMs <= installed)) {
      writeFileSync(stampFile, `${want}\n`);
      return null;
    }
  }
  return have ? 'package.json or package-lock.json changed' : 'no record of the last install';
}

/** Runs `npm ci` (or `npm install` without a lockfile) when node_modules is missing or stale. */
export async function ensureDeps() {
  const reason = depsStaleReason();
  if (!reason) return false;
  const args = existsSync(lockFile) ? ['ci'] : ['install'];
  log(`Installing dependencies (${reason}): npm ${args[0]} ...`);
  const start = performance.now();
  const code = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error']);
  if (code !== 0) throw new CommandFailed(`npm ${args[0]}`, code);
  writeFileSync(stampFile, `${depsHash()}\n`);
  log(`Dependencies installed in ${since(start)}.`);
  return true;
}
