import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { SendInquiryDocument } from '../../../graphql/generated';
import { isNetworkFailure } from '../../../lib/graphql-errors';
import { readStorage, writeStorage } from '../../../lib/storage';
import { useSpeechRecognition } from '../../search';
import { addToQueue, removeFromQueue, type QueuedMessage } from '../hooks/use-offline-outbox';
import { readYesNo } from '../yes-no';
import './chat.css';
import './chat-forms.css';
import { FormError } from '../../../components/ui/form-error';

export interface InquiryQuestion {
  id: string;
  question: string;
  /** YesNo or FreeResponse (yes_no / free_response accepted). */
  questionType: string;
  mandatory: boolean;
}

export interface InquiryProduct {
  id: string;
  title: string;
  sellerId: string | null;
  questions: ReadonlyArray<InquiryQuestion>;
}

/** docs/product.md#inquiries: after success (or a product without a seller) the overlay goes to the chat after 3 s. */
export const REDIRECT_MS = 3000;

type Step = 'choose' | 'ask' | 'confirm' | 'sending' | 'waiting' | 'sent' | 'failed';
type Mode = 'voice' | 'type';
type Answers = Record<string, string>;

const isYesNo = (q: InquiryQuestion) => /^yes_?no$/i.test(q.questionType);
const storageKey = (productId: string) => `bb.inquiry.${productId}`;

function loadAnswers(productId: string): Answers {
  try {
    const raw = readStorage(storageKey(productId), 'session');
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Answers) : {};
  } catch {
    return {};
  }
}

/**
 * The inquiry overlay (docs/product.md#inquiries): Voice or Type; the seller's questions one at a time
 * ('(Yes/No)' added to yes/no ones, answers kept in session storage per product and question), then
 * whether to send; or, without questions, the buyer's own question. Sent as an inquiry message to the
 * seller; then to the conversation after 3 s. In Voice mode each question is spoken in the UI
 * language and the answer is listened for. Sent without network, the inquiry waits on this device in the
 * seller's chat queue (docs/product.md#offline-and-weak-networks) and goes once back online: from here while
 * the overlay is open, else from the conversation's message box, with the same client message id (never twice).
 */
