import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * The databases of test apps and child servers: copies of a migrated template (`CREATE DATABASE ... TEMPLATE`), named
 * `<template>_c<random>` so that a run's global teardown finds the ones left (`dropCopiesOf`).
 *
 * Making a copy and dropping one both wait on PostgreSQL (a drop waits for a checkpoint it forces: 0.3 to 6 s on a busy
 * machine), while the worker has nothing else to do. So a worker keeps one copy made ahead (`spare`) for the next file,
 * and a copy is dropped after its file has gone on (`dropLater`): the copy a file gets is as fresh as one made at its
 * start (nothing else ever connects to it), and a copy left when the worker stops is dropped by the teardown.
 */

const adminUrl = (templateUrl: string) => templateUrl.replace(/\/[^/]*$/, '/postgres');
const nameOf = (url: string) => new URL(url).pathname.slice(1);
const withName = (templateUrl: string, name: string) => templateUrl.replace(/\/[^/]*$/, `/${name}`);

async function asAdmin<T>(templateUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function makeCopy(templateUrl: string): Promise<string> {
  const name = `${nameOf(templateUrl)}_c${randomBytes(5).toString('hex')}`;
  await asAdmin(templateUrl, async (admin) => {
    await admin.query(`create database "${name}" template "${nameOf(templateUrl)}"`);
    // A test database outlives no crash: its commits need not wait for the WAL to reach the disk (README.md#tests).
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
  });
  return name;
}

/** Kept on globalThis, as tests/support/open-apps.ts's list: one per worker whatever module instance asks. */
const g = globalThis as typeof globalThis & { __bbSpareCopies?: Map<string, Promise<string | null>> };

/**
 * A new copy of the template (its URL). With `spare`, the copy made ahead for this template is taken when there is
 * one, and the next one is started (each template's own; only the run's main template asks for it).
 */
export async function copyOfTemplate(templateUrl: string, opts: { spare?: boolean } = {}): Promise<string> {
  const spares = (g.__bbSpareCopies ??= new Map());
  const made = spares.get(templateUrl);
  spares.delete(templateUrl);
  const name = (made && (await made)) || (await makeCopy(templateUrl));
  if (opts.spare) {
    spares.set(
      templateUrl,
      makeCopy(templateUrl).catch(() => null), // made at the next file's start instead
    );
  }
  return withName(templateUrl, name);
}

/** Removes the Redis keys under `prefix` (a test app's or child server's). */
export async function removeRedisKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    // SCAN, not KEYS: other runs (and the benches) share this Redis, and KEYS would hold it for the whole keyspace.
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length) await client.del(...keys);
    }
  } finally {
    await client.quit();
  }
}

/** Renames a copy (to keep it as a template of its own). */
export async function renameCopy(databaseUrl: string, newName: string): Promise<void> {
  const name = nameOf(databaseUrl);
  await asAdmin(databaseUrl, async (admin) => {
    // Renaming, unlike dropping, has no `with (force)`: a connection of the pools still closing is ended first.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.query(`alter database "${name}" rename to "${newName}"`);
  });
}

/** Drops a copy and removes the Redis keys under `redisPrefix`, now (awaited) or after the caller has gone on. */
export function dropCopy(databaseUrl: string, redis: { url: string; prefix: string }, opts: { later?: boolean } = {}): Promise<void> {
  const drop = async () => {
    await Promise.all([removeRedisKeys(redis.url, redis.prefix), asAdmin(databaseUrl, (admin) => admin.query(`drop database if exists "${nameOf(databaseUrl)}" with (force)`))]);
  };
  if (!opts.later) return drop();
  // What fails here is left to the teardown (dropCopiesOf), which drops every copy of the run's templates.
  void drop().catch(() => undefined);
  return Promise.resolve();
}

/**
 * The global teardown's: drops the copies of the template still there (spares, copies of a worker stopped before its
 * drop was done), all at once (their checkpoints are shared).
 */
export async function dropCopiesOf(templateUrl: string): Promise<void> {
  const { rows } = await asAdmin(templateUrl, (admin) =>
    admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${nameOf(templateUrl)}_`]),
  );
  await Promise.all(
    rows.map(({ datname }) => asAdmin(templateUrl, (admin) => admin.query(`drop database if exists "${datname}" with (force)`)).catch(() => undefined)),
  );
}
