/**
 * Speech recognition stubbed in the page, as an init script (headless Chromium's real one never hears
 * anything): each `start()` hears the words of `window.__speech` (initially `words`) as one final result
 * 300 ms later. The last recogniser made is `window.__recognition`.
 */
export const fakeSpeech = (words: string) => `
  class FakeRecognition {
    constructor() { this.lang = ''; this.continuous = false; this.interimResults = false; this.onresult = null; this.onerror = null; this.onend = null; window.__recognition = this; }
    start() {
      this.timer = setTimeout(() => {
        const alternative = { transcript: window.__speech || '', confidence: 0.95 };
        const result = Object.assign([alternative], { isFinal: true });
        this.onresult && this.onresult({ resultIndex: 0, results: [result] });
      }, 300);
    }
    stop() { clearTimeout(this.timer); }
    abort() { clearTimeout(this.timer); }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  window.__speech = ${JSON.stringify(words)};
`;
