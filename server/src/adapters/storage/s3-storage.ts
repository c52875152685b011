import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidKey, type Storage, type StoredFile } from './storage.js';

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

/** Files stored are never rewritten under the same key, so browsers and CDNs may keep them for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

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

  async put(key: string, body: Readable | Buffer, contentType: string, size?: number): Promise<void> {
    assertValidKey(key);
    // A stream of unknown length cannot be signed for a single PUT; such bodies are small (image variants).
    const payload = Buffer.isBuffer(body) || size !== undefined ? body : Buffer.concat(await body.toArray());
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: payload,
        ContentType: contentType,
        ContentLength: Buffer.isBuffer(payload) ? payload.length : size,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    assertValidKey(key);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object: ${key}`);
    return Buffer.from(await res.Body.transformToByteArray());
  }

  async open(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) return null;
      return { stream: res.Body, size: res.ContentLength ?? 0, contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/$/, '')}/${key}` : `/uploads/${key}`;
  }
}
