import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badInput } from '../common/app-error.js';
import { claimedDocumentType, CSV, DOCX, PDF, SNIFF_BYTES, sniffType, XLSX, ZIP } from '../common/file-types.js';
import { officeTypeOf } from '../common/office-documents.js';
import { isOverLimit, type FileFieldSpec, type FileRule, type UploadedFile, type UploadSpec } from '../common/uploads.js';
import type { Config } from '../config/env.js';
import { httpMessages } from './http.messages.js';
import { lingeringClose } from './lingering-close.js';

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes every temporary file of the upload. */
  dispose(): Promise<void>;
}

const MB = 1024 * 1024;

export const typeNotAllowed = (type: string, spec?: UploadSpec) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', spec?.unsupportedType ?? httpMessages.fileTypeNotAllowed({ type }));

const KIND_OF_DOCUMENT: Record<string, string> = { [PDF]: 'PDF', [XLSX]: 'XLSX', [DOCX]: 'DOCX', [CSV]: 'CSV' };

/** A file whose name says it is a document (terms.pdf) but whose bytes are something else. */
const notWhatItsNameSays = (name: string, claimed: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.fileIsNotWhatItsNameSays({ name, kind: KIND_OF_DOCUMENT[claimed] }));

/**
 * The type of a file from its first bytes and its name: text sent as '.csv' is CSV (a CSV is text:
 * its name is all that tells it from other text). A ZIP stays a ZIP until the whole file is there
 * (`officeTypeOf` then tells an XLSX or a DOCX by its contents).
 */
function typeFromHead(head: Buffer, claimed: string | null): string {
  const sniffed = sniffType(head.subarray(0, SNIFF_BYTES));
  return sniffed === 'text/plain' && claimed === CSV ? CSV : sniffed;
}

/** Whether bytes of `type` may be what a name claiming `claimed` says (a ZIP may yet be an XLSX or a DOCX). */
const mayBe = (type: string, claimed: string | null) => !claimed || claimed === type || (type === ZIP && (claimed === XLSX || claimed === DOCX));

/** The rule a file of `type` is checked by; a ZIP by the rule that takes Office documents, if any. */
const ruleFor = (fieldSpec: FileFieldSpec, type: string) =>
  fieldSpec.rules.find((r) => r.types.includes(type)) ?? (type === ZIP ? fieldSpec.rules.find((r) => r.types.includes(XLSX) || r.types.includes(DOCX)) : undefined);

/** Where uploads wait while they are checked (inside UPLOAD_DIR; never served: dot-directory). */
export const uploadTmpDir = (config: Pick<Config, 'UPLOAD_DIR'>) => path.join(config.UPLOAD_DIR, '.tmp');

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

/** How much of a refused request's body is still read (and thrown away) so the connection can be reused. */
export const DRAIN_LIMIT_BYTES = 16 * MB;
/** How long a refused request's body may keep its connection busy. */
const DRAIN_MS = 15_000;

/** Bytes of each request's body read so far by `receiveMultipart` (what is left to drain is the rest). */
const bodyBytesRead = new WeakMap<Request, number>();
const draining = new WeakSet<Request>();

/**
 * A request is being refused while its body is still coming (an upload stopped at its first
 * problem, or never read because an earlier check failed). Leaving the rest unread would leave it
 * on a keep-alive connection, where it breaks the client's next request; closing at once can reset
 * the connection before the client has read the answer. So the rest is read and thrown away, up
 * to DRAIN_LIMIT_BYTES and DRAIN_MS; when more than that is announced (or no length is), the
 * answer also says `Connection: close`, and the connection ends once it is sent, by a lingering
 * close (`lingeringClose`: the client may still be sending; a reset would lose it the answer).
 * Past either bound the connection is never destroyed before its answer is out: over the limit, the
 * reading stops until then (the client waits) and the connection then closes by a lingering close;
 * at DRAIN_MS without an answer there is none to lose, and it is destroyed.
 */
