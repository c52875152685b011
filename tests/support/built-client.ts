import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real client build (client/dist: the web app, its manifest and the pages' renderer in ssr/). */
export const BUILT_CLIENT = path.join(ROOT, 'client/dist');

/**
 * Builds the client when it is missing or older than its sources (as npm test does before the browser
 * journeys), in a process of its own without the test runner's NODE_ENV=test, which would make vite bundle
 * React's development build into client/dist for everyone. Answers where it is.
 */
export function ensureBuiltClient(): string {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const build = `import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts/lib/build.mjs')).href)}).then((m) => m.ensureClientBuilt())`;
  const { status, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', build], { cwd: ROOT, env, encoding: 'utf8' });
  if (status !== 0) throw new Error(`client build failed: ${stderr}`);
  return BUILT_CLIENT;
}
