import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestApp } from './app.js';
import { serverMain } from './server-build.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real command `main.ts operator <args>` (what `node server/dist/server/src/main.js operator add
 * <email>` and `npm run operator` run) against the test app's database; resolves with its exit code and output.
 */
export function runOperatorCommand(app: Pick<TestApp, 'databaseUrl'> & { config: Pick<TestApp['config'], 'REDIS_PREFIX'> }, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [serverMain(), 'operator', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: app.databaseUrl,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: app.config.REDIS_PREFIX,
      OTP_SECRET: 'l'.repeat(40),
      MAIL_DRIVER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      WHATSAPP_DRIVER: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out: out.trim() })));
}
