import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../config/env.js';

const HINT = 'Start them (with Docker: the docker run commands in README.md, "The two commands") or point the setting at a running server.';
const redact = (url: string) => url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');

export class PreflightError extends Error {}

/** Checks that PostgreSQL and Redis answer, with a message naming the setting when one does not. */
export async function preflight(config: Pick<Config, 'DATABASE_URL' | 'REDIS_URL'>): Promise<void> {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    problems.push(`PostgreSQL does not answer at DATABASE_URL=${redact(config.DATABASE_URL)} (${(err as Error).message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    problems.push(`Redis does not answer at REDIS_URL=${redact(config.REDIS_URL)} (${(err as Error).message})`);
  } finally {
    redis.disconnect();
  }
  if (problems.length) throw new PreflightError(`${problems.join('\n')}\n${HINT}`);
}

/** Creates the database named in DATABASE_URL when the server has none by that name (local runs). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}
