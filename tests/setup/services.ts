import { preflight } from '../../server/src/app/preflight.js';

export interface ServiceUrls {
  databaseUrl: string;
  redisUrl: string;
  stop?: () => Promise<void>;
}

const LOCAL = { databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl: 'redis://127.0.0.1:6379' };

/**
 * Finds PostgreSQL and Redis for the test run: the URLs in TEST_DATABASE_URL / TEST_REDIS_URL when
 * given; otherwise testcontainers where a Docker engine answers; otherwise the local services.
 * Stops the run with a clear message when none answers.
 */
export async function findServices(): Promise<ServiceUrls> {
  const env = process.env;
  if (env.TEST_DATABASE_URL || env.TEST_REDIS_URL) {
    const urls = { databaseUrl: env.TEST_DATABASE_URL ?? LOCAL.databaseUrl, redisUrl: env.TEST_REDIS_URL ?? LOCAL.redisUrl };
    await check(urls, 'TEST_DATABASE_URL / TEST_REDIS_URL');
    return urls;
  }
  const fromDocker = await tryContainers();
  if (fromDocker) return fromDocker;
  await check(LOCAL, 'the local services (127.0.0.1:5432, 127.0.0.1:6379)');
  return LOCAL;
}

async function check(urls: ServiceUrls, what: string) {
  try {
    await preflight({ DATABASE_URL: urls.databaseUrl, REDIS_URL: urls.redisUrl });
  } catch (err) {
    throw new Error(
      `Tests need PostgreSQL and Redis. Tried ${what}, and no Docker engine was found for testcontainers.\n${(err as Error).message}\n` +
        'Set TEST_DATABASE_URL and TEST_REDIS_URL, start the local services, or start Docker.',
    );
  }
}

async function tryContainers(): Promise<ServiceUrls | null> {
  if (process.env.TESTCONTAINERS === 'off') return null;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch {
    return null; // no container runtime: fall back to local services
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [pg, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:15').withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer('redis:7').start(),
  ]);
  return {
    databaseUrl: pg.getConnectionUri().replace(/\/[^/]*$/, '/postgres'),
    redisUrl: redis.getConnectionUrl(),
    stop: async () => {
      await Promise.all([pg.stop(), redis.stop()]);
    },
  };
}
