import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, SETTING_NAMES } from '../../server/src/config/env.js';

/**
 * docker-compose.yml read as compose reads it: the YAML (anchors and merge keys resolved by the
 * parser), and, where docker-compose is installed (.ci/run installs Debian's), the configuration
 * compose itself renders from an environment, fed to the app's own settings parser.
 */

interface Service {
  image?: string;
  restart?: string;
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const file = path.join(root, 'docker-compose.yml');
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const APP_SERVICES = ['migrate', 'api', 'worker'];
/** Services published on every interface: the marketplace's own door, the reverse proxy in front of the api. */
const PUBLIC = ['proxy'];
const appEnv = services.api.environment!;
const healthcheck = (name: string) => [services[name].healthcheck!.test].flat().join(' ');

/**
 * Settings compose sets itself rather than take from .env, each with why; every other setting of
 * server/src/config/env.ts must be passable from .env (a new setting fails here until it is).
 */
const FIXED_BY_COMPOSE: Record<string, string> = {
  NODE_ENV: 'the stack is production-like',
  PORT: "the container port the proxy reaches; API_PORT picks the proxy's published one",
  HOST: 'the container listens on every interface of its own network',
  WORKER_HEALTH_PORT: "the worker's health port inside its container",
  DATABASE_URL: 'the compose network address; the password comes from POSTGRES_PASSWORD',
  DATABASE_PASSWORD: 'POSTGRES_PASSWORD, the one PostgreSQL is started with',
  REDIS_URL: 'the compose network address',
  REDIS_PREFIX: 'one deployment per Redis here',
  GRAPHIQL: 'refused in production',
  UPLOAD_DIR: 'the uploads volume',
  SEARCH_ENGINE: 'the stack runs Meilisearch',
  MEILI_HOST: 'the compose network address',
  MEILI_API_KEY: 'made by the app from MEILI_MASTER_KEY',
  MEILI_SEARCH_KEY: 'made by the app from MEILI_MASTER_KEY',
  WEB_PUSH_ALLOW_LOOPBACK: 'a test-only setting, refused in production',
};

describe('docker-compose.yml', () => {
  it('checks PostgreSQL and Redis over TCP, as the app connects (a socket check passes during the first init)', () => {
    expect(healthcheck('postgres')).toMatch(/pg_isready\b.*\s-h\s+127\.0\.0\.1\b/);
    expect(healthcheck('postgres')).toMatch(/\s-p\s+5432\b/);
    expect(healthcheck('redis')).toMatch(/redis-cli\s.*-h 127\.0\.0\.1\b.*\bping$/);
    expect(healthcheck('meilisearch')).toMatch(/http:\/\/127\.0\.0\.1:7700\/health/);
    for (const name of APP_SERVICES) expect(services[name].depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' }, meilisearch: { condition: 'service_healthy' } });
  });

  it('publishes Mailpit (every verification code, no login), and anything else but the public door, on the loopback interface only', () => {
    expect(services.mailpit.ports?.length).toBeGreaterThan(0);
    for (const [name, s] of Object.entries(services)) {
      if (PUBLIC.includes(name)) continue;
      for (const port of s.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
    // The databases and the search engine are not published at all.
    for (const name of ['postgres', 'redis', 'meilisearch']) expect(services[name].ports, name).toBeUndefined();
  });

  it('puts a proxy in front of the api, so `--scale api=3` works: the api publishes no port, the proxy finds every api by name', () => {
    expect(services.api.ports).toBeUndefined();
    expect(services.proxy.ports).toEqual(['${API_PORT:-4000}:80']);
    expect(services.proxy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    const volumes = (services.proxy as Service & { volumes: string[] }).volumes;
    expect(volumes).toContain('./docker/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync(path.join(root, 'docker/Caddyfile'), 'utf8');
    // Every api container by Docker's DNS (looked up again as they come and go), on the port the api listens on.
    expect(caddyfile).toMatch(new RegExp(`dynamic a \\{\\s*name api\\s*port ${appEnv.PORT}\\s`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    // The proxy lets idle connections to the api go before the api does (its keep-alive timeout, 5 s by default).
    const keepalive = Number(caddyfile.match(/keepalive (\d+)s/)![1]);
    expect(keepalive).toBeLessThan(loadConfig({ OTP_SECRET: 'x'.repeat(40) }).HTTP_KEEP_ALIVE_TIMEOUT_SECONDS);
    // The api trusts the proxy's X-Forwarded-* headers by default (the client's address for the login limit).
    expect(appEnv.TRUST_PROXY).toBe('${TRUST_PROXY:-uniquelocal}');
  });

  it('retries a failed migration, and starts api and worker only after one succeeded', () => {
    expect(services.migrate.restart).toMatch(/^on-failure(:\d+)?$/);
    expect(services.migrate.command).toEqual(['node', 'server/dist/server/src/main.js', 'migrate']);
    for (const name of ['api', 'worker']) expect(services[name].depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
  });

  it('builds DATABASE_URL without the password, which goes separately for the app to encode', () => {
    for (const name of APP_SERVICES) {
      const env = services[name].environment!;
      expect(env.DATABASE_URL).not.toMatch(/PASSWORD/);
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/\$\{POSTGRES_USER:-\w+\}@postgres:5432\/\$\{POSTGRES_DB:-\w+\}$/);
      expect(env.DATABASE_PASSWORD).toBe(services.postgres.environment!.POSTGRES_PASSWORD);
    }
  });

  it('gives the Meilisearch master key no default, to Meilisearch and to the app alike', () => {
    expect(services.meilisearch.environment!.MEILI_MASTER_KEY).toBe('${MEILI_MASTER_KEY:-}');
    expect(services.meilisearch.environment!.MEILI_ENV).toBe('production');
    for (const name of APP_SERVICES) expect(services[name].environment!.MEILI_MASTER_KEY).toBe('${MEILI_MASTER_KEY:-}');
  });

  it('lets .env set every setting of the app but those compose fixes', () => {
    const fromEnv = (name: string) => new RegExp(`^\\$\\{${name}(:?-[^}]*)?\\}$`).test(appEnv[name] ?? '');
    const missing = SETTING_NAMES.filter((name) => !(name in FIXED_BY_COMPOSE) && !fromEnv(name));
    expect(missing, 'settings .env cannot reach (add them to x-app-env, or to FIXED_BY_COMPOSE with why)').toEqual([]);
    // The ones a deployment needs most (the per-address login limit behind a proxy, the model, the pool, storage).
    for (const name of ['TRUST_PROXY', 'QUERY_UNDERSTANDING', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL', 'DATABASE_POOL_MAX', 'SEARCH_RECONCILE_SECONDS', 'STORAGE_DRIVER', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL', 'S3_REGION']) {
      expect(fromEnv(name), name).toBe(true);
    }
    for (const name of Object.keys(FIXED_BY_COMPOSE)) expect(SETTING_NAMES, `${name} is no setting any more`).toContain(name);
    // api, worker and migrate share one environment (the worker adds its health port).
    expect({ ...services.worker.environment, WORKER_HEALTH_PORT: undefined }).toEqual({ ...appEnv, WORKER_HEALTH_PORT: undefined });
    expect(services.migrate.environment).toEqual(appEnv);
  });

  it('pins every image to a minor version (the Dockerfile\'s Node too)', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.image === 'bolbazaar:local') continue;
      expect(s.image, name).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
    }
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/^ARG NODE_IMAGE=node:\d+\.\d+(\.\d+)?-slim$/m);
  });
});

const run = promisify(execFile);
const hasCompose = await run('docker-compose', ['version']).then(
  () => true,
  () => false,
);

/** An empty env file: a developer's own .env next to the compose file must not change what is tested. */
const noEnvFile = path.join(mkdtempSync(path.join(tmpdir(), 'bb-compose-')), 'empty.env');
writeFileSync(noEnvFile, '');

/** The app services' environment as docker-compose renders it from `env` alone. */
async function rendered(env: Record<string, string>): Promise<Record<string, Record<string, string>>> {
  const { stdout } = await run('docker-compose', ['-f', file, '--env-file', noEnvFile, 'config'], { env: { PATH: process.env.PATH, ...env } });
  const config = parse(stdout) as { services: Record<string, Service> };
  return Object.fromEntries(APP_SERVICES.map((name) => [name, config.services[name].environment!]));
}

describe.skipIf(!hasCompose)('docker-compose.yml as docker-compose renders it, read by the app', () => {
  const secrets = { OTP_SECRET: 'o'.repeat(48), MEILI_MASTER_KEY: 'p5dR8nQ1/a+Zx0=Hk7Tw2mLc9e4Y6uJb' };

  it('a password from `openssl rand -base64` reaches PostgreSQL whole', async () => {
    const password = 'Xq/9+kLm2/Wz=';
    const env = await rendered({ ...secrets, POSTGRES_PASSWORD: password });
    for (const name of APP_SERVICES) {
      const config = loadConfig(env[name]);
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      expect([client.user, client.password, client.host, client.port, client.database]).toEqual(['bolbazaar', password, 'postgres', 5432, 'bolbazaar']);
    }
  });

  it('settings in .env reach the app; left out, the app\'s defaults hold', async () => {
    const env = await rendered({ ...secrets, TRUST_PROXY: 'uniquelocal', DATABASE_POOL_MAX: '25', SEARCH_RECONCILE_SECONDS: '600', STORAGE_DRIVER: 's3', S3_BUCKET: 'bb-media', S3_ENDPOINT: 'https://s3.example' });
    expect(loadConfig(env.api)).toMatchObject({ TRUST_PROXY: 'uniquelocal', DATABASE_POOL_MAX: 25, SEARCH_RECONCILE_SECONDS: 600, STORAGE_DRIVER: 's3', S3_BUCKET: 'bb-media', S3_ENDPOINT: 'https://s3.example' });
    const defaults = loadConfig((await rendered(secrets)).api);
    expect(defaults).toMatchObject({ TRUST_PROXY: 'uniquelocal', DATABASE_POOL_MAX: 10, QUERY_UNDERSTANDING: 'rules', SEARCH_ENGINE: 'meilisearch', MAIL_DRIVER: 'smtp', isProduction: true });
  });

  it('the app refuses to start without the secrets or with a placeholder master key', async () => {
    const without = await rendered({});
    expect(() => loadConfig(without.api)).toThrow(/OTP_SECRET: required in production/);
    const noKey = await rendered({ OTP_SECRET: secrets.OTP_SECRET });
    expect(() => loadConfig(noKey.worker)).toThrow(/MEILI_MASTER_KEY: required in production/);
    const placeholder = await rendered({ ...secrets, MEILI_MASTER_KEY: 'change-me-meili-master-key' });
    expect(() => loadConfig(placeholder.migrate)).toThrow(/MEILI_MASTER_KEY: a placeholder cannot be used in production/);
  });
});
