import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const optionalUrl = z.url().optional();

/**
 * Every setting of the process, parsed once. This module is the only reader of `process.env`;
 * everything else receives a `Config`. README.md lists each setting.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** When set, the worker role serves /healthz and /readyz on this port (it has no api to probe). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:4000'),
  ALLOWED_ORIGINS: list.default([]),
  TRUST_PROXY: z.string().default('loopback'),
  /** How long a client may take to send a request's headers (slow or stalled clients are answered 408 and dropped). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** How long a client may take to send a whole request, body included (the largest upload on a slow link). */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How long an idle keep-alive connection is kept open (above a proxy's own idle timeout towards the api). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** The bearer token GET /metrics asks for (api, and the worker's health port); without it there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** OpenTelemetry: the collector's base URL (OTLP/HTTP); tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** Headers sent with every export, `key=value` pairs separated by commas (a collector's token). */
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^[^=,\s]+=[^,]*(,[^=,\s]+=[^,]*)*$/, 'must be key=value pairs separated by commas')
    .transform((v) => Object.fromEntries(v.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), decodeURIComponent(pair.slice(pair.indexOf('=') + 1).trim())])))
    .default({}),
  /** The service name of the spans (default `bolbazaar-<role>`). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).default('postgres://postgres@127.0.0.1:5432/bolbazaar'),
  /**
   * The database password, when DATABASE_URL carries none: put into the URL here, percent-encoded, so
   * any characters work (a base64 password has '/', '+' and '=').
   */
  DATABASE_PASSWORD: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/).default('bb'),
  SEED_DEMO_DATA: bool.default(true),
  /** How long a job's lock lives without renewal: a killed worker's job runs again after about this long. */
  QUEUE_STALLED_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How often each worker sweeps the database for work whose job Redis may have lost: unpaid orders
   * past their payment window, codes awaiting delivery, unrecorded purchases.
   */
  SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often the workers compare the search index with the products and repair it (0: only at start). */
  SEARCH_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(604800).default(3600),

  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often each WebSocket is pinged; one that has not answered by its next ping is dropped. Below a proxy's idle timeout. */
  WS_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How many subscriptions one WebSocket may hold at once; one more is refused (RATE_LIMITED). */
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(50),
  /** How often every signed-in WebSocket's session is checked in Redis (a key gone unannounced: evicted, deleted by hand); 0: never. */
  WS_SESSION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** argon2id memory cost of new password hashes, KiB (OWASP's baseline; production refuses less, tests lower it). */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),

  GRAPHIQL: bool.optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(5000),
  /** URLs per sitemap file (the protocol's limit, 50,000, by default; a product has two: English and Hindi). */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(2).max(50_000).default(50_000),

  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  UPLOAD_DIR: z.string().default('.data/uploads'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,

  MAIL_DRIVER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Bol Bazaar <no-reply@bolbazaar.local>'),
  /** `off`: no WhatsApp sender; asking for a WhatsApp code answers 503 and the settings page says so. */
  WHATSAPP_DRIVER: z.enum(['outbox', 'twilio', 'off']).default('outbox'),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_WHATSAPP_FROM: z.string().default('+14155238886'),
  WHATSAPP_SANDBOX_JOIN_PHRASE: z.string().default('join bol-bazaar'),
  WHATSAPP_SANDBOX_NUMBER: z.string().default('+14155238886'),
  /** Keys the one-time-code hashes and seals codes waiting for delivery; required in production. */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).default(600),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_DAILY_CAP_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  OTP_DAILY_CAP_PER_CLIENT: z.coerce.number().int().min(1).default(50),

  QUESTION_GENERATOR: z.enum(['rules', 'openai']).default('rules'),
  /** How the search assistant reads a buyer's words: the rules, or an OpenAI-compatible model with the rules as fallback. */
  QUERY_UNDERSTANDING: z.enum(['rules', 'openai']).default('rules'),
  QUERY_UNDERSTANDING_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  QUESTION_JOB_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  /** Speech-to-text (voice notes' transcripts, the assistant's mic without a browser recogniser): off, or an OpenAI-compatible API. */
  SPEECH_TO_TEXT: z.enum(['off', 'openai']).default('off'),
  SPEECH_BASE_URL: z.url().default('https://api.openai.com/v1'),
  /** That API's key (OPENAI_API_KEY when not set; a self-hosted Whisper server may need none). */
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().default('whisper-1'),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Translation on tap (Hindi <-> English): off, or an OpenAI-compatible chat-completions model. */
  TRANSLATION: z.enum(['off', 'openai']).default('off'),
  TRANSLATION_BASE_URL: z.url().default('https://api.openai.com/v1'),
  TRANSLATION_API_KEY: z.string().optional(),
  TRANSLATION_MODEL: z.string().default('gpt-4o-mini'),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),

  /** An unpaid order is cancelled (its stock returned) this many hours after it was placed. */
  ORDER_PAYMENT_WINDOW_HOURS: z.coerce.number().positive().max(24 * 365).default(48),

  /** Chat messages one user may send per minute (every kind; a clear 429 beyond it). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(60),
  NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),

  /** Web Push (docs/product.md#notifications): the VAPID key pair (`npx web-push generate-vapid-keys`); push is off without it. */
  WEB_PUSH_VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a VAPID public key (base64url)').optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a VAPID private key (base64url)').optional(),
  /** Who the push services may contact about our messages: a mailto: or https: URL. */
  WEB_PUSH_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL').default('mailto:alerts@bolbazaar.in'),
  /** The browsers' push services a subscription may name (a leading `*.` for any sub-domain). */
  WEB_PUSH_ALLOWED_HOSTS: list.default(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com']),
  /** Tests only: a subscription may name an http(s) endpoint on 127.0.0.1 (refused in production). */
  WEB_PUSH_ALLOW_LOOPBACK: bool.default(false),
  /** Messages and quotes wait this long for more of a burst (one notification) and for a read in the app. */
  NOTIFY_BUNDLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Non-urgent notifications one user gets at most in an hour (more are held, bundled, until the hour allows). */
  NOTIFY_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(6),
  /** A notice still unread after this long goes in an email digest (one email per user per window). */
  NOTIFY_DIGEST_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** How often each worker sends the notifications whose time came. */
  NOTIFY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),

  /** A buy requirement reaches at most this many sellers (not counting those who declined). */
  RFQ_MATCH_CAP: z.coerce.number().int().min(1).max(100).default(10),
  /** At most this many open requirements per buyer. */
  RFQ_OPEN_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  /** At most this many requirements per buyer in 24 hours. */
  RFQ_DAILY_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),

  SEARCH_ENGINE: z.enum(['postgres', 'meilisearch']).optional(),
  MEILI_HOST: optionalUrl,
  /** Meilisearch's master key: used only to create and read the index's own search and admin keys. */
  MEILI_MASTER_KEY: z.string().optional(),
  /** A key with the admin actions on MEILI_INDEX (writes, settings, tasks, stats); searches too unless MEILI_SEARCH_KEY is given. */
  MEILI_API_KEY: z.string().optional(),
  /** A key that may only search MEILI_INDEX, used for searches. */
  MEILI_SEARCH_KEY: z.string().optional(),
  MEILI_INDEX: z.string().regex(/^[a-zA-Z0-9_-]{1,400}$/, 'letters, digits, - and _ only').default('products'),
});

