import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeechToTextAvailableDocument } from '../../../graphql/generated';
import { canRecordVoice, voiceFileName } from '../../../lib/can-record-voice';
import { UploadError, uploadForm } from '../../../lib/upload';
import type { RecordingFailure, VoiceRecording } from '../../../lib/voice-recording';

type Phase = 'idle' | 'starting' | 'recording' | RecordingFailure;

/**
 * Speaking without the browser's recogniser (docs/product.md#speech): when the server writes out spoken
 * words (`speechToTextAvailable`), the mic records and the server's text is handed to `onText` (it goes in
 * the box, to be read and fixed before sending). Asked only when `needed` (no recogniser here). The recorder
 * is fetched on the first tap: most browsers have a recogniser, so the first page does not carry it
 * (bench/README.md#first-load-on-a-phone).
 */
export function useServerSpeech(needed: boolean, language: 'en' | 'hi', onText: (text: string) => void) {
  const { t } = useTranslation('search');
  const { data } = useQuery(SpeechToTextAvailableDocument, { skip: !needed });
  const [phase, setPhase] = useState<Phase>('idle');
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef<VoiceRecording | null>(null);
  /** Tapped again (or gone) while the browser was still asked for the microphone. */
  const dropped = useRef(false);
  const textHandler = useRef(onText);
  useEffect(() => {
    textHandler.current = onText;
  });
  useEffect(() => {
    dropped.current = false;
    return () => {
      dropped.current = true;
      live.current?.finish(false);
      live.current = null;
    };
  }, []);

  const send = (blob: Blob) => {
    const form = new FormData();
    form.append('language', language);
    form.append('audio', blob, voiceFileName(blob.type));
    setWriting(true);
    uploadForm<{ text: string }>('POST', '/speech/transcriptions', form)
      .then((answer) => textHandler.current(answer.text))
      // The server's own message (in the page's language) when it gave one, else that it did not arrive.
      .catch((err: unknown) => setError(err instanceof UploadError && err.failure.kind === 'server' ? err.failure.message : t('voice.sendFailed')))
      .finally(() => setWriting(false));
  };

  const start = async () => {
    setPhase('starting');
    dropped.current = false;
    const recording = await import('../../../lib/voice-recording')
      .then(({ startVoiceRecording }) =>
        startVoiceRecording({
          onProgress: () => undefined,
          onRecorded: send,
          onLimit: () => {
            live.current = null;
            setPhase('idle');
          },
        }),
      )
      .catch(() => 'unavailable' as const);
    if (dropped.current) {
      if (typeof recording !== 'string') recording.finish(false);
      return;
    }
    if (typeof recording === 'string') return setPhase(recording);
    live.current = recording;
    setPhase('recording');
  };

  const recording = phase === 'recording' || phase === 'starting';
  return {
    available: needed && !!data?.speechToTextAvailable && canRecordVoice(),
    recording,
    writing,
    error: phase === 'denied' ? t('voice.blocked') : phase === 'unavailable' ? t('voice.micUnavailable') : error,
    toggle: () => {
      setError(null);
      if (phase === 'starting') {
        dropped.current = true;
        setPhase('idle');
      } else if (live.current) {
        live.current.finish(true);
        live.current = null;
        setPhase('idle');
      } else void start();
    },
  };
}
