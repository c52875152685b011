import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the browser journeys' transcription server hears in every recording (tests/e2e/setup/app-server.ts). */
export const E2E_TRANSCRIPT = 'Kal tak 40 kursi bhej dunga';

/** A transcription request the fake API received. */
export interface TranscriptionRequest {
  path: string;
  authorization: string | undefined;
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  fileName: string | null;
  fileType: string | null;
  file: Buffer | null;
}

/** What the fake answers the n-th request (1-based): a transcript, an HTTP error, or no answer at all. */
export type TranscriptionVerdict = { text: string } | { status: number } | 'hang';

/**
 * A local HTTP server speaking OpenAI's transcription API (`POST /v1/audio/transcriptions`, multipart
 * `file`, `model`, `language`, `response_format`; answered `{"text": ...}`), as OpenAI and self-hosted
 * Whisper servers do. A malformed request (no file, no model) gets 400 like the real one.
 */
export async function startTranscriptionServer(verdict: (n: number, req: TranscriptionRequest) => TranscriptionVerdict) {
  const requests: TranscriptionRequest[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const received: TranscriptionRequest = { path: req.url ?? '', authorization: req.headers.authorization, model: null, language: null, responseFormat: null, fileName: null, fileType: null, file: null };
    try {
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
      const file = form.get('file');
      received.model = form.get('model') as string | null;
      received.language = form.get('language') as string | null;
      received.responseFormat = form.get('response_format') as string | null;
      if (file instanceof File) {
        received.fileName = file.name;
        received.fileType = file.type;
        received.file = Buffer.from(await file.arrayBuffer());
      }
    } catch {
      // Not multipart: answered 400 below.
    }
    requests.push(received);
    if (req.method !== 'POST' || received.path !== '/v1/audio/transcriptions' || !received.file || !received.model) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'malformed request' } }));
      return;
    }
    const answer = verdict(requests.length, received);
    if (answer === 'hang') {
      // Never answers (until the server closes): the caller's timeout must end it.
      await new Promise<void>((resolve) => hanging.add(resolve));
      res.destroy();
      return;
    }
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'failed' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: answer.text }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((release) => release());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
