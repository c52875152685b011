import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badInput } from '../common/app-error.js';
import { SNIFF_BYTES, sniffType } from '../common/file-types.js';

/** Which files of a field are accepted, by their sniffed type, and up to what size. */
export interface FileRule {
  types: readonly string[];
  maxBytes: number;
  /** The message when a file of these types is larger than `maxBytes` (given its full size). */
  tooLarge: (size: number) => string;
}

export interface FileFieldSpec {
  maxCount: number;
  /** The message when more than `maxCount` files come in this field. */
  tooMany: string;
  rules: readonly FileRule[];
}

/** What one multipart upload may carry; anything else is refused. */
export interface UploadSpec {
  files: Record<string, FileFieldSpec>;
  /** Text fields and their maximum sizes in bytes. */
  fields: Record<string, number>;
}

/** A received file, on local disk until the upload is disposed. */
export interface UploadedFile {
  field: string;
  /** As the browser named it (display only; never used for storage or type). */
  filename: string;
  path: string;
  size: number;
  /** Sniffed from the file's bytes. */
  type: string;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes every temporary file of the upload. */
  dispose(): Promise<void>;
}

/**
 * Reads the body of a request as an upload of the given spec. Services call it only after their
 * cheap checks (logged in, owner), so nothing is read for a request that will be refused anyway.
 */
export type UploadSource = (spec: UploadSpec) => Promise<Upload>;

const MB = 1024 * 1024;

/** "File size (X MB) exceeds maximum allowed size (Y MB)" of SPEC.md section 5. */
export const fileSizeMessage = (maxBytes: number) => (size: number) =>
  `File size (${(size / MB).toFixed(2)} MB) exceeds maximum allowed size (${Math.round(maxBytes / MB)} MB)`;

