import express, { type Response, type Router } from 'express';
import { safeHeaders, sendStoredFile } from '../../http/stored-files.js';
import { fileHeaders, isPrivateKey, isValidKey, type Storage } from './storage.js';

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
    // Private files (chat attachments) only through the route that checks who asks.
    if (!isValidKey(key) || isPrivateKey(key)) return notFound(res);
    if (storage.localRoot) {
      safeHeaders(res, key);
      return res.sendFile(key, { root: storage.localRoot, dotfiles: 'deny', immutable: true, maxAge: '365d' }, (err) => {
        if (!err) return;
        res.removeHeader('Content-Disposition');
        if (!res.headersSent) notFound(res);
      });
    }
    await sendStoredFile(req, res, next, storage, key, { cacheControl: fileHeaders(key).cacheControl });
  });
  return r;
}
