import type { TestApp } from './app.js';
import { ApiClient } from './client.js';

/** One message of the development outbox, as `GET /dev/outbox` answers it. */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'whatsapp';
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

/** The development outbox (newest first), optionally only messages to `to`. */
export async function outbox(app: TestApp, to?: string): Promise<OutboxMessage[]> {
  const res = await new ApiClient(app.url).get(`/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (res.status !== 200) throw new Error(`GET /dev/outbox answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.messages as OutboxMessage[];
}

/** The 6-digit code in a message text. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1];
}

/** Lets the worker deliver what is pending, then reads the newest code sent to `to` from the outbox. */
export async function latestCode(app: TestApp, to: string): Promise<string> {
  await app.drain();
  const [latest] = await outbox(app, to);
  if (!latest) throw new Error(`no message to ${to} in the development outbox`);
  return codeIn(latest.body);
}

/** A 6-digit code that is not `code`. */
export const wrongCode = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
