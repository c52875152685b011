import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs tests/fixtures/escaped-errors.ts with the server's process handlers; its exit code and JSON log. */
function runFixture() {
  return new Promise<{ code: number | null; lines: Array<Record<string, unknown>> }>((resolve) => {
    const child = spawn(process.execPath, ['--import', '@oxc-node/core/register', 'tests/fixtures/escaped-errors.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      const lines = out.split('\n').flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return l.trim() ? [{ raw: l }] : [];
        }
      });
      resolve({ code, lines });
    });
  });
}

describe('errors that escape every handler', () => {
  it('an unhandled rejection is logged with its request id and survived; an uncaught exception is logged with its request id and exits 1', async () => {
    const { code, lines } = await runFixture();
    const rejection = lines.find((l) => /unhandled promise rejection/.test(String(l.msg)));
    expect(rejection, JSON.stringify(lines)).toMatchObject({ level: 50, requestId: 'req-rejected', err: { message: 'a lost promise' } });
    // The process went on after the rejection...
    const alive = lines.findIndex((l) => l.msg === 'still alive after the rejection');
    expect(alive).toBeGreaterThan(lines.indexOf(rejection!));
    // ...and stopped on the exception, saying so, for its supervisor to start a new one.
    const fatal = lines.find((l) => /uncaught exception/.test(String(l.msg)));
    expect(fatal).toMatchObject({ level: 60, requestId: 'req-crashed', err: { message: 'an escaped exception' } });
    expect(code).toBe(1);
    expect(lines.filter((l) => 'raw' in l)).toEqual([]);
  });
});
