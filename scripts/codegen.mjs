// `npm run codegen`: emit server/schema.graphql from the built server, then regenerate
// client/src/graphql/generated.ts. `--check` also fails when either differs from the commit.
import { spawnSync } from 'node:child_process';
import { ensureServerBuilt, serverEntry } from './lib/build.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { exitCodeOf, log, mustRun, mustRunBin, root } from './lib/proc.mjs';

const check = process.argv.includes('--check');
const generated = ['server/schema.graphql', 'client/src/graphql/generated.ts'];

try {
  await ensureDeps();
  await ensureServerBuilt();
  await mustRun('Schema emit (main.js emit-schema)', process.execPath, [
    '--enable-source-maps',
    serverEntry,
    'emit-schema',
  ]);
  await mustRunBin('graphql-codegen', 'graphql-codegen', ['--config', 'codegen.ts'], { quiet: true });
} catch (err) {
  log(err.message);
  process.exit(exitCodeOf(err));
}

if (!check) {
  log(`Generated ${generated.join(' and ')}.`);
  process.exit(0);
}

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const status = git('status', '--porcelain', '--', ...generated);
if (status.status !== 0) {
  log(`git status failed: ${status.stderr.trim()}`);
  process.exit(1);
}
const drifted = status.stdout
  .split('\n')
  .filter(Boolean)
  .map((line) => line.slice(3));
if (drifted.length) {
  const stat = git('diff', '--stat', '--', ...drifted).stdout.trim();
  if (stat) process.stderr.write(`${stat}\n`);
  log(`Generated files differ from the commit: ${drifted.join(', ')}.`);
  log('Run `npm run codegen` and commit the result.');
  process.exit(1);
}
log('Generated files are current.');
