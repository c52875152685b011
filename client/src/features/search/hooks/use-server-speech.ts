import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeechToTextAvailableDocument } from '../../../graphql/generated';
import { uploadErrorMessage, uploadForm } from '../../../lib/upload';
import { canRecordVoice, useVoiceRecorder, voiceFileName } from '../../../lib/use-voice-recorder';

/**
 * Speaking without the browser's recogniser (docs/product.md#speech): when the server writes out spoken
 * words (`speechToTextAvailable`), the mic records and the server's text is handed to `onText` (it goes in
 * the box, to be read and fixed before sending). Asked only when `needed` (no recogniser here).
 */
export function useServerSpeech(needed: boolean, language: 'en' | 'hi', onText: (text: string) => void) {
  const { t: tp } = useTranslation('products');
  const { data } = useQuery(SpeechToTextAvailableDocument, { skip: !needed });
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorder = useVoiceRecorder((blob) => {
    const form = new FormData();
    form.append('language', language);
    form.append('audio', blob, voiceFileName(blob.type));
    setWriting(true);
    uploadForm<{ text: string }>('POST', '/speech/transcriptions', form)
      .then((answer) => onText(answer.text))
      .catch((err: unknown) => setError(uploadErrorMessage(err, tp)))
      .finally(() => setWriting(false));
  });
  const recording = recorder.state.phase === 'recording' || recorder.state.phase === 'starting';
  return {
    available: needed && !!data?.speechToTextAvailable && canRecordVoice(),
    recording,
    writing,
    error: recorder.state.phase === 'failed' ? tp('upload.failed') : error,
    toggle: () => {
      setError(null);
      if (recording) recorder.finish(true);
      else void recorder.start();
    },
  };
}
