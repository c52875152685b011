import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidKey, fileHeaders, RangeNotSatisfiable, type ByteRange, type Storage, type StoredFile } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); path-style addressing is used with it. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers load files from (a CDN or the bucket's public URL); else they go through /uploads. */
  publicUrl?: string;
}

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

/** Files in an S3-compatible bucket. */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      // Checksums only where S3 requires them: many S3-compatible stores reject the chunked-trailer uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable | Buffer, size?: number): Promise<void> {
    assertValidKey(key);
    // A stream of unknown length cannot be signed for a single PUT; such bodies are small (image variants).
    const payload = Buffer.isBuffer(body) || size !== undefined ? body : Buffer.concat(await body.toArray());
    // The headers the bucket (or a CDN in front of it, S3_PUBLIC_URL) answers with, as /uploads does:
    // the type of the key's extension (the stored type; text with its charset), a download for
    // anything that is not a picture or video, a year-long cache.
    const headers = fileHeaders(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: payload,
        ContentType: headers.contentType,
        ContentDisposition: headers.contentDisposition ?? undefined,
        ContentLength: Buffer.isBuffer(payload) ? payload.length : size,
        CacheControl: headers.cacheControl,
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    assertValidKey(key);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object: ${key}`);
    return Buffer.from(await res.Body.transformToByteArray());
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertValidKey(key);
    const Range = !range ? undefined : 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range }));
      if (!(res.Body instanceof Readable)) return null;
      // A part comes with "bytes <start>-<end>/<size>"; a store that ignores Range sends it all (no Content-Range).
      const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      if (part) {
        return { stream: res.Body, size: Number(part[3]), range: { start: Number(part[1]), end: Number(part[2]) } };
      }
      return { stream: res.Body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      if (range && statusOf(err) === 416) throw new RangeNotSatisfiable(await this.sizeOf(key));
      throw err;
    }
  }

  private async sizeOf(key: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/$/, '')}/${key}` : `/uploads/${key}`;
  }
}
