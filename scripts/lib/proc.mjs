// Process helpers shared by scripts/*.mjs: the repository root, short log lines, and child
// processes that inherit the terminal and receive our SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const tag = `[${path.basename(process.argv[1] ?? 'scripts', '.mjs')}]`;

/** One short status line on stderr, so stdout stays the child's own output. */
export function log(message) {
  process.stderr.write(`${tag} ${message}\n`);
}

/** A command that exited non-zero; `code` is its exit status. */
export class CommandFailed extends Error {
  constructor(what, code) {
    super(`${what} failed (exit code ${code})`);
    this.code = code;
  }
}

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs a command from the repository root with inherited stdio (with `quiet`: output shown only if
 * it fails) and resolves to its exit code (128 + signal number when a signal ended it). While it
 * runs, SIGINT/SIGTERM/SIGHUP sent to us are passed on to it instead of killing us, so it can shut
 * down cleanly and we can report its status.
 */
export function run(command, args, { quiet = false, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      ...options,
    });
    // quiet: hold the output back and show it only if the command fails.
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const detach = () => forwarded.forEach((s) => process.off(s, forward));
    forwarded.forEach((s) => process.on(s, forward));
    child.on('error', (err) => {
      detach();
      reject(new Error(`cannot run ${command}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      detach();
      const status = code ?? 128 + (os.constants.signals[signal] ?? 1);
      if (status !== 0 && output.length) process.stderr.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

/** The exit code to leave with after `err`: a failed command's own code, else 1. */
export function exitCodeOf(err) {
  return err instanceof CommandFailed && Number.isInteger(err.code) && err.code > 0 ? err.code : 1;
}

/** Like run(), but throws CommandFailed when the exit code is not 0. */
export async function mustRun(what, command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new CommandFailed(what, code);
}

/**
 * The JavaScript file behind node_modules/.bin/<name>, run with this very Node (the one
 * scripts/with-node.sh chose) rather than whatever `#!/usr/bin/env node` would find.
 */
export function binArgs(name) {
  for (const dir of [root, path.join(root, 'client'), path.join(root, 'server')]) {
    const link = path.join(dir, 'node_modules', '.bin', name);
    if (existsSync(link)) return [realpathSync(link)];
  }
  throw new Error(`node_modules/.bin/${name} is missing: run npm ci`);
}

/** Runs node_modules/.bin/<name> and throws CommandFailed when it fails. */
export function mustRunBin(what, name, args, options) {
  return mustRun(what, process.execPath, [...binArgs(name), ...args], options);
}

/** Seconds since `start` (a performance.now() value), for "built in 3.2s" lines. */
export function since(start) {
  return `${((performance.now() - start) / 1000).toFixed(1)}s`;
}
