import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';

const STORAGE_KEY = 'bb.searchSpeakReplies';

/**
 * The assistant's short replies read aloud with speechSynthesis, in the UI language: by default only
 * when the buyer is speaking (the assistant opened in voice mode); the buyer's own choice, either
 * way, is remembered in this browser.
 */
export function useSpokenReplies(lang: 'en-US' | 'hi-IN', voiceMode: boolean) {
  const available = typeof window !== 'undefined' && 'speechSynthesis' in window;
  const [enabled, setEnabled] = useState(() => {
    const chosen = readStorage(STORAGE_KEY);
    return chosen === 'on' ? true : chosen === 'off' ? false : voiceMode;
  });

  const toggle = useCallback(() => {
    setEnabled((on) => {
      writeStorage(STORAGE_KEY, on ? 'off' : 'on');
      if (on && available) window.speechSynthesis.cancel();
      return !on;
    });
  }, [available]);

  const speak = useCallback(
    (text: string) => {
      if (!enabled || !available || !text) return;
      window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      window.speechSynthesis.speak(utterance);
    },
    [enabled, available, lang],
  );

  // Stop talking when the assistant goes away.
  useEffect(() => () => window.speechSynthesis?.cancel(), []);

  return { available, enabled, toggle, speak };
}
