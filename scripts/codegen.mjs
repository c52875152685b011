// `npm run codegen`: emit server/schema.graphql from the server's sources, then regenerate
// client/src/graphql/generated.ts. `--check` also fails when either differs from the commit.
// The schema comes from server/src run through oxc's loader (the one the child-process tests use), not from a tsc
// build: the same decorators and metadata give the same schema, without building the server first (CI does not
// build it; `tsc -p tests` type-checks it, README.md#tests).
import { spawnSync } from 'node:child_process';
import { ensureDeps } from './lib/deps.mjs';
import { exitCodeOf, log, mustRun, mustRunBin, root } from './lib/proc.mjs';

const check = process.argv.includes('--check');
const generated = ['server/schema.graphql', 'client/src/graphql/generated.ts'];

try {
  await ensureDeps();
  await mustRun('Schema emit (main.ts emit-schema)', process.execPath, [
    '--import',
    '@oxc-node/core/register',
    'server/src/main.ts',
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
