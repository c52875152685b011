import { useMutation } from '@apollo/client/react';
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MicIcon, PaperclipIcon } from '../../../components/ui/icons';
import { SendChatMessageDocument, SendInquiryDocument, type ChatMessageFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { uploadErrorMessage, uploadForm } from '../../../lib/upload';
import { useSpeechRecognition } from '../../search';
import { isNetworkFailure, useOfflineOutbox, type QueuedMessage } from '../hooks/use-offline-outbox';
import { useTypingHint } from '../hooks/use-typing';
import { useVoiceOutbox } from '../hooks/use-voice-outbox';
import { VoiceRecorder } from './voice-recorder';

/** docs/product.md#limits: a message holds at most 4,000 characters (counted from 3,500); an attachment at most 50 MB. */
const MESSAGE_MAX = 4000;
const MESSAGE_WARN_AT = 3500;
const MB = 1024 * 1024;
const ATTACHMENT_MAX_BYTES = 50 * MB;

interface ComposerProps {
  peerId: string;
  /** A message was sent (null: a file, whose message arrives through the refetch). */
  onSent: (message: ChatMessageFieldsFragment | null) => void;
  /** More actions beside the box (a seller's 'Send a quote'). */
  extra?: ReactNode;
}

/**
 * The message box (docs/product.md#chat): Enter sends, Shift+Enter starts a new line, empty or
 * whitespace-only text is not sent; voice input in the UI's language fills the box (it stops 1.5 s
 * after the last words); a file is attached with upload progress and the server's own refusal text.
 */
export function MessageComposer({ peerId, onSent, extra }: ComposerProps) {
  const { t, i18n } = useTranslation('chat');
  const { t: tp } = useTranslation('products');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [send, { loading }] = useMutation(SendChatMessageDocument);
  const [sendInquiry] = useMutation(SendInquiryDocument);
  const file = useRef<HTMLInputElement>(null);
  const typing = useTypingHint(peerId);
  const sendOne = useCallback(
    async (m: QueuedMessage) => {
      if (m.inquiry) {
        // An inquiry made without network (the product's inquiry overlay queued it here).
        await sendInquiry({ variables: { ...m.inquiry, clientMessageId: m.clientMessageId } });
        onSent(null);
        return;
      }
      const { data } = await send({ variables: { userId: peerId, content: m.content, clientMessageId: m.clientMessageId } });
      onSent(data?.sendChatMessage ?? null);
    },
    [send, sendInquiry, peerId, onSent],
  );
  const refused = useCallback((err: unknown) => setError(readServerError(err).message ?? t('sendFailed')), [t]);
  // The draft is kept on the device per conversation; a message without network waits there (docs/product.md#offline-and-weak-networks).
  const { draft: text, setDraft: setText, queue, enqueue } = useOfflineOutbox(peerId, sendOne, refused);
  const voice = useSpeechRecognition(i18n.language === 'hi' ? 'hi-IN' : 'en-US', (heard) => setText((current) => (current.trim() ? `${current.trim()} ${heard}` : heard)));

  const recorded = useCallback(() => onSent(null), [onSent]);
  const voiceRefused = useCallback((err: unknown) => setError(uploadErrorMessage(err, tp)), [tp]);
  // A voice note recorded without network waits on the device too, and goes once back online.
  const voiceNotes = useVoiceOutbox(peerId, recorded, voiceRefused);
  const tooLong = text.length > MESSAGE_MAX;
  const submit = async () => {
    if (!text.trim() || loading || tooLong) return;
    setError(null);
    // One id per message: a retry after a lost answer, or a send from the offline queue, is stored once.
    const message = { clientMessageId: crypto.randomUUID(), content: text };
    if (!navigator.onLine) {
      enqueue(message);
      setText('');
      return;
    }
    try {
      await sendOne(message);
      setText((current) => (current === message.content ? '' : current));
    } catch (err) {
      if (isNetworkFailure(err)) {
        enqueue(message);
        setText((current) => (current === message.content ? '' : current));
      } else refused(err);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const attach = async (picked: File | undefined) => {
    if (!picked) return;
    setError(null);
    // Said before sending anything: a file over the limit would only be refused after its whole upload.
    if (picked.size > ATTACHMENT_MAX_BYTES) {
      setError(tp('form.fileTooBig', { size: (picked.size / MB).toFixed(1), max: ATTACHMENT_MAX_BYTES / MB }));
      if (file.current) file.current.value = '';
      return;
    }
    setProgress(0);
    const form = new FormData();
    form.append('client_message_id', crypto.randomUUID());
    form.append('attachment', picked, picked.name);
    try {
      await uploadForm('POST', `/chat/${encodeURIComponent(peerId)}/messages`, form, setProgress);
      onSent(null);
    } catch (err) {
      setError(uploadErrorMessage(err, tp));
    } finally {
      setProgress(null);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error ? (
        <p role="alert" className="form-error composer__error">
          {error}
        </p>
      ) : null}
      {queue.length || voiceNotes.queue.length ? (
        <ul className="composer__queue" aria-label={t('offline.queueLabel')}>
          {[...queue.map((m) => ({ id: m.clientMessageId, text: m.content })), ...voiceNotes.queue.map((n) => ({ id: n.clientMessageId, text: t('voiceNote.queued') }))].map((m) => (
            <li key={m.id} className="composer__queued">
              <span className="composer__queued-text">{m.text}</span>
              <span className="composer__queued-state" role="status">
                {t('offline.waiting')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null ? (
        <p className="composer__progress">
          <label htmlFor="chat-upload-progress">{t('uploading', { percent: progress })}</label>
          <progress id="chat-upload-progress" max={100} value={progress} />
        </p>
      ) : null}
      <div className="composer__row">
        <label htmlFor="chat-message" className="visually-hidden">
          {t('messageLabel')}
        </label>
        <textarea
          id="chat-message"
          className="field__input composer__input"
          rows={1}
          value={voice.listening && voice.heard ? `${text} ${voice.heard}`.trim() : text}
          placeholder={voice.listening ? t('listening') : t('placeholder')}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) typing();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby={text.length >= MESSAGE_WARN_AT ? 'chat-message-length' : undefined}
        />
        <input ref={file} type="file" className="visually-hidden" id="chat-attach" tabIndex={-1} aria-hidden="true" onChange={(e) => void attach(e.target.files?.[0])} />
        <button type="button" className="icon-button composer__attach" onClick={() => file.current?.click()} disabled={progress !== null} aria-label={t('attach')}>
          <PaperclipIcon />
        </button>
        {voice.supported ? (
          <button
            type="button"
            className={voice.listening ? 'icon-button composer__voice composer__voice--on' : 'icon-button composer__voice'}
            aria-pressed={voice.listening}
            aria-label={voice.listening ? t('stopVoice') : t('voice')}
            onClick={() => (voice.listening ? voice.stop() : voice.start())}
          >
            <MicIcon />
          </button>
        ) : null}
        <button type="submit" className="button button--primary composer__send" disabled={loading || !text.trim() || tooLong}>
          {t('send')}
        </button>
        {/* Last in the row: while it records, its panel covers the rest of the row, the button stays under the finger. */}
        <VoiceRecorder peerId={peerId} onSent={recorded} onError={setError} onQueue={voiceNotes.enqueue} />
      </div>
      {text.length >= MESSAGE_WARN_AT ? (
        <p id="chat-message-length" className={tooLong ? 'field__error composer__length' : 'composer__length'} aria-live="polite">
          {tooLong ? t('tooLong', { max: MESSAGE_MAX }) : t('length', { count: text.length, max: MESSAGE_MAX })}
        </p>
      ) : null}
      {extra ? <div className="composer__extra">{extra}</div> : null}
    </form>
  );
}
