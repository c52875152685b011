import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { contentTypeOf } from './disk-storage.js';
import { isValidKey, type Storage } from './storage.js';

/** Types a browser may show inline; every other file is offered as a download. */
const INLINE = /^(image\/webp|video\/(mp4|quicktime|x-msvideo))$/;

function safeHeaders(res: Response, key: string): void {
  const type = contentTypeOf(key);
  res.setHeader('Content-Type', type === 'text/plain' ? 'text/plain; charset=utf-8' : type);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A stored file is never a page: no scripts, no plugins, no framing, even if opened directly.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (!INLINE.test(type)) res.setHeader('Content-Disposition', `attachment; filename="${path.basename(key)}"`);
}

/**
 * GET /uploads/<key>: stored files with safe headers and a year-long immutable cache (keys are
 * never reused). Local files are sent directly (with ranges, for video); others are streamed
 * from the storage adapter.
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
    try {
      const file = await storage.open(key);
      if (!file) return notFound(res);
      safeHeaders(res, key);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Length', String(file.size));
      file.stream.on('error', () => res.destroy());
      file.stream.pipe(res);
    } catch (err) {
      next(err);
    }
  });
  return r;
}
