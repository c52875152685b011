import type { Response } from 'express';

/**
 * Sends a body that is already text, as one write of head and body with its length. express's
 * `res.send`/`res.json` would also hash it for an ETag, which an answer to a POST (never answered
 * 304) has no use for. The content type is the caller's to set.
 */
export function sendBody(res: Response, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}
