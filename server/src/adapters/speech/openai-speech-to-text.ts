import { z } from 'zod';
import { SpeechFailed, type SpeechAudio, type SpeechToText } from './speech-to-text.js';

export interface OpenAiSpeechSettings {
  /** Up to the version: https://api.openai.com/v1, or a self-hosted Whisper server's. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const answer = z.object({ text: z.string() });

/**
 * Transcriptions from an OpenAI-compatible API: `POST {base}/audio/transcriptions`, multipart `file`,
 * `model`, `language` (ISO 639-1) and `response_format=json`, answered `{"text": "..."}` (OpenAI, and the
 * self-hosted Whisper servers that speak its API). Hindi is asked for as `hi`; Hinglish comes back as spoken.
 */
export class OpenAiSpeechToText implements SpeechToText {
  readonly name = 'openai' as const;

  constructor(private readonly settings: OpenAiSpeechSettings) {}

  async transcribe(audio: SpeechAudio, language?: 'en' | 'hi'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.contentType }), audio.fileName);
    form.append('model', this.settings.model);
    form.append('response_format', 'json');
    if (language) form.append('language', language);
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl.replace(/\/$/, '')}/audio/transcriptions`, {
        method: 'POST',
        headers: this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      throw new SpeechFailed(err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${this.settings.timeoutMs} ms` : 'unreachable');
    }
    // 4xx other than 408/429: this audio or these settings are refused, and will be again.
    if (!res.ok) throw new SpeechFailed(`HTTP ${res.status}`, res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new SpeechFailed('answer is not JSON');
    }
    const parsed = answer.safeParse(body);
    if (!parsed.success) throw new SpeechFailed('answer has no text');
    return parsed.data.text.replace(/\s+/g, ' ').trim();
  }
}
