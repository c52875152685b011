import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { AppError } from '../common/app-error.js';
import { httpMessages } from './http.messages.js';

/**
 * The JSON body of an API request (`req.body`), at most `limitBytes` (docs/architecture.md#read-path).
 *
 * express.json (body-parser) reads every body. The usual one (Content-Type exactly `application/json`,
 * not compressed, its length given and within the limit: every GraphQL request of the web app) is read
 * here with less work per request (no content-type parsing, charset decoder, or size parsing of the
 * limit each time) and the same outcome: the text decoded as UTF-8 without a leading byte order mark,
 * parsed strictly (an object or an array; anything else, or text that is not JSON, is the same error
 * as body-parser's, `entity.parse.failed`, which the error middleware answers). A client that leaves
 * before the whole body came gets body-parser's `request.aborted`. Every other body (another content
 * type or charset, compressed, chunked, empty, over the limit) goes to express.json, untouched.
 * Either way, a body nested deeper than MAX_JSON_DEPTH is refused (400 BAD_USER_INPUT).
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes });
  const full = (req: Request, res: Response, next: NextFunction) => parse(req, res, (err?: unknown) => next(err ?? tooDeepError(req.body)));
  return (req: Request, res: Response, next: NextFunction) => {
    const { headers } = req;
    const length = Number(headers['content-length']);
    if (
      headers['content-type'] !== 'application/json' ||
      headers['content-encoding'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      !(length > 0 && length <= limitBytes) ||
      req.readableEnded ||
      req.body !== undefined
    ) {
      full(req, res, next);
      return;
    }
    req.body = undefined;
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => {
      cleanup();
      let text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      let body: unknown;
      try {
        // Nothing but a byte order mark: body-parser's empty body, an empty object.
        body = text.length ? JSON.parse(text) : {};
      } catch (err) {
        next(httpError(400, (err as Error).message, 'entity.parse.failed'));
        return;
      }
      // body-parser's strict mode: only an object or an array.
      if (typeof body !== 'object' || body === null) {
        next(httpError(400, 'Unexpected token in JSON: not an object or array', 'entity.parse.failed'));
        return;
      }
      req.body = body;
      next(tooDeepError(body));
    };
    const onAborted = () => {
      cleanup();
      next(httpError(400, 'request aborted', 'request.aborted'));
    };
    const onError = (err: Error) => {
      cleanup();
      next(httpError(400, err.message, 'request.aborted'));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}

/**
 * How deeply a body's objects and arrays may nest. Ours nest a few levels; thousands (a probe's
 * `{"a":{"a":...}}`) would overflow the stack of whatever walks them recursively later (JSON.stringify of
 * a visitor's answer key did, at 5,000: a 500). Refused as the request's own fault instead.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `max` levels (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** The refusal of a body nested deeper than MAX_JSON_DEPTH, or undefined. */
function tooDeepError(body: unknown): Error | undefined {
  return nestedDeeperThan(body, MAX_JSON_DEPTH) ? new AppError('BAD_USER_INPUT', httpMessages.theRequestBodyIsNestedToo) : undefined;
}

/** An error as body-parser makes them (http-errors): a status, a type, not exposed as a 500. */
function httpError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, type, expose: true });
}
