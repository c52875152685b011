import 'reflect-metadata';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/env.js';
import { createOrm, migrate } from '../db/connect.js';
import { emitSchema } from '../graphql/schema.js';
import { prepareSearchEngine } from '../modules/search/search.module.js';
import { createLogger } from './logger.js';
import { ensureDatabase, preflight, PreflightError } from './preflight.js';
import { installProcessHandlers } from './process-handlers.js';
import { startApp, type AppHandle } from './server.js';

const ROLES = ['all', 'api', 'worker', 'migrate', 'seed', 'reindex', 'emit-schema'] as const;
type Role = (typeof ROLES)[number];

async function main(role: Role, stopTracing: (() => Promise<void>) | null) {
  if (role === 'emit-schema') {
    const file = path.resolve(process.argv[3] ?? 'server/schema.graphql');
    await emitSchema(file);
    console.log(`schema written to ${path.relative(process.cwd(), file)}`);
    return;
  }
  const config = loadConfig();
  const log = createLogger(config);
  installProcessHandlers(log);
  try {
    await run(role, config, log, stopTracing);
  } catch (err) {
    if (err instanceof PreflightError) throw err;
    // Through the logger (a port in use, a migration that failed): the JSON lines a deployment collects.
    log.fatal({ err, role }, 'start failed');
    log.flush?.();
    process.exit(1);
  }
}

async function run(role: Exclude<Role, 'emit-schema'>, config: Config, log: Logger, stopTracing: (() => Promise<void>) | null) {
  await preflight(config).catch(async (err) => {
    // A local run may have the server but not yet the database: create it, then check again.
    if (!config.isProduction && /does not exist/.test(String(err))) {
      if (await ensureDatabase(config.DATABASE_URL)) log.info('database created');
      return preflight(config);
    }
    throw err;
  });
  if (role === 'migrate') {
    const orm = await createOrm(config, log);
    const applied = await migrate(orm);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
    await orm.close();
    // The search index's keys and settings too, before api and worker start (a settings change that
    // re-indexes is done here, with its progress logged, rather than behind the first searches).
    await prepareSearchEngine(config, log);
    return;
  }
  const app: AppHandle = await startApp(config, {
    api: role === 'all' || role === 'api',
    worker: role === 'all' || role === 'worker',
    // Production applies migrations with the `migrate` role before rolling out; a local run does it at start.
    migrate: role === 'all' || role === 'seed' || !config.isProduction,
    seed: role === 'seed' || (role === 'all' && !config.isProduction),
    log,
  });
  if (role === 'reindex') {
    // Rebuilds the search index from the catalogue; `--skip-pictures` keeps photo-search features as they are.
    const { documents } = await app.services.searchIndexer.reindexAll({ pictures: !process.argv.includes('--skip-pictures') });
    console.log(`search index rebuilt: ${documents} products`);
    await app.close();
    return;
  }
  if (role === 'seed') {
    await app.close();
    return;
  }
  if (app.url) log.info(`Bol Bazaar is running at ${app.url} (GraphQL at ${app.url}/graphql)`);
  if (app.url) console.log(`\n  Bol Bazaar is running at ${app.url}\n  GraphQL: ${app.url}/graphql\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    app
      .close()
      // The last spans (the shutdown's own requests) go to the collector before the exit.
      .then(() => stopTracing?.().catch(() => undefined))
      .then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * Runs one role of the process (`node main.js <role>`; main.ts starts tracing first when asked):
 * all | api | worker | migrate | seed | reindex | emit-schema (`operator` is main.ts's own, app/operator-role.ts).
 */
export function runRole(role: string, stopTracing: (() => Promise<void>) | null): void {
  if (!ROLES.includes(role as Role)) {
    console.error(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}`);
    process.exit(2);
  }
  main(role as Role, stopTracing).catch((err) => {
    if (err instanceof ConfigError || err instanceof PreflightError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  });
}
