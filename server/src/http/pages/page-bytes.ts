import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A page's bytes as sent (a rendered page, a sitemap), in each encoding once it was asked for. */
export class PageBytes {
  readonly etag: string;
  private readonly encoded: Partial<Record<Encoding, Buffer>>;

  constructor(
    readonly status: number,
    readonly body: Buffer,
    /** What it shows that can change (`product:<id>`). */
    readonly dependsOn: string[],
    /** Search engines are to leave it out (`X-Robots-Tag`). */
    readonly noindex = status !== 200,
    readonly contentType = 'text/html; charset=utf-8',
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    this.encoded = { identity: body };
  }

  /** The page in `encoding`, if it was compressed in it already. */
  get(encoding: Encoding): Buffer | undefined {
    return this.encoded[encoding];
  }

  /** Compresses the page in the encodings it lacks (brotli at a level quick enough for a page just rendered). */
  async encode(encodings: Encoding[]): Promise<void> {
    await Promise.all(
      encodings.map(async (encoding) => {
        if (this.encoded[encoding]) return;
        this.encoded[encoding] =
          encoding === 'br'
            ? await brotli(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
            : await gzipAsync(this.body, { level: 6 });
      }),
    );
  }
}

/** Brotli when the browser takes it, else gzip, else the bytes as they are (a q of 0 refuses one). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

/**
 * Sends kept bytes in the encoding the client prefers (compressed once, then kept), or 304 when the client has
 * them already. Revalidated at every load (`no-cache`: a page changes with what it shows); the ETag makes that
 * a 304 when nothing did.
 */
export async function sendBytes(req: Request, res: Response, page: PageBytes, headers: Record<string, string>): Promise<void> {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  let body = page.get(encoding);
  if (!body) {
    await page.encode([encoding]);
    body = page.get(encoding)!;
  }
  res.statusCode = page.status;
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', page.etag);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (page.noindex) res.setHeader('X-Robots-Tag', 'noindex');
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