export function InquiryOverlay({ product, onClose }: { product: InquiryProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const titleId = useId();
  const navigate = useNavigate();
  const lang = i18n.language === 'hi' ? 'hi-IN' : 'en-US';
  const questions = product.questions;
  const [step, setStep] = useState<Step>('choose');
  const [mode, setMode] = useState<Mode>('type');
  const [answers, setAnswers] = useState<Answers>(() => loadAnswers(product.id));
  const [index, setIndex] = useState(() => Math.max(0, questions.findIndex((q) => !(q.id in loadAnswers(product.id)))));
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send] = useMutation(SendInquiryDocument);
  // One id per inquiry: a retry, or the send of the queued inquiry, is stored once.
  const [clientMessageId] = useState(() => crypto.randomUUID());
  const queued = useRef<QueuedMessage | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const freeForm = questions.length === 0;
  const question = !freeForm && index < questions.length ? questions[index] : null;
  const prompt = freeForm
    ? t('inquiry.freeForm', { product: product.title })
    : step === 'confirm'
      ? t('inquiry.confirm')
      : question
        ? `${question.question}${isYesNo(question) ? ` ${t('inquiry.yesNoSuffix')}` : ''}`
        : '';

  const remember = (next: Answers) => {
    setAnswers(next);
    writeStorage(storageKey(product.id), JSON.stringify(next), 'session');
  };

  /** Sends the inquiry (or the one waiting); without network it waits in the seller's queue. */
  const deliver = useCallback(
    async (m: QueuedMessage, sellerId: string) => {
      if (!navigator.onLine) {
        addToQueue(sellerId, m);
        setStep('waiting');
        return;
      }
      try {
        await send({ variables: { ...m.inquiry!, clientMessageId: m.clientMessageId } });
        removeFromQueue(sellerId, m.clientMessageId);
        queued.current = null;
        writeStorage(storageKey(product.id), null, 'session');
        setStep('sent');
        window.setTimeout(() => navigate(`/chat?with=${encodeURIComponent(sellerId)}`), REDIRECT_MS);
      } catch (err) {
        if (isNetworkFailure(err)) {
          addToQueue(sellerId, m);
          setStep('waiting');
        } else setStep('failed');
      }
    },
    [navigate, product.id, send],
  );

  const finish = useCallback(
    async (content: string | null) => {
      setStep('sending');
      if (!product.sellerId) {
        setStep('sent');
        window.setTimeout(() => navigate('/chat'), REDIRECT_MS);
        return;
      }
      const list = questions.map((q) => ({ question: q.question, answer: answers[q.id] ?? '' }));
      const inquiry = { productId: product.id, answers: list, content, language: i18n.language === 'hi' ? ('hi' as const) : ('en' as const) };
      queued.current = { clientMessageId, content: t('inquiry.queued', { product: product.title }), inquiry };
      await deliver(queued.current, product.sellerId);
    },
    [answers, clientMessageId, deliver, i18n.language, navigate, product.id, product.sellerId, product.title, questions, t],
  );

  // Waiting for network: sent once the browser is back online (the chat's message box sends it too, if opened first).
  useEffect(() => {
    if (step !== 'waiting' || !product.sellerId) return;
    const sellerId = product.sellerId;
    const online = () => {
      if (queued.current) void deliver(queued.current, sellerId);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [step, product.sellerId, deliver]);

  /** One reply from the buyer, typed or heard. */
  const answer = (text: string) => {
    const value = text.trim();
    setError(null);
    if (freeForm) {
      if (!value) return;
      void finish(value);
      return;
    }
    if (step === 'confirm') {
      // The next reply sends it, unless it is a clear no.
      if (readYesNo(value) === 'No') {
        setStep('ask');
        setIndex(0);
        return;
      }
      void finish(null);
      return;
    }
    if (!question) return;
    if (!value) {
      if (question.mandatory) return setError(t('inquiry.required'));
      return advance({ ...answers });
    }
    let stored = value;
    if (isYesNo(question)) {
      const yn = readYesNo(value);
      if (!yn) return setError(t('inquiry.yesNoError'));
      stored = yn;
    }
    advance({ ...answers, [question.id]: stored });
  };

  const advance = (next: Answers) => {
    remember(next);
    setReply('');
    if (index + 1 < questions.length) setIndex(index + 1);
    else {
      setIndex(questions.length);
      setStep('confirm');
    }
  };

  const voice = useSpeechRecognition(lang, (heard) => answer(heard));
  const listen = voice.start;
  const listenAfterSpeaking = useCallback(
    (text: string) => {
      const synth = 'speechSynthesis' in window ? window.speechSynthesis : null;
      if (!synth || !text) return listen();
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      utterance.onend = () => listen();
      utterance.onerror = () => listen();
      synth.speak(utterance);
    },
    [lang, listen],
  );

  // Voice mode: each new prompt is spoken, then the answer is listened for.
  useEffect(() => {
    if (mode !== 'voice' || (step !== 'ask' && step !== 'confirm')) return;
    listenAfterSpeaking(prompt);
  }, [mode, step, prompt, listenAfterSpeaking]);
  useEffect(() => () => window.speechSynthesis?.cancel(), []);
  useEffect(() => {
    if (mode === 'type' && (step === 'ask' || step === 'confirm')) inputRef.current?.focus();
  }, [mode, step, index]);

  /** Out of voice mode: the questions are typed from here (nothing more is spoken or listened for). */
  const typeInstead = () => {
    voice.dismiss();
    window.speechSynthesis?.cancel();
    setMode('type');
    inputRef.current?.focus();
  };

  const start = (m: Mode) => {
    setMode(m);
    setStep(freeForm || index < questions.length ? 'ask' : 'confirm');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    answer(reply);
  };

  const progress = freeForm ? null : step === 'confirm' || index >= questions.length ? t('inquiry.complete') : t('inquiry.progress', { current: index + 1, total: questions.length });

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="inquiry">
        <h2 id={titleId}>{t('inquiry.title', { product: product.title })}</h2>
        {step === 'choose' ? (
          <>
            <p>{t('inquiry.how')}</p>
            <div className="inquiry__choices">
              <button type="button" className="button button--primary" onClick={() => start('voice')} disabled={!voice.supported}>
                {t('inquiry.voice')}
              </button>
              <button type="button" className="button button--primary" onClick={() => start('type')}>
                {t('inquiry.type')}
              </button>
            </div>
            {!voice.supported ? <p className="inquiry__hint">{t('inquiry.noVoice')}</p> : null}
          </>
        ) : null}
        {step === 'ask' || step === 'confirm' ? (
          <form className="inquiry__ask" onSubmit={submit}>
            {progress ? (
              <p className="inquiry__progress" aria-live="polite">
                {progress}
              </p>
            ) : null}
            <p className="inquiry__question" aria-live="polite">
              {prompt}
            </p>
            {step === 'confirm' ? (
              <dl className="inquiry__summary">
                {questions.map((q) => (
                  <div key={q.id}>
                    <dt>{q.question}</dt>
                    <dd>{answers[q.id] ?? 'N/A'}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {step === 'ask' && question && isYesNo(question) ? (
              // A yes/no question is two big buttons; typing or saying it still works below.
              <div className="inquiry__yes-no" role="group" aria-label={question.question}>
                <button type="button" className="button button--primary" onClick={() => answer('yes')}>
                  {t('inquiry.yes')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => answer('no')}>
                  {t('inquiry.no')}
                </button>
              </div>
            ) : null}
            <label htmlFor="inquiry-reply" className="visually-hidden">
              {t('inquiry.replyLabel')}
            </label>
            <textarea
              id="inquiry-reply"
              ref={inputRef}
              className="field__input"
              rows={2}
              value={voice.listening && voice.heard ? voice.heard : reply}
              placeholder={voice.listening ? t('listening') : t('inquiry.replyPlaceholder')}
              onChange={(e) => setReply(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  answer(reply);
                }
              }}
            />
            <FormError message={error} />
            {voice.status !== 'idle' ? (
              // What the microphone is doing, as the search assistant's mic says it: listening, heard nothing (8 s
              // at most), or blocked; typing is offered.
              <div className={`inquiry__voice inquiry__voice--${voice.status}`}>
                <p role="status">{t(`inquiry.voiceState.${voice.status}`)}</p>
                {voice.status === 'listening' ? null : (
                  <div className="inquiry__actions">
                    <button type="button" className="button button--secondary" onClick={typeInstead}>
                      {t('inquiry.voiceState.typeInstead')}
                    </button>
                    {voice.status === 'nothing' ? (
                      <button type="button" className="button button--ghost" onClick={voice.start}>
                        {t('inquiry.voiceState.again')}
                      </button>
                    ) : null}
                  </div>
                )}
              </div>
            ) : null}
            <div className="inquiry__actions">
              <button type="submit" className="button button--primary">
                {step === 'confirm' ? t('inquiry.send') : t('inquiry.next')}
              </button>
              {question && !question.mandatory && step === 'ask' ? (
                <button type="button" className="button button--ghost" onClick={() => answer('')}>
                  {t('inquiry.skip')}
                </button>
              ) : null}
              {voice.supported ? (
                <button type="button" className="button button--ghost" aria-pressed={voice.listening} onClick={() => (voice.listening ? voice.stop() : voice.start())}>
                  {voice.listening ? t('stopVoice') : t('inquiry.speak')}
                </button>
              ) : null}
            </div>
          </form>
        ) : null}
        {step === 'sending' ? <p role="status">{t('inquiry.sending')}</p> : null}
        {step === 'waiting' ? (
          <p role="status" className="inquiry__waiting">
            {t('inquiry.waiting')}
          </p>
        ) : null}
        {step === 'sent' ? <p role="status">{product.sellerId ? t('inquiry.sent') : t('inquiry.recorded')}</p> : null}
        {step === 'failed' ? (
          <>
            <p role="alert" className="form-error">
              {t('inquiry.failed')}
            </p>
            <button type="button" className="button button--primary" onClick={() => void finish(freeForm ? reply.trim() || null : null)}>
              {t('retry')}
            </button>
          </>
        ) : null}
        <button type="button" className="button button--secondary inquiry__back" onClick={step === 'choose' || step === 'sent' || step === 'waiting' ? onClose : () => setStep('choose')}>
          {t('inquiry.back')}
        </button>
      </div>
    </Modal>
  );
}