/** The name of every setting (the environment variables this module reads). */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

/** Values the examples and compose files ship with, which production refuses as secrets. */
const PLACEHOLDER = /change[-_ ]?me|sample|^master[-_ ]?key$/i;

export type Config = Omit<z.infer<typeof schema>, 'GRAPHIQL' | 'SEARCH_ENGINE' | 'OTP_SECRET' | 'DATABASE_PASSWORD'> & {
  GRAPHIQL: boolean;
  SEARCH_ENGINE: 'postgres' | 'meilisearch';
  OTP_SECRET: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Parses settings (process.env by default). A bad value throws a ConfigError naming the setting. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (c.MAIL_DRIVER === 'smtp' && !c.SMTP_URL) throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when MAIL_DRIVER=smtp');
  if (c.WHATSAPP_DRIVER === 'twilio' && !(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError('Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: required when WHATSAPP_DRIVER=twilio');
  }
  if (!c.WEB_PUSH_VAPID_PUBLIC_KEY !== !c.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY: give both keys of the pair, or neither (push off)');
  }
  if (c.QUESTION_GENERATOR === 'openai' && !c.OPENAI_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_API_KEY: required when QUESTION_GENERATOR=openai');
  }
  if (c.QUERY_UNDERSTANDING === 'openai' && !c.OPENAI_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_API_KEY: required when QUERY_UNDERSTANDING=openai');
  }
  if (c.HTTP_HEADERS_TIMEOUT_SECONDS > c.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: may not be longer than HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  if (isProduction && c.GRAPHIQL) {
    throw new ConfigError('Invalid configuration:\n  GRAPHIQL: the playground is off in production, as is introspection; unset GRAPHIQL');
  }
  if (isProduction && c.PASSWORD_HASH_MEMORY_KIB < 19456) {
    throw new ConfigError('Invalid configuration:\n  PASSWORD_HASH_MEMORY_KIB: at least 19456 (19 MiB, OWASP\'s argon2id baseline) in production');
  }
  if (isProduction && !c.OTP_SECRET) throw new ConfigError('Invalid configuration:\n  OTP_SECRET: required in production (at least 32 random characters)');
  // The development outbox is readable only outside production (GET /dev/outbox): in production nobody could read a code.
  const outboxInProduction = [
    isProduction && c.MAIL_DRIVER === 'outbox' && '  MAIL_DRIVER: the development outbox cannot be used in production (nobody could read the codes); set MAIL_DRIVER=smtp and SMTP_URL',
    isProduction && c.WEB_PUSH_ALLOW_LOOPBACK && '  WEB_PUSH_ALLOW_LOOPBACK: a test-only setting, refused in production',
    isProduction && c.WHATSAPP_DRIVER === 'outbox' &&
      '  WHATSAPP_DRIVER: the development outbox cannot be used in production (nobody could read the codes); set WHATSAPP_DRIVER=twilio (with TWILIO_*) or WHATSAPP_DRIVER=off',
  ].filter((line): line is string => !!line);
  if (outboxInProduction.length) throw new ConfigError(`Invalid configuration:\n${outboxInProduction.join('\n')}`);
  const searchEngine = c.SEARCH_ENGINE ?? (c.MEILI_HOST ? 'meilisearch' : 'postgres');
  if (searchEngine === 'meilisearch' && !c.MEILI_HOST) throw new ConfigError('Invalid configuration:\n  MEILI_HOST: required when SEARCH_ENGINE=meilisearch');
  if (isProduction && searchEngine === 'meilisearch') meiliKeysForProduction(c);
  const { DATABASE_PASSWORD: password, ...settings } = c;
  return {
    ...settings,
    DATABASE_URL: password === undefined ? c.DATABASE_URL : withPassword(c.DATABASE_URL, password),
    GRAPHIQL: !isProduction && (c.GRAPHIQL ?? true),
    SEARCH_ENGINE: searchEngine,
    // Outside production a fixed key is fine: codes there are read from the development outbox anyway.
    OTP_SECRET: c.OTP_SECRET ?? 'development-only-otp-secret-not-for-production',
    isProduction,
  };
}

/**
 * Meilisearch in production: some key (Meilisearch's production mode refuses to run without a master
 * key), and none of them a placeholder or, for the master key, shorter than the 16 bytes Meilisearch asks.
 */
function meiliKeysForProduction(c: Pick<z.infer<typeof schema>, 'MEILI_MASTER_KEY' | 'MEILI_API_KEY' | 'MEILI_SEARCH_KEY'>): void {
  const problems: string[] = [];
  if (!c.MEILI_MASTER_KEY && !c.MEILI_API_KEY) {
    problems.push('  MEILI_MASTER_KEY: required in production with Meilisearch (or MEILI_API_KEY and MEILI_SEARCH_KEY, keys made for the index)');
  }
  if (c.MEILI_MASTER_KEY !== undefined && Buffer.byteLength(c.MEILI_MASTER_KEY) < 16) problems.push('  MEILI_MASTER_KEY: must be at least 16 bytes (openssl rand -base64 32)');
  for (const name of ['MEILI_MASTER_KEY', 'MEILI_API_KEY', 'MEILI_SEARCH_KEY'] as const) {
    if (c[name] !== undefined && PLACEHOLDER.test(c[name])) problems.push(`  ${name}: a placeholder cannot be used in production; set a random key (openssl rand -base64 32)`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** DATABASE_URL with its password set to `password`, percent-encoded (the user and the rest stay as given). */
function withPassword(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  return url.toString();
}
