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
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

/** docs/product.md#limits: listening stops 1.5 s after a final result, which is then sent. */
export const AUTO_SEND_MS = 1500;
/** docs/product.md#limits: listening that hears nothing for 8 s stops and offers typing instead. */
export const NOTHING_HEARD_MS = 8000;

/**
 * Where voice input is: `listening`; `nothing` when it stopped without hearing words (silence, or the 8 s
 * timeout); `blocked` when the browser or the person refused the microphone, or there is none; else `idle`.
 */
export type VoiceStatus = 'idle' | 'listening' | 'nothing' | 'blocked';

export function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export interface SpeechInput {
  supported: boolean;
  listening: boolean;
  status: VoiceStatus;
  /** What is being heard (final words so far plus the current guess). */
  heard: string;
  start: () => void;
  stop: () => void;
  /** Puts a 'nothing heard' or 'blocked' status away (the person chose to type). */
  dismiss: () => void;
}

/**
 * Voice input (docs/product.md#states-and-transitions): idle or listening, in the UI language (en-US or hi-IN). Stops
 * when the button is pressed again, on an error, or 1.5 s after a final result, which is then
 * handed to `onFinal` as the query.
 */
export function useSpeechRecognition(lang: 'en-US' | 'hi-IN', onFinal: (text: string) => void): SpeechInput {
  const [listening, setListening] = useState(false);
  const [status, setStatus] = useState<VoiceStatus>('idle');
  const [heard, setHeard] = useState('');
  const silence = useRef<number | null>(null);
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
  const clearSilence = () => {
    if (silence.current !== null) window.clearTimeout(silence.current);
    silence.current = null;
  };

  /** Stops listening; `then` is the status it leaves (idle when the person stopped it or words were heard). */
  const stop = useCallback((then: VoiceStatus = 'idle') => {
    clearTimer();
    clearSilence();
    const r = recognition.current;
    recognition.current = null;
    if (r) {
      r.onresult = null;
      r.onerror = null;
      r.onend = null;
      r.abort();
    }
    setListening(false);
    setStatus(then);
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
      if (finalText.current || interim) clearSilence();
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
    r.onerror = (event) => stop(/^(not-allowed|service-not-allowed|audio-capture)$/.test(event.error) ? 'blocked' : 'nothing');
    r.onend = () => {
      // The browser ended on its own (silence): keep a pending final result's timer running.
      recognition.current = null;
      clearSilence();
      if (timer.current === null) {
        setListening(false);
        setStatus(finalText.current ? 'idle' : 'nothing');
      }
    };
    recognition.current = r;
    setListening(true);
    setStatus('listening');
    silence.current = window.setTimeout(() => stop('nothing'), NOTHING_HEARD_MS);
    try {
      r.start();
    } catch {
      stop('blocked');
    }
  }, [lang, stop]);

  useEffect(() => () => stop(), [stop]);
  const stopByPerson = useCallback(() => stop(), [stop]);

  const dismiss = useCallback(() => setStatus((now) => (now === 'listening' ? now : 'idle')), []);

  return { supported: recognitionConstructor() !== null, listening, status, heard, start, stop: stopByPerson, dismiss };
}
