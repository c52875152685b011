import express, { type Response, type Router } from 'express';
import { fileHeaders, isValidKey, RangeNotSatisfiable, type ByteRange, type Storage } from './storage.js';

function safeHeaders(res: Response, key: string): void {
  const headers = fileHeaders(key);
  res.setHeader('Content-Type', headers.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A stored file is never a page: no scripts, no plugins, no framing, even if opened directly.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (headers.contentDisposition) res.setHeader('Content-Disposition', headers.contentDisposition);
}

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
 * GET /uploads/<key>: stored files with safe headers and a year-long immutable cache (keys are
 * never reused). Local files are sent directly; others are streamed from the storage adapter.
 * Both answer byte ranges (206), which Safari needs to play a video.
 */
export function uploadsRouter(storage: Storage): Router {
  const r = express.Router();
  const notFound = (res: Response) => res.status(404).type('text').send('Not found');

  r.get(/^\/uploads\/(.+)$/, async (req, res, next) => {
    const key = (req.params as Record<string, string>)[0];
    if (!isValidKey(key)) return notFound(res);
    if (storage.localRoot) {
      safeHeaders(res, key);
      return res.sendFile(key, { root: storage.localRoot, dotfiles: 'deny', immutable: true, maxAge: '365d' }, (err) => {
        if (!err) return;
        res.removeHeader('Content-Disposition');
        if (!res.headersSent) notFound(res);
      });
    }
    const range = parseRange(req.headers.range);
    try {
      const file = await storage.open(key, range ?? undefined);
      if (!file) return notFound(res);
      safeHeaders(res, key);
      res.setHeader('Cache-Control', fileHeaders(key).cacheControl);
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
        return res.end();
      }
      next(err);
    }
  });
  return r;
}
