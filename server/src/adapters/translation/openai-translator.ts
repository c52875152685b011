import { z } from 'zod';
import type { Translator } from './translator.js';

export interface OpenAiTranslatorSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

const TO = { en: 'English', hi: 'Hindi written in Devanagari' } as const;

/** Translations from any OpenAI-compatible chat-completions endpoint (`POST {base}/chat/completions`). */
export class OpenAiTranslator implements Translator {
  readonly name = 'openai' as const;

  constructor(private readonly settings: OpenAiTranslatorSettings) {}

  async translate(text: string, to: 'en' | 'hi'): Promise<string> {
    const res = await fetch(`${this.settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: `Translate the trader's chat message into ${TO[to]}. Hinglish (Hindi in Latin letters) is Hindi. Keep numbers, prices, units and names as they are. Answer with the translation only.`,
          },
          { role: 'user', content: text },
        ],
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) throw new Error(`translation model answered HTTP ${res.status}`);
    const content = completion.parse(await res.json()).choices[0].message.content?.trim();
    if (!content) throw new Error('translation model answered nothing');
    return content;
  }
}
