/**
 * The translation port (docs/product.md#translation): `off` (the default: no 'Translate' on messages), or an
 * OpenAI-compatible chat-completions model. Hindi <-> English; Hinglish (Hindi in Latin letters) is read as Hindi.
 */
export interface Translator {
  readonly name: 'off' | 'openai';
  /** `text` in `to` (Hindi in Devanagari). Throws when the service fails or is slow. */
  translate(text: string, to: 'en' | 'hi'): Promise<string>;
}

export class TranslatorOff implements Translator {
  readonly name = 'off' as const;

  translate(): Promise<string> {
    return Promise.reject(new Error('translation is off'));
  }
}
