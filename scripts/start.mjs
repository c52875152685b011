// `npm start`: install dependencies and build what changed, then run every role in one process
// (`node server/dist/server/src/main.js all`). `--build-only` stops after building; any other
// argument is passed on to the server.
import { ensureBuilt, serverEntry } from './lib/build.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { exitCodeOf, log, run } from './lib/proc.mjs';

const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const serverArgs = args.filter((a) => a !== '--build-only');

try {
  await ensureDeps();
  const { server, client } = await ensureBuilt();
  if (buildOnly) {
    if (!server && !client) log('Server and client are up to date.');
    process.exit(0);
  }
} catch (err) {
  log(err.message);
  process.exit(exitCodeOf(err));
}

process.exit(await run(process.execPath, ['--enable-source-maps', serverEntry, 'all', ...serverArgs]));
