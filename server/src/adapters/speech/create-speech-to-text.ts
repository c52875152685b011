import type { Config } from '../../config/env.js';
import { OpenAiSpeechToText } from './openai-speech-to-text.js';
import { SpeechOff, type SpeechToText } from './speech-to-text.js';

/** The speech-to-text driver chosen by SPEECH_TO_TEXT. */
export function createSpeechToText(config: Pick<Config, 'SPEECH_TO_TEXT' | 'SPEECH_BASE_URL' | 'SPEECH_API_KEY' | 'OPENAI_API_KEY' | 'SPEECH_MODEL' | 'SPEECH_TIMEOUT_MS'>): SpeechToText {
  if (config.SPEECH_TO_TEXT === 'openai') {
    return new OpenAiSpeechToText({
      baseUrl: config.SPEECH_BASE_URL,
      apiKey: config.SPEECH_API_KEY ?? config.OPENAI_API_KEY,
      model: config.SPEECH_MODEL,
      timeoutMs: config.SPEECH_TIMEOUT_MS,
    });
  }
  return new SpeechOff();
}
