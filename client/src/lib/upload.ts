import type { TFunction } from 'i18next';
import { localeHeaders } from './apollo-client';

export type UploadFailure =
  /** The server answered with its own message (and, for refused input, each field's: `details.fields`). */
  | { kind: 'server'; message: string; fields?: Record<string, string> }
  /** An error status without a readable message. */
  | { kind: 'http'; status: number; statusText: string }
  /** A success status whose body is not JSON. */
  | { kind: 'parse' }
  /** No answer at all (network, aborted). */
  | { kind: 'network' };

export class UploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind === 'server' ? failure.message : failure.kind);
    this.name = 'UploadError';
  }
}

/**
 * The upload messages of docs/product.md#errors: the server's, else 'HTTP {status}: {text}', 'Failed to
 * parse response' or 'Upload failed' (the `upload.*` texts of the products namespace).
 */
export function uploadErrorMessage(error: unknown, t: TFunction<'products'>): string {
  if (!(error instanceof UploadError)) return t('upload.failed');
  const f = error.failure;
  if (f.kind === 'server') return f.message;
  if (f.kind === 'http') return t('upload.httpError', { status: f.status, text: f.statusText });
  if (f.kind === 'parse') return t('upload.parseFailed');
  return t('upload.failed');
}

/**
 * Sends a multipart form to the REST shim with XMLHttpRequest (fetch cannot report upload
 * progress), with the session cookie. Resolves with the JSON answer; rejects with an UploadError.
 */
export function uploadForm<T>(method: 'POST' | 'PUT', url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-locale', localeHeaders()['x-locale']);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new UploadError({ kind: 'network' }));
    xhr.onabort = () => reject(new UploadError({ kind: 'network' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        if (body === undefined || body === null) reject(new UploadError({ kind: 'parse' }));
        else resolve(body as T);
        return;
      }
      const answer = typeof body === 'object' && body !== null ? (body as { message?: unknown; details?: { fields?: unknown } }) : {};
      const message = answer.message;
      if (typeof message === 'string' && message) reject(new UploadError({ kind: 'server', message, ...fieldsOf(answer.details?.fields) }));
      else reject(new UploadError({ kind: 'http', status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.send(form);
  });
}

/** The field messages of a refused input, when the server sent them as strings. */
function fieldsOf(value: unknown): { fields?: Record<string, string> } {
  if (typeof value !== 'object' || value === null) return {};
  const fields = Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return Object.keys(fields).length ? { fields } : {};
}