export function discardUnreadBody(req: Request): void {
  if (req.complete || draining.has(req) || req.socket.destroyed) return;
  draining.add(req);
  const announced = Number(req.headers['content-length']);
  const left = Number.isSafeInteger(announced) ? announced - (bodyBytesRead.get(req) ?? 0) : Infinity;
  if (left > DRAIN_LIMIT_BYTES && req.res && !req.res.headersSent) req.res.setHeader('Connection', 'close');
  let discarded = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
  };
  const giveUp = (atDeadline: boolean) => {
    req.off('data', onData);
    const res = req.res;
    if (!res || res.writableFinished) {
      stop();
      lingeringClose(req.socket);
    } else if (atDeadline) {
      stop();
      req.socket.destroy();
    } else {
      req.pause();
      if (!res.headersSent) res.shouldKeepAlive = false;
      res.once('finish', () => {
        stop();
        lingeringClose(req.socket);
      });
    }
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT_BYTES) giveUp(false);
  };
  const timer = setTimeout(() => giveUp(true), DRAIN_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

/**
 * Streams a multipart request to temporary files: each file is sniffed from its first bytes,
 * checked against its field's rules, and counted while it streams. The first problem stops the
 * reading at once (a file over its size limit is refused as soon as it crosses it, with its own
 * message), every partial file is removed, the rest of the body is discarded (`discardUnreadBody`),
 * and the promise rejects with a clear AppError. Nothing is held whole in memory. On success the
 * caller owns the files and must `dispose()` them.
 */
export function receiveMultipart(req: Request, spec: UploadSpec, tmpDir: string): Promise<Upload> {
  const cap = requestCap(spec);
  const fieldLimit = Math.max(1, ...Object.values(spec.fields));
  const maxFiles = Object.values(spec.files).reduce((n, f) => n + f.maxCount, 0);
  const announced = Number(req.headers['content-length']);

  return new Promise<Upload>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        // Browsers send a file name's UTF-8 bytes as they are (filename="दस्तावेज़.txt"): busboy reads such a
        // parameter as latin1 unless told (an RFC 5987 filename*= says its own charset either way).
        defParamCharset: 'utf8',
        limits: {
          fieldSize: fieldLimit,
          fields: Object.keys(spec.fields).length + 10,
          // One more than allowed, so an extra file is seen and refused with the field's message.
          files: maxFiles + 1,
          parts: maxFiles + Object.keys(spec.fields).length + 20,
        },
      });
    } catch {
      reject(new AppError('UNSUPPORTED_MEDIA_TYPE', spec.unsupportedType ?? httpMessages.expectedAMultipartFormDataUpload));
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
    const finish = async () => {
      if (settled) return;
      settled = true;
      await Promise.allSettled(work);
      if (failure) {
        await dispose();
        reject(failure);
      } else resolve({ fields, files, dispose });
    };
    /** The first problem wins: stop parsing, throw the rest of the body away, answer. */
    const fail = (err: AppError) => {
      if (failure) return;
      failure = err;
      req.off('data', onData);
      req.unpipe(bb);
      // Not from inside busboy's own callback (a field or file event): it would lose its parser mid-write.
      process.nextTick(() => bb.destroy());
      discardUnreadBody(req);
      void finish();
    };

    const onData = (chunk: Buffer) => {
      received += chunk.length;
      bodyBytesRead.set(req, received);
      if (received > cap) fail(new AppError('PAYLOAD_TOO_LARGE', httpMessages.theUploadIsTooLarge));
    };
    req.on('data', onData);
    req.on('close', () => {
      if (!req.complete) fail(badInput(httpMessages.theUploadWasInterrupted));
    });

    bb.on('field', (name, value, info) => {
      if (!(name in spec.fields)) return fail(badInput(httpMessages.unexpectedField({ name })));
      if (info.valueTruncated || Buffer.byteLength(value) > spec.fields[name]) {
        return fail(new AppError('PAYLOAD_TOO_LARGE', httpMessages.fieldTooLarge({ name })));
      }
      fields[name] = value;
    });

    bb.on('file', (field, stream, info) => {
      // Destroying busboy on a refusal (below) errors every file stream still open; a stream error
      // with no listener is an uncaught exception that would take the whole process down.
      // `receiveFile` learns of the failure through `failure` and its own iteration.
      stream.on('error', () => {});
      const fieldSpec = spec.files[field];
      if (failure || !fieldSpec) {
        stream.resume();
        if (!fieldSpec) fail(badInput(httpMessages.unexpectedFileField({ name: field })));
        return;
      }
      counts[field] = (counts[field] ?? 0) + 1;
      if (counts[field] > fieldSpec.maxCount) {
        stream.resume();
        fail(badInput(fieldSpec.tooMany));
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

    /**
     * The size of a file that is being refused for its size: what has arrived of it, plus what the
     * request still announces (Content-Length). Exact, within the closing boundary, for the last
     * file of a request, which is how browsers send a single file; the rest is never read.
     */
    const announcedSize = (stream: Readable, file: UploadedFile) => {
      const arrived = file.size + stream.readableLength;
      return Number.isSafeInteger(announced) && announced > received ? arrived + (announced - received) : arrived;
    };

    const receiveFile = async (stream: Readable, file: UploadedFile, fieldSpec: FileFieldSpec) => {
      const head: Buffer[] = [];
      const st: { rule: FileRule | null; out: WriteStream | null } = { rule: null, out: null };
      const tooLarge = (rule: FileRule) => fail(new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge(announcedSize(stream, file))));
      const claimed = fieldSpec.sniff ? null : claimedDocumentType(file.filename);
      const startWriting = async () => {
        const first = Buffer.concat(head);
        if (first.length === 0) return fail(badInput(httpMessages.emptyFile({ name: file.filename })));
        file.type = fieldSpec.sniff ? await fieldSpec.sniff(first) : typeFromHead(first, claimed);
        if (!mayBe(file.type, claimed)) return fail(notWhatItsNameSays(file.filename, claimed!));
        const rule = ruleFor(fieldSpec, file.type);
        if (!rule) return fail(fieldSpec.unsupportedType ? new AppError('UNSUPPORTED_MEDIA_TYPE', fieldSpec.unsupportedType) : typeNotAllowed(file.type, spec));
        st.rule = rule;
        if (isOverLimit(rule, first.length)) return tooLarge(rule);
        await mkdir(tmpDir, { recursive: true });
        tempPaths.push(file.path);
        st.out = createWriteStream(file.path, { flags: 'wx' });
        st.out.on('error', () => {}); // reported through the write callbacks
        await write(st.out, first);
      };
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          file.size += chunk.length;
          if (failure) break;
          if (!st.rule) {
            head.push(chunk);
            if (file.size >= SNIFF_BYTES) await startWriting();
          } else if (isOverLimit(st.rule, file.size)) {
            tooLarge(st.rule);
          } else if (st.out) {
            await write(st.out, chunk);
          }
        }
        if (!failure && !st.rule) await startWriting();
        if (!failure && st.rule && st.out && file.type === ZIP) {
          await closeStream(st.out);
          st.out = null;
          const type = (await officeTypeOf(file.path)) ?? ZIP;
          if (claimed && claimed !== type) fail(notWhatItsNameSays(file.filename, claimed!));
          else if (!st.rule.types.includes(type)) fail(typeNotAllowed(type, spec));
          else file.type = type;
        }
      } catch (err) {
        fail(err instanceof AppError ? err : badInput(httpMessages.theUploadCouldNotBeRead));
      } finally {
        if (st.out) await closeStream(st.out);
      }
    };

    bb.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', httpMessages.theUploadHasTooManyParts)));
    bb.on('fieldsLimit', () => fail(badInput(httpMessages.theUploadHasTooManyFields)));
    bb.on('error', () => fail(badInput(httpMessages.malformedMultipart)));
    bb.on('close', () => void finish());
    req.pipe(bb);
  });
}

/**
 * Receives the upload of `req` (call it after the request's early checks, so nothing is read for a
 * request that will be refused anyway), hands it to `use` (which passes the files to a service as a
 * typed command), and removes its temporary files afterwards, whatever happens.
 */
export async function withUpload<T>(req: Request, spec: UploadSpec, tmpDir: string, use: (upload: Upload) => Promise<T>): Promise<T> {
  const upload = await receiveMultipart(req, spec, tmpDir);
  try {
    return await use(upload);
  } finally {
    await upload.dispose();
  }
}
