import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, WaveIcon } from '../../../components/ui/icons';
import { uploadErrorMessage } from '../../../lib/upload';
import { canRecordVoice, useVoiceRecorder, VOICE_NOTE_MAX_MS } from '../../../lib/use-voice-recorder';
import { isUploadNetworkFailure, uploadVoiceNote } from '../hooks/use-voice-outbox';
import { clock } from './voice-note';
import './voice.css';

/** A press shorter than this is a tap: recording goes on hands-free (tap-to-record) until Send or Cancel. */
const TAP_MS = 400;
/** How far a held press slides left to cancel. */
const CANCEL_SLIDE_PX = 80;

interface Props {
  peerId: string;
  /** The note was stored (its message arrives through the refetch and the live event). */
  onSent: () => void;
  onError: (message: string | null) => void;
  /** Recorded without network (or its upload found none): it waits on the device with its id (useVoiceOutbox). */
  onQueue: (audio: Blob, clientMessageId: string) => Promise<void>;
}

/**
 * The voice-note button of the message box (docs/product.md#voice-notes): hold to record and release to
 * send, sliding left cancels; a tap (or Enter/Space) records hands-free until Send or Cancel. While it
 * records: a timer to 2:00, a level meter and the two buttons. Without network the note waits on the device and
 * goes once back online (docs/product.md#offline-and-weak-networks).
 */
export function VoiceRecorder({ peerId, onSent, onError, onQueue }: Props) {
  const { t } = useTranslation('chat');
  const { t: tp } = useTranslation('products');
  const [progress, setProgress] = useState<number | null>(null);
  const [handsFree, setHandsFree] = useState(false);
  const press = useRef<{ at: number; x: number } | null>(null);
  const [sliding, setSliding] = useState(false);

  const upload = async (blob: Blob) => {
    // One id per note: the queued note's send, or a retry after a lost answer, is stored once.
    const clientMessageId = crypto.randomUUID();
    if (!navigator.onLine) return onQueue(blob, clientMessageId);
    setProgress(0);
    try {
      await uploadVoiceNote(peerId, clientMessageId, blob, setProgress);
      onSent();
    } catch (err) {
      if (isUploadNetworkFailure(err)) await onQueue(blob, clientMessageId);
      else onError(uploadErrorMessage(err, tp));
    } finally {
      setProgress(null);
    }
  };
  const recorder = useVoiceRecorder((blob) => void upload(blob));
  const { state, reset } = recorder;
  const sendButton = useRef<HTMLButtonElement>(null);
  // The microphone refused or missing: said where the message box says its errors.
  useEffect(() => {
    if (state.phase !== 'failed') return;
    onError(state.reason === 'denied' ? t('voiceNote.micDenied') : t('voiceNote.micUnavailable'));
    reset();
  }, [state, onError, reset, t]);
  // Hands-free: the record button is off while Send and Cancel show; focus goes to Send.
  useEffect(() => {
    if (handsFree) sendButton.current?.focus();
  }, [handsFree]);

  if (!canRecordVoice()) return null;

  const begin = () => {
    onError(null);
    void recorder.start();
  };
  const end = (send: boolean) => {
    press.current = null;
    setSliding(false);
    setHandsFree(false);
    recorder.finish(send);
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || state.phase === 'recording' || state.phase === 'starting') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    press.current = { at: performance.now(), x: e.clientX };
    setHandsFree(false);
    begin();
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!press.current) return;
    const slid = press.current.x - e.clientX;
    setSliding(slid > CANCEL_SLIDE_PX / 2);
    if (slid > CANCEL_SLIDE_PX) end(false);
  };
  const onPointerUp = () => {
    if (!press.current) return;
    const held = performance.now() - press.current.at;
    press.current = null;
    setSliding(false);
    if (held < TAP_MS) setHandsFree(true);
    else end(true);
  };

  const recording = state.phase === 'recording' || state.phase === 'starting';
  const elapsed = state.phase === 'recording' ? state.elapsedMs : 0;
  return (
    <>
      {recording ? (
        <div className="voice-rec" role="group" aria-label={t('voiceNote.recording')}>
          <span className="voice-rec__dot" aria-hidden="true" />
          <span className="voice-rec__time" role="timer" aria-label={t('voiceNote.elapsed', { time: clock(elapsed), max: clock(VOICE_NOTE_MAX_MS) })}>
            {clock(elapsed)} / {clock(VOICE_NOTE_MAX_MS)}
          </span>
          <span className="voice-rec__meter" aria-hidden="true">
            <span className="voice-rec__level" style={{ transform: `scaleX(${state.phase === 'recording' ? Math.max(0.04, state.level) : 0.04})` }} />
          </span>
          {handsFree ? (
            <>
              <button type="button" className="icon-button voice-rec__cancel" onClick={() => end(false)} aria-label={t('voiceNote.cancel')}>
                <CloseIcon />
              </button>
              <button ref={sendButton} type="button" className="button button--primary voice-rec__send" onClick={() => end(true)}>
                {t('voiceNote.send')}
              </button>
            </>
          ) : (
            <span className={sliding ? 'voice-rec__hint voice-rec__hint--armed' : 'voice-rec__hint'}>{t('voiceNote.slideToCancel')}</span>
          )}
        </div>
      ) : null}
      {progress !== null ? (
        <p className="voice-rec voice-rec--sending" role="status">
          {t('voiceNote.sending', { percent: progress })}
        </p>
      ) : null}
      <button
        type="button"
        className={recording ? 'icon-button composer__record composer__record--on' : 'icon-button composer__record'}
        aria-label={recording ? t('voiceNote.recordingLabel') : t('voiceNote.record')}
        aria-pressed={recording}
        disabled={progress !== null || (recording && handsFree)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => press.current && end(false)}
        onContextMenu={(e) => e.preventDefault()}
        onClick={(e) => {
          // A keyboard or a screen reader's activation (no pointer press): hands-free recording.
          if (e.detail !== 0 || press.current) return;
          if (recording) end(true);
          else {
            setHandsFree(true);
            begin();
          }
        }}
      >
        <WaveIcon />
      </button>
    </>
  );
}
