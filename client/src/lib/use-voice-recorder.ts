import { useCallback, useEffect, useRef, useState } from 'react';
import { canRecordVoice } from './can-record-voice';
import { startVoiceRecording, type VoiceRecording } from './voice-recording';

export { canRecordVoice, voiceFileName, VOICE_NOTE_MAX_MS } from './can-record-voice';

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; elapsedMs: number; level: number }
  | { phase: 'failed'; reason: 'denied' | 'unavailable' };

/**
 * A voice note being recorded (`startVoiceRecording`): `start` asks for the microphone and records, with the
 * time so far and a level from 0 to 1 for the meter; `finish(true)` stops and hands the recording to
 * `onRecorded`, `finish(false)` throws it away. It stops by itself at 2 minutes (and sends). The microphone
 * is released whenever recording ends, and when the component goes away.
 */
export function useVoiceRecorder(onRecorded: (blob: Blob, durationMs: number) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const live = useRef<VoiceRecording | null>(null);
  const starting = useRef(false);
  const mounted = useRef(true);
  const handler = useRef(onRecorded);
  useEffect(() => {
    handler.current = onRecorded;
  });

  const finish = useCallback((send: boolean) => {
    const l = live.current;
    if (!l) return;
    live.current = null;
    l.finish(send);
    setState({ phase: 'idle' });
  }, []);

  const start = useCallback(async () => {
    if (live.current || starting.current || !canRecordVoice()) return;
    starting.current = true;
    setState({ phase: 'starting' });
    const recording = await startVoiceRecording({
      onProgress: (elapsedMs, level) => {
        // (A tick between finish and the recorder's stop says nothing.)
        if (live.current) setState({ phase: 'recording', elapsedMs, level });
      },
      onRecorded: (blob, durationMs) => handler.current(blob, durationMs),
      onLimit: () => {
        live.current = null;
        setState({ phase: 'idle' });
      },
    }).finally(() => {
      starting.current = false;
    });
    if (typeof recording === 'string') return setState({ phase: 'failed', reason: recording });
    // Gone while the browser asked for the microphone: nothing is kept.
    if (!mounted.current) return recording.finish(false);
    live.current = recording;
    setState({ phase: 'recording', elapsedMs: 0, level: 0 });
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const l = live.current;
      live.current = null;
      l?.finish(false);
    };
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, finish, reset };
}
