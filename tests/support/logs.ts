import { Writable } from 'node:stream';
import { pino } from 'pino';

/** A pino logger writing JSON lines to memory, so a test can read what the app logged. */
export function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}
