import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, RangeNotSatisfiable, type ByteRange, type Storage, type StoredFile } from './storage.js';

/** Files under a local directory, served by the app at /uploads/<key>. */
export class DiskStorage implements Storage {
  readonly localRoot: string;

  constructor(root: string) {
    this.localRoot = path.resolve(root);
  }

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.localRoot, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file and a failure leaves none.
    const part = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(part, { flags: 'wx' }));
      await rename(part, target);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (!range) return { stream: createReadStream(file), size: info.size };
    const part = resolveRange(range, info.size);
    return { stream: createReadStream(file, part), size: info.size, range: part };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  publicUrl(key: string): string {
    return `/uploads/${key}`;
  }
}

/** The bytes of a file of `size` a range covers; throws RangeNotSatisfiable when there are none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiable(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
