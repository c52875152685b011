import type { Config } from '../../config/env.js';
import { OpenAiTranslator } from './openai-translator.js';
import { TranslatorOff, type Translator } from './translator.js';

/** The translator chosen by TRANSLATION. */
export function createTranslator(config: Pick<Config, 'TRANSLATION' | 'TRANSLATION_BASE_URL' | 'TRANSLATION_API_KEY' | 'OPENAI_API_KEY' | 'TRANSLATION_MODEL' | 'TRANSLATION_TIMEOUT_MS'>): Translator {
  if (config.TRANSLATION === 'openai') {
    return new OpenAiTranslator({ baseUrl: config.TRANSLATION_BASE_URL, apiKey: config.TRANSLATION_API_KEY ?? config.OPENAI_API_KEY, model: config.TRANSLATION_MODEL, timeoutMs: config.TRANSLATION_TIMEOUT_MS });
  }
  return new TranslatorOff();
}
