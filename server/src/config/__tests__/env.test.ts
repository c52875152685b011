import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../env.js';

/** The ConfigError thrown for a source, failing the test when there is none. */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(source)}`);
}

/** Senders production accepts (the development outbox is refused there). */
const PRODUCTION_SENDERS = { MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://mail.example:587', WHATSAPP_DRIVER: 'off' };

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:4000',
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: 'loopback',
      COOKIE_SECURE: 'auto',
      SESSION_TTL_DAYS: 30,
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 5,
      LOGIN_MAX_ATTEMPTS_PER_IP: 30,
      GRAPHQL_MAX_DEPTH: 10,
      GRAPHQL_MAX_ALIASES: 15,
      GRAPHQL_MAX_COST: 5000,
      MAIL_DRIVER: 'outbox',
      GRAPHIQL: true,
      SEARCH_ENGINE: 'postgres',
      isProduction: false,
    });
  });

  it('coerces numbers and booleans and splits lists', () => {
    const c = loadConfig({ PORT: '8080', GRAPHIQL: 'no', SEED_DEMO_DATA: '0', ALLOWED_ORIGINS: ' https://a.example, https://b.example ,' });
    expect(c.PORT).toBe(8080);
    expect(c.GRAPHIQL).toBe(false);
    expect(c.SEED_DEMO_DATA).toBe(false);
    expect(c.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('accepts the URL schemes of its services', () => {
    const c = loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/x', REDIS_URL: 'rediss://cache.example:6380' });
    expect(c.DATABASE_URL).toBe('postgresql://u:p@db:5432/x');
    expect(c.REDIS_URL).toBe('rediss://cache.example:6380');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(4000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'localhost:5432/bolbazaar'],
    ['DATABASE_URL', 'http://127.0.0.1:5432/bolbazaar'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_PREFIX', 'has:colon'],
    ['NODE_ENV', 'staging'],
    ['COOKIE_SECURE', 'sometimes'],
    ['GRAPHIQL', 'maybe'],
    ['GRAPHQL_MAX_DEPTH', '0'],
    ['LOGIN_MAX_ATTEMPTS_PER_ACCOUNT', 'many'],
    ['SESSION_TTL_DAYS', '1000'],
  ])('a bad %s (%j) is a ConfigError naming the setting', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('names every bad setting at once', () => {
    const err = configError({ PORT: 'abc', DATABASE_URL: 'nope' });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('DATABASE_URL');
  });

  it('MAIL_DRIVER=smtp needs SMTP_URL', () => {
    expect(configError({ MAIL_DRIVER: 'smtp' }).message).toMatch(/SMTP_URL: required when MAIL_DRIVER=smtp/);
    expect(loadConfig({ MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://mail.example:587' }).MAIL_DRIVER).toBe('smtp');
  });

  it('drivers that need credentials name what is missing', () => {
    expect(configError({ STORAGE_DRIVER: 's3' }).message).toMatch(/S3_BUCKET/);
    expect(configError({ WHATSAPP_DRIVER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' }).message).toMatch(/TWILIO_AUTH_TOKEN/);
    expect(configError({ QUESTION_GENERATOR: 'openai' }).message).toMatch(/OPENAI_API_KEY/);
    expect(configError({ QUERY_UNDERSTANDING: 'openai' }).message).toMatch(/OPENAI_API_KEY.*QUERY_UNDERSTANDING/);
    expect(configError({ SEARCH_ENGINE: 'meilisearch' }).message).toMatch(/MEILI_HOST/);
  });

  it('picks Meilisearch when MEILI_HOST is set', () => {
    expect(loadConfig({ MEILI_HOST: 'http://127.0.0.1:7700' }).SEARCH_ENGINE).toBe('meilisearch');
    expect(loadConfig({ MEILI_HOST: 'http://127.0.0.1:7700', SEARCH_ENGINE: 'postgres' }).SEARCH_ENGINE).toBe('postgres');
  });

  it('production turns GraphiQL off (and refuses GRAPHIQL=true), and requires its secrets', () => {
    const secret = 'x'.repeat(32);
    const c = loadConfig({ NODE_ENV: 'production', OTP_SECRET: secret, ...PRODUCTION_SENDERS });
    expect(c.isProduction).toBe(true);
    expect(c.GRAPHIQL).toBe(false);
    expect(configError({ NODE_ENV: 'production', OTP_SECRET: secret, GRAPHIQL: 'true', ...PRODUCTION_SENDERS }).message).toMatch(/GRAPHIQL: the playground is off in production/);
    expect(configError({ NODE_ENV: 'production', ...PRODUCTION_SENDERS }).message).toMatch(/OTP_SECRET/);
  });

  it('keeps password hashes at argon2id\'s baseline cost in production; elsewhere a lower cost may be set (the tests)', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).PASSWORD_HASH_MEMORY_KIB).toBe(19456);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '1024' }).PASSWORD_HASH_MEMORY_KIB).toBe(1024);
    expect(configError({ NODE_ENV: 'production', OTP_SECRET: secret, PASSWORD_HASH_MEMORY_KIB: '1024', ...PRODUCTION_SENDERS }).message).toMatch(/PASSWORD_HASH_MEMORY_KIB: at least 19456/);
    expect(configError({ PASSWORD_HASH_MEMORY_KIB: '512' }).message).toMatch(/PASSWORD_HASH_MEMORY_KIB/);
  });

  describe('code senders in production (the development outbox is unreadable there)', () => {
    const production = { NODE_ENV: 'production', OTP_SECRET: 'x'.repeat(32) };

    it('refuses the default outbox drivers, naming both variables at once', () => {
      const message = configError(production).message;
      expect(message).toMatch(/^\s+MAIL_DRIVER: the development outbox cannot be used in production/m);
      expect(message).toMatch(/^\s+WHATSAPP_DRIVER: the development outbox cannot be used in production/m);
    });

    it('refuses each outbox driver on its own', () => {
      const mail = configError({ ...production, MAIL_DRIVER: 'outbox', WHATSAPP_DRIVER: 'off' }).message;
      expect(mail).toMatch(/MAIL_DRIVER: .*set MAIL_DRIVER=smtp and SMTP_URL/);
      expect(mail).not.toMatch(/WHATSAPP_DRIVER/);
      const whatsapp = configError({ ...production, MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://mail:25', WHATSAPP_DRIVER: 'outbox' }).message;
      expect(whatsapp).toMatch(/WHATSAPP_DRIVER: .*WHATSAPP_DRIVER=twilio .*WHATSAPP_DRIVER=off/);
      expect(whatsapp).not.toMatch(/MAIL_DRIVER/);
    });

    it('accepts SMTP with WhatsApp off or through Twilio', () => {
      expect(loadConfig({ ...production, ...PRODUCTION_SENDERS }).WHATSAPP_DRIVER).toBe('off');
      const twilio = { ...production, ...PRODUCTION_SENDERS, WHATSAPP_DRIVER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
      expect(loadConfig(twilio).WHATSAPP_DRIVER).toBe('twilio');
    });

    it('keeps the outbox as the default outside production, and knows WHATSAPP_DRIVER=off there too', () => {
      expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ MAIL_DRIVER: 'outbox', WHATSAPP_DRIVER: 'outbox' });
      expect(loadConfig({ WHATSAPP_DRIVER: 'off' }).WHATSAPP_DRIVER).toBe('off');
      expect(configError({ WHATSAPP_DRIVER: 'sms' }).message).toMatch(/^\s+WHATSAPP_DRIVER: /m);
    });
  });

  describe('DATABASE_PASSWORD (a password with any characters, kept out of the URL by docker-compose)', () => {
    // What `openssl rand -base64` gives two times in three, and the URL delimiters besides.
    const password = 'k3/Qx+9z=w@p:s%2F#?';
    const c = loadConfig({ DATABASE_URL: 'postgres://bolbazaar@postgres:5432/bolbazaar', DATABASE_PASSWORD: password });

    it('is percent-encoded into DATABASE_URL, which node-postgres and the ORM read back as given', () => {
      // node-postgres (the pool, the LISTEN connection, the preflight) reads it so (never connecting here).
      const client = new pg.Client({ connectionString: c.DATABASE_URL });
      expect([client.user, client.password, client.host, client.port, client.database]).toEqual(['bolbazaar', password, 'postgres', 5432, 'bolbazaar']);
      // MikroORM reads host, user, password and database with URL and decodeURIComponent.
      const url = new URL(c.DATABASE_URL);
      expect([decodeURIComponent(url.username), decodeURIComponent(url.password), url.hostname, url.pathname]).toEqual(['bolbazaar', password, 'postgres', '/bolbazaar']);
    });

    it('is not kept among the settings (only inside the URL)', () => {
      expect(Object.keys(c)).not.toContain('DATABASE_PASSWORD');
    });

    it('a raw password inside DATABASE_URL is what breaks: the same password unencoded is refused', () => {
      expect(configError({ DATABASE_URL: `postgres://bolbazaar:${password}@postgres:5432/bolbazaar` }).message).toMatch(/^\s+DATABASE_URL: /m);
    });
  });

  describe('Meilisearch keys in production', () => {
    const production = { NODE_ENV: 'production', OTP_SECRET: 'x'.repeat(32), ...PRODUCTION_SENDERS, MEILI_HOST: 'http://meilisearch:7700' };

    it('needs a key, refuses a placeholder or short master key (as OTP_SECRET), and accepts a random one', () => {
      expect(configError(production).message).toMatch(/^\s+MEILI_MASTER_KEY: required in production/m);
      expect(configError({ ...production, MEILI_MASTER_KEY: 'change-me-meili-master-key' }).message).toMatch(/^\s+MEILI_MASTER_KEY: a placeholder cannot be used in production/m);
      expect(configError({ ...production, MEILI_MASTER_KEY: 'short-key' }).message).toMatch(/^\s+MEILI_MASTER_KEY: must be at least 16 bytes/m);
      expect(configError({ ...production, MEILI_API_KEY: 'CHANGE_ME_admin_key_0123456789' }).message).toMatch(/^\s+MEILI_API_KEY: a placeholder/m);
      expect(loadConfig({ ...production, MEILI_MASTER_KEY: 'Qm9sIEJhemFhciBtYXN0ZXIga2V5IDIwMjY=' }).MEILI_MASTER_KEY).toBe('Qm9sIEJhemFhciBtYXN0ZXIga2V5IDIwMjY=');
      expect(loadConfig({ ...production, MEILI_API_KEY: 'a'.repeat(64), MEILI_SEARCH_KEY: 'b'.repeat(64) }).MEILI_SEARCH_KEY).toBe('b'.repeat(64));
    });

    it('outside production, or on PostgreSQL, no key is needed', () => {
      expect(loadConfig({ MEILI_HOST: 'http://127.0.0.1:7700' }).MEILI_MASTER_KEY).toBeUndefined();
      expect(loadConfig({ ...production, SEARCH_ENGINE: 'postgres' }).SEARCH_ENGINE).toBe('postgres');
    });
  });
});
