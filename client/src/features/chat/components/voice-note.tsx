import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PauseIcon, PlayIcon } from '../../../components/ui/icons';
import { MarkVoiceNotePlayedDocument, type ChatMessageFieldsFragment } from '../../../graphql/generated';
import './voice.css';

type Message = ChatMessageFieldsFragment;

/** A duration as 0:07 or 1:59. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const SPEEDS = [1, 1.5, 2] as const;

/**
 * A voice note in its bubble (docs/product.md#voice-notes): play/pause, a seek slider over the server's
 * waveform, the time, speed 1x / 1.5x / 2x, the receiver's unplayed mark (cleared by playing it, which
 * tells the server once), and the transcript under it when speech-to-text has sent one.
 */
export function VoiceNote({ message: m, onChanged }: { message: Message; onChanged: (m: Message) => void }) {
  const { t } = useTranslation('chat');
  const v = m.voiceNote!;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [failed, setFailed] = useState(false);
  const [markPlayed] = useMutation(MarkVoiceNotePlayedDocument);
  const marked = useRef(false);
  // Only a play the reader asked for can fail in their eyes: the audio's own look-ahead (its length, read on
  // load) failing, offline say, says nothing, and the next play loads it again.
  const asked = useRef(false);
  const unplayed = !m.mine && !v.played;

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (playing) return el.pause();
    setFailed(false);
    asked.current = true;
    if (el.error) el.load();
    try {
      el.playbackRate = speed;
      await el.play();
    } catch {
      setFailed(true);
      return;
    }
    if (unplayed && !marked.current) {
      marked.current = true;
      markPlayed({ variables: { messageId: m.id } })
        .then(({ data }) => data && onChanged(data.markVoiceNotePlayed))
        .catch(() => {
          marked.current = false;
        });
    }
  };

  const seek = (ms: number) => {
    setAt(ms);
    if (audio.current) audio.current.currentTime = ms / 1000;
  };

  const done = at / Math.max(1, v.durationMs);
  const label = unplayed ? t('voiceNote.labelUnplayed', { time: clock(v.durationMs) }) : t('voiceNote.label', { time: clock(v.durationMs) });
  return (
    <div className="voice-note-wrap">
      <div className={unplayed ? 'voice-note voice-note--unplayed' : 'voice-note'} role="group" aria-label={label}>
        <audio
          ref={audio}
          src={v.url}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setAt(0);
          }}
          onTimeUpdate={(e) => setAt(Math.min(v.durationMs, e.currentTarget.currentTime * 1000))}
          onError={() => asked.current && setFailed(true)}
        />
        <button type="button" className="icon-button voice-note__play" onClick={() => void toggle()} aria-label={playing ? t('voiceNote.pause') : t('voiceNote.play')}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className="voice-note__track">
          <div className="voice-note__wave" aria-hidden="true">
            {v.peaks.map((p, i) => (
              <span key={i} className={i / v.peaks.length < done ? 'voice-note__bar voice-note__bar--done' : 'voice-note__bar'} style={{ height: `${Math.max(8, p)}%` }} />
            ))}
          </div>
          <input
            type="range"
            className="voice-note__seek"
            min={0}
            max={v.durationMs}
            step={100}
            value={Math.round(at)}
            onChange={(e) => seek(Number(e.target.value))}
            aria-label={t('voiceNote.seek')}
            aria-valuetext={t('voiceNote.position', { at: clock(at), time: clock(v.durationMs) })}
          />
        </div>
        <span className="voice-note__time">{clock(playing || at > 0 ? at : v.durationMs)}</span>
        <button
          type="button"
          className="link-button voice-note__speed"
          onClick={() => setSpeed((s) => SPEEDS[(SPEEDS.indexOf(s) + 1) % SPEEDS.length])}
          aria-label={t('voiceNote.speed', { speed })}
        >
          {speed}x
        </button>
        {unplayed ? <span className="voice-note__unplayed" aria-hidden="true" /> : null}
      </div>
      {failed ? (
        <p className="form-error" role="alert">
          {t('voiceNote.playFailed')}
        </p>
      ) : null}
      {v.transcript ? (
        <p className="voice-note__transcript">
          <span className="visually-hidden">{t('voiceNote.transcript')} </span>
          {v.transcript}
        </p>
      ) : null}
    </div>
  );
}
