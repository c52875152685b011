// `npm start`: install dependencies and build what changed, then run every role in one process
// (`node server/dist/server/src/main.js all`). `--build-only` stops after building (`--build-only=client`: the web
// app alone, all the tests need); any other argument is passed on to the server.
import { ensureBuilt, ensureClientBuilt, serverEntry } from './lib/build.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { exitCodeOf, log, run } from './lib/proc.mjs';

const args = process.argv.slice(2);
const clientOnly = args.includes('--build-only=client');
const buildOnly = clientOnly || args.includes('--build-only');
const serverArgs = args.filter((a) => !a.startsWith('--build-only'));

try {
  await ensureDeps();
  const { server, client } = clientOnly ? { server: false, client: await ensureClientBuilt() } : await ensureBuilt();
  if (buildOnly) {
    if (!server && !client) log(clientOnly ? 'The client is up to date.' : 'Server and client are up to date.');
    process.exit(0);
  }
} catch (err) {
  log(err.message);
  process.exit(exitCodeOf(err));
}

process.exit(await run(process.execPath, ['--enable-source-maps', serverEntry, 'all', ...serverArgs]));
