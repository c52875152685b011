/** Audio to transcribe: a voice note's stored file, or a spoken request to the search assistant. */
export interface SpeechAudio {
  data: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * The speech-to-text port (docs/product.md#speech): `off` (the default: voice notes keep no transcript,
 * and a browser without a recogniser is told to type), or an OpenAI-compatible transcription API.
 */
export interface SpeechToText {
  readonly name: 'off' | 'openai';
  /** The words spoken (trimmed; '' when nothing was said). Throws SpeechFailed when the service fails or is slow. */
  transcribe(audio: SpeechAudio, language?: 'en' | 'hi'): Promise<string>;
}

export class SpeechFailed extends Error {
  constructor(
    message: string,
    /** Trying again cannot help (the service refused this audio or our settings). */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'SpeechFailed';
  }
}

/** Speech-to-text switched off. */
export class SpeechOff implements SpeechToText {
  readonly name = 'off' as const;

  transcribe(): Promise<string> {
    return Promise.reject(new SpeechFailed('speech-to-text is off', true));
  }
}
