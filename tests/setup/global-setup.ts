import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { pino } from 'pino';
import { createOrm, migrate } from '../../server/src/db/connect.js';
import { childPidDir } from '../support/open-apps.js';
import { dropCopiesOf } from '../support/test-databases.js';
import { findServices } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    redisUrl: string;
  }
}

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Once per run: finds the services, builds a template database from the migrations (each test
 * file then gets its own copy in milliseconds), and removes databases left by crashed runs.
 */
export default async function setup(project: TestProject) {
  const services = await findServices();
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  // Test databases are named bb_test_<pid>_...; those of processes that are gone are leftovers.
  const template = `bb_test_${process.pid}_template_${project.name}`;
  const existing = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'bb\\_test\\_%'`);
  for (const { datname } of existing.rows) {
    const pid = Number(/^bb_test_(\d+)_/.exec(datname)?.[1]);
    if (pid && !isAlive(pid)) await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
  }
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const orm = await createOrm({ DATABASE_URL: withDb(services.databaseUrl, template), DATABASE_POOL_MAX: 2 }, pino({ level: 'silent' }));
  await migrate(orm);
  await orm.close(true);
  project.provide('templateDatabaseUrl', withDb(services.databaseUrl, template));
  project.provide('redisUrl', services.redisUrl);

  return async () => {
    // Child servers (tests/support/child-server.ts) still running when the run ends: a worker stopped before its
    // file's afterAll leaves them behind, reparented to init.
    const children = childPidDir(template);
    let pids: number[] = [];
    try {
      pids = readdirSync(children).map(Number).filter(Boolean);
    } catch {
      // none was started
    }
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(children, { recursive: true, force: true });
    // The copies still there (the workers' spares, drops under way when they stopped: tests/support/test-databases.ts)
    // and the demo catalogue's template (tests/support/app.ts startDemoTestApp), then the template.
    await dropCopiesOf(withDb(services.databaseUrl, template));
    await admin.query(`drop database if exists "${template}" with (force)`).catch(() => undefined);
    // The demo catalogue's pictures, when a file asked for it.
    rmSync(path.join('.data', 'test-uploads', `${template}_demo`), { recursive: true, force: true });
    await admin.end();
    await services.stop?.();
  };
}
