import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Web Speech API's SpeechRecognition the voice input uses. */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechRecognitionEvent) => void) | null;
  onerror: ((event: SpeechRecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

/** docs/product.md#limits: listening stops 1.5 s after a final result, which is then sent. */
export const AUTO_SEND_MS = 1500;

export function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export interface SpeechInput {
  supported: boolean;
  listening: boolean;
  /** What is being heard (final words so far plus the current guess). */
  heard: string;
  start: () => void;
  stop: () => void;
}

/**
 * Voice input (docs/product.md#states-and-transitions): idle or listening, in the UI language (en-US or hi-IN). Stops
 * when the button is pressed again, on an error, or 1.5 s after a final result, which is then
 * handed to `onFinal` as the query.
 */
export function useSpeechRecognition(lang: 'en-US' | 'hi-IN', onFinal: (text: string) => void): SpeechInput {
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState('');
  const recognition = useRef<Recognition | null>(null);
  const timer = useRef<number | null>(null);
  const finalText = useRef('');
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  });

  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    clearTimer();
    const r = recognition.current;
    recognition.current = null;
    if (r) {
      r.onresult = null;
      r.onerror = null;
      r.onend = null;
      r.abort();
    }
    setListening(false);
  }, []);

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor) return;
    stop();
    const r = new Ctor();
    r.lang = lang;
    r.continuous = true;
    r.interimResults = true;
    finalText.current = '';
    setHeard('');
    r.onresult = (event) => {
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (result.isFinal) finalText.current = `${finalText.current} ${result[0].transcript}`.trim();
        else interim += result[0].transcript;
      }
      setHeard(`${finalText.current} ${interim}`.trim());
      clearTimer();
      if (finalText.current) {
        timer.current = window.setTimeout(() => {
          const text = finalText.current;
          stop();
          if (text) onFinalRef.current(text);
        }, AUTO_SEND_MS);
      }
    };
    r.onerror = () => stop();
    r.onend = () => {
      // The browser ended on its own (silence): keep a pending final result's timer running.
      recognition.current = null;
      if (timer.current === null) setListening(false);
    };
    recognition.current = r;
    setListening(true);
    try {
      r.start();
    } catch {
      stop();
    }
  }, [lang, stop]);

  useEffect(() => stop, [stop]);

  return { supported: recognitionConstructor() !== null, listening, heard, start, stop };
}
