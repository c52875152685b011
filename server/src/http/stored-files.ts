// Sending a stored file over HTTP: safe headers, byte ranges, a download name (public uploads and
// private chat attachments alike).
import type { NextFunction, Request, Response } from 'express';
import { fileHeaders, RangeNotSatisfiable, type ByteRange, type Storage } from '../adapters/storage/storage.js';

export function safeHeaders(res: Response, key: string, downloadName?: string): void {
  const headers = fileHeaders(key);
  res.setHeader('Content-Type', headers.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A stored file is never a page: no scripts, no plugins, no framing, even if opened directly.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (downloadName !== undefined && headers.contentDisposition) {
    res.setHeader('Content-Disposition', `attachment; filename="${asciiName(downloadName)}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`);
  } else if (headers.contentDisposition) res.setHeader('Content-Disposition', headers.contentDisposition);
}

/** A file name safe inside a quoted header value (the UTF-8 name goes in filename*). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * The one byte range of a Range header (`bytes=0-1023`, `bytes=500-`, `bytes=-500`), or null to
 * send the whole file: no header, another unit, several ranges (players ask for one), or nonsense.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end < start ? null : { start, end };
}


/**
 * Streams one stored file with the safe headers, answering a byte range (206) when one is asked
 * for; 404 when there is none. `downloadName` names the download (a private attachment keeps the
 * name its sender gave it); `cacheControl` says who may keep it.
 */
export async function sendStoredFile(
  req: Request,
  res: Response,
  next: NextFunction,
  storage: Storage,
  key: string,
  opts: { cacheControl: string; downloadName?: string },
): Promise<void> {
  const range = parseRange(req.headers.range);
  try {
    const file = await storage.open(key, range ?? undefined);
    if (!file) {
      res.status(404).type('text').send('Not found');
      return;
    }
    safeHeaders(res, key, opts.downloadName);
    res.setHeader('Cache-Control', opts.cacheControl);
    res.setHeader('Accept-Ranges', 'bytes');
    if (file.range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      res.setHeader('Content-Length', String(file.range.end - file.range.start + 1));
    } else {
      res.setHeader('Content-Length', String(file.size));
    }
    file.stream.on('error', () => res.destroy());
    // A client that goes away (a player seeking elsewhere) must not keep the bucket's stream open.
    res.on('close', () => file.stream.destroy());
    file.stream.pipe(res);
  } catch (err) {
    if (err instanceof RangeNotSatisfiable) {
      res.status(416).setHeader('Content-Range', `bytes */${err.size}`);
      res.end();
      return;
    }
    next(err);
  }
}