export const typeNotAllowed = (type: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', `File type "${type}" is not allowed`);

/** The most a request of this spec can legitimately carry (files, fields, multipart overhead). */
function requestCap(spec: UploadSpec): number {
  const files = Object.values(spec.files).reduce((sum, f) => sum + f.maxCount * Math.max(...f.rules.map((r) => r.maxBytes)), 0);
  const fields = Object.values(spec.fields).reduce((sum, n) => sum + n, 0);
  return files + fields + MB;
}

function write(out: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

function closeStream(out: WriteStream): Promise<void> {
  return new Promise((resolve) => out.end(() => resolve()));
}

/**
 * Streams a multipart request to temporary files: each file is sniffed from its first bytes,
 * checked against its field's rules, and counted while it streams; the first problem stops the
 * writing, every partial file is removed, and the promise rejects with a clear AppError. Nothing
 * is held whole in memory. On success the caller owns the files and must `dispose()` them.
 */
export function receiveMultipart(req: Request, spec: UploadSpec, tmpDir: string): Promise<Upload> {
  const cap = requestCap(spec);
  const fieldLimit = Math.max(1, ...Object.values(spec.fields));
  const maxFiles = Object.values(spec.files).reduce((n, f) => n + f.maxCount, 0);

  return new Promise<Upload>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          fieldSize: fieldLimit,
          fields: Object.keys(spec.fields).length + 10,
          // One more than allowed, so an extra file is seen and refused with the field's message.
          files: maxFiles + 1,
          parts: maxFiles + Object.keys(spec.fields).length + 20,
        },
      });
    } catch {
      reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload'));
      return;
    }

    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const tempPaths: string[] = [];
    const work: Promise<void>[] = [];
    const counts: Record<string, number> = {};
    let failure: AppError | null = null;
    let settled = false;
    let received = 0;

    const dispose = async () => {
      await Promise.all(tempPaths.map((p) => rm(p, { force: true })));
    };
    const fail = (err: AppError) => {
      failure ??= err;
    };
    const finish = async () => {
      if (settled) return;
      settled = true;
      await Promise.allSettled(work);
      if (failure) {
        await dispose();
        reject(failure);
      } else resolve({ fields, files, dispose });
    };
    /** Stops reading the request at once (it is too large or gone); busboy ends the file streams. */
    const abort = (err: AppError) => {
      fail(err);
      req.unpipe(bb);
      bb.destroy(err);
      void finish();
    };

    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > cap) {
        req.off('data', onData);
        abort(new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large'));
      }
    };
    req.on('data', onData);
    req.on('close', () => {
      if (!req.complete) abort(badInput('The upload was interrupted'));
    });

    bb.on('field', (name, value, info) => {
      if (!(name in spec.fields)) return fail(badInput(`Unexpected field "${name}"`));
      if (info.valueTruncated || Buffer.byteLength(value) > spec.fields[name]) {
        return fail(new AppError('PAYLOAD_TOO_LARGE', `The ${name} field is too large`));
      }
      fields[name] = value;
    });

    bb.on('file', (field, stream, info) => {
      const fieldSpec = spec.files[field];
      if (failure || !fieldSpec) {
        if (!fieldSpec) fail(badInput(`Unexpected file field "${field}"`));
        stream.resume();
        return;
      }
      counts[field] = (counts[field] ?? 0) + 1;
      if (counts[field] > fieldSpec.maxCount) {
        fail(badInput(fieldSpec.tooMany));
        stream.resume();
        return;
      }
      const file: UploadedFile = {
        field,
        filename: (info.filename ?? 'file').slice(0, 200),
        path: path.join(tmpDir, `${randomUUID()}.upload`),
        size: 0,
        type: '',
      };
      files.push(file); // in arrival order (the gallery's order); any failure fails the whole upload
      work.push(receiveFile(stream, file, fieldSpec));
    });

    const receiveFile = async (stream: Readable, file: UploadedFile, fieldSpec: FileFieldSpec) => {
      const head: Buffer[] = [];
      const st: { sniffed: boolean; rule: FileRule | null; out: WriteStream | null; oversize: boolean } = {
        sniffed: false,
        rule: null,
        out: null,
        oversize: false,
      };
      const startWriting = async () => {
        st.sniffed = true;
        const first = Buffer.concat(head);
        file.type = sniffType(first.subarray(0, SNIFF_BYTES));
        st.rule = fieldSpec.rules.find((r) => r.types.includes(file.type)) ?? null;
        if (!st.rule) {
          fail(first.length === 0 ? badInput(`The file "${file.filename}" is empty`) : typeNotAllowed(file.type));
        } else if (first.length > st.rule.maxBytes) {
          st.oversize = true;
        } else {
          await mkdir(tmpDir, { recursive: true });
          tempPaths.push(file.path);
          st.out = createWriteStream(file.path, { flags: 'wx' });
          st.out.on('error', () => {}); // reported through the write callbacks
          await write(st.out, first);
        }
      };
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          file.size += chunk.length;
          if (failure) continue; // keep reading (busboy needs the stream drained), write nothing
          if (!st.sniffed) {
            head.push(chunk);
            if (file.size >= SNIFF_BYTES) await startWriting();
          } else if (st.out && st.rule && !st.oversize) {
            if (file.size > st.rule.maxBytes) {
              st.oversize = true;
              await closeStream(st.out);
              st.out = null;
              await rm(file.path, { force: true });
            } else {
              await write(st.out, chunk);
            }
          }
        }
        if (!failure && !st.sniffed) await startWriting();
        if (st.out) await closeStream(st.out);
        if (st.oversize && st.rule) fail(new AppError('PAYLOAD_TOO_LARGE', st.rule.tooLarge(file.size)));
      } catch (err) {
        if (st.out) await closeStream(st.out);
        fail(err instanceof AppError ? err : badInput('The upload could not be read'));
      }
    };

    bb.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many parts')));
    bb.on('fieldsLimit', () => fail(badInput('The upload has too many fields')));
    bb.on('error', () => {
      fail(badInput('The upload could not be read (malformed multipart body)'));
      void finish();
    });
    bb.on('close', () => void finish());
    req.pipe(bb);
  });
}

/** The upload source of an express request: files go to `tmpDir`. */
export const multipartSource =
  (req: Request, tmpDir: string): UploadSource =>
  (spec) =>
    receiveMultipart(req, spec, tmpDir);
