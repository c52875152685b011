import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ChatMessageHistoryDocument,
  CreateOrderFromQuoteDocument,
  EditChatMessageDocument,
  RespondToBidDocument,
  type ChatMessageFieldsFragment,
} from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { formatPaise, rupeesToPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { DownloadIcon, PaperclipIcon } from '../../../components/ui/icons';
import { ReportButton } from '../../moderation';
import { messageTime } from '../relative-time';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { MessageTranslation } from './message-translation';
import { VoiceNote } from './voice-note';

type Message = ChatMessageFieldsFragment;

interface BubbleProps {
  message: Message;
  now: number;
  /** The message as the server now has it (edited, a quote ordered, a bid answered). */
  onChanged: (message: Message) => void;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One message: its text or card (attachment, inquiry, quote, bid), its time, 'edited' and the history, and its actions. */
export function MessageBubble({ message: m, now, onChanged }: BubbleProps) {
  const { t, i18n } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  return (
    <div className="bubble">
      {m.kind === 'attachment' && m.attachment ? <AttachmentView message={m} /> : null}
      {m.kind === 'voice' && m.voiceNote ? <VoiceNote message={m} onChanged={onChanged} /> : null}
      {m.kind === 'inquiry' && m.inquiry ? <InquiryCard message={m} /> : null}
      {m.kind === 'quote' && m.quote ? <QuoteCard message={m} onChanged={onChanged} /> : null}
      {m.kind === 'bid' && m.bid ? <BidCard message={m} onChanged={onChanged} /> : null}
      {m.kind === 'text' ? editing ? <EditForm message={m} onDone={(u) => (u && onChanged(u), setEditing(false))} /> : <p className="bubble__text">{m.content}</p> : null}
      <MessageTranslation message={m} />
      <p className="bubble__meta">
        <time dateTime={String(m.createdAt)}>{messageTime(String(m.createdAt), now, i18n.language)}</time>
        {m.isEdited ? (
          <button type="button" className="link-button" aria-expanded={showHistory} onClick={() => setShowHistory((s) => !s)}>
            {t('edited')}
          </button>
        ) : null}
        {m.mine && m.kind === 'text' && !editing ? (
          <button type="button" className="link-button" onClick={() => setEditing(true)} aria-label={t('editLabel')}>
            {t('edit')}
          </button>
        ) : null}
        {!m.mine && m.kind !== 'system' ? <ReportButton targetType="message" targetId={m.id} /> : null}
      </p>
      {showHistory ? <History messageId={m.id} /> : null}
    </div>
  );
}

function AttachmentView({ message: m }: { message: Message }) {
  const { t } = useTranslation('chat');
  const a = m.attachment!;
  return a.isImage && a.previewUrl ? (
    <a href={a.url} target="_blank" rel="noopener" className="bubble__picture">
      <img src={a.previewUrl} alt={a.fileName} loading="lazy" width={240} />
    </a>
  ) : (
    <a href={a.url} download={a.fileName} className="file-chip">
      <span className="file-chip__kind" aria-hidden="true">
        {DOCUMENT_KINDS[a.contentType] ?? <PaperclipIcon />}
      </span>
      <span className="file-chip__text">
        <span className="file-chip__name">{a.fileName}</span>{' '}
        <span className="file-chip__size">{sizeText(a.size)}</span>
      </span>{' '}
      <DownloadIcon className="file-chip__download" />
      <span className="visually-hidden">{t('download')}</span>
    </a>
  );
}

/** The short names of the business documents chat takes (PDF, spreadsheets, Word files, CSV): shown on the file's chip. */
const DOCUMENT_KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'text/csv': 'CSV',
};

function InquiryCard({ message: m }: { message: Message }) {
  const { t } = useTranslation('chat');
  const q = m.inquiry!;
  return (
    <div className="chat-card">
      <p className="chat-card__title">
        {t('inquiry.about')} <Link to={`/product/${q.productId}`}>{q.productTitle}</Link>
      </p>
      {q.answers.length ? (
        <dl className="chat-card__answers">
          {q.answers.map((a, i) => (
            <div key={i}>
              <dt>{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="bubble__text">{m.content}</p>
      )}
    </div>
  );
}

function QuoteCard({ message: m, onChanged }: { message: Message; onChanged: (m: Message) => void }) {
  const { t, i18n } = useTranslation('chat');
  const q = m.quote!;
  const [accept, { loading }] = useMutation(CreateOrderFromQuoteDocument);
  const [error, setError] = useState<string | null>(null);
  const [ordered, setOrdered] = useState<string | null>(null);
  const status = ordered ? 'ordered' : q.status;
  const until = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short' }).format(new Date(String(q.validUntil)));
  const [ask, dialog] = useConfirm();
  const onAccept = async () => {
    const total = formatPaise(q.totalPaise);
    if (!(await ask({ title: t('quote.confirmTitle', { total }), body: t('quote.confirmBody'), confirmLabel: t('quote.confirmYes') }))) return;
    setError(null);
    try {
      const { data } = await accept({ variables: { messageId: m.id, idempotencyKey: crypto.randomUUID() } });
      if (data) {
        setOrdered(data.createOrderFromQuote.displayId);
        onChanged({ ...m, quote: { ...q, status: 'ordered', orderId: data.createOrderFromQuote.id } });
      }
    } catch (err) {
      setError(readServerError(err).message ?? t('quote.acceptFailed'));
    }
  };
  return (
    <div className="chat-card chat-card--quote">
      <OfferTerms kind={t('quote.kind')} offer={q} />
      <p className={`chat-card__status chat-card__status--${status}`}>
        {status === 'open' ? t('quote.validUntil', { date: until }) : status === 'ordered' ? t('quote.status.ordered') : t('quote.status.expired')}
      </p>
      {status === 'ordered' ? (
        <p>
          <Link to={m.mine ? '/seller/orders' : '/orders'}>{m.mine ? t('quote.seeSellerOrders') : t('quote.seeOrders')}</Link>
        </p>
      ) : null}
      {!m.mine && status === 'open' ? (
        <button type="button" className="button button--primary" onClick={() => void onAccept()} disabled={loading}>
          {t('quote.accept', { total: formatPaise(q.totalPaise) })}
        </button>
      ) : null}
      <FormError message={error} />
      {dialog}
    </div>
  );
}

function BidCard({ message: m, onChanged }: { message: Message; onChanged: (m: Message) => void }) {
  const { t } = useTranslation('chat');
  const format = usePriceFormat();
  const b = m.bid!;
  const [respond, { loading }] = useMutation(RespondToBidDocument);
  const [countering, setCountering] = useState(false);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = async (action: 'accept' | 'counter' | 'decline', unitPricePaise?: string) => {
    setError(null);
    try {
      const { data } = await respond({ variables: { messageId: m.id, action, unitPricePaise } });
      if (data) onChanged(data.respondToBid);
      setCountering(false);
    } catch (err) {
      setError(readServerError(err).message ?? t('bid.respondFailed'));
    }
  };
  const submitCounter = (e: FormEvent) => {
    e.preventDefault();
    const paise = rupeesToPaise(price);
    if (!paise) return setError(t('bid.priceInvalid'));
    void answer('counter', paise);
  };
  return (
    <div className="chat-card chat-card--bid">
      <OfferTerms kind={t('bid.kind')} offer={b} />
      {b.status !== 'open' ? <p className={`chat-card__status chat-card__status--${b.status}`}>{b.status === 'accepted' ? t('bid.status.accepted') : b.status === 'countered' ? t('bid.status.countered') : t('bid.status.declined')}</p> : null}
      {!m.mine && b.status === 'open' ? (
        <div className="chat-card__actions">
          <button type="button" className="button button--primary" disabled={loading} onClick={() => void answer('accept')}>
            {t('bid.accept')}
          </button>
          <button type="button" className="button button--secondary" disabled={loading} aria-expanded={countering} onClick={() => setCountering((c) => !c)}>
            {t('bid.counter')}
          </button>
          <button type="button" className="button button--ghost" disabled={loading} onClick={() => void answer('decline')}>
            {t('bid.decline')}
          </button>
        </div>
      ) : null}
      {countering ? (
        <form className="chat-card__counter" onSubmit={submitCounter}>
          <label htmlFor={`counter-${m.id}`}>{t('bid.counterPrice', { unit: format.unitName(b.unit) })}</label>
          <input id={`counter-${m.id}`} className="field__input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          <button type="submit" className="button button--primary" disabled={loading}>
            {t('bid.sendCounter')}
          </button>
        </form>
      ) : null}
      <FormError message={error} />
    </div>
  );
}

/** What a quote and a bid both show: the kind, the product, quantity x unit price = total (in the offer's unit), the note. */
function OfferTerms({ kind, offer }: { kind: string; offer: Pick<NonNullable<Message['quote']>, 'productId' | 'productTitle' | 'unit' | 'quantity' | 'unitPricePaise' | 'totalPaise' | 'note'> }) {
  const { t } = useTranslation('chat');
  const price = usePriceFormat();
  return (
    <>
      <p className="chat-card__kind">{kind}</p>
      <p className="chat-card__title">
        <Link to={`/product/${offer.productId}`}>{offer.productTitle}</Link>
      </p>
      <p>{t('quote.terms', { quantity: price.quantity(offer.quantity, offer.unit), unit: price.price(offer.unitPricePaise, offer.unit), total: formatPaise(offer.totalPaise) })}</p>
      {offer.note ? <p className="bubble__text">{offer.note}</p> : null}
    </>
  );
}

function EditForm({ message: m, onDone }: { message: Message; onDone: (updated: Message | null) => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(m.content);
  const [edit, { loading }] = useMutation(EditChatMessageDocument);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(t('emptyMessage'));
    if (text === m.content) return onDone(null);
    try {
      const { data } = await edit({ variables: { messageId: m.id, content: text } });
      onDone(data?.editChatMessage ?? null);
    } catch (err) {
      setError(readServerError(err).message ?? t('editFailed'));
    }
  };
  return (
    <form className="bubble__edit" onSubmit={(e) => void save(e)}>
      <label htmlFor={`edit-${m.id}`} className="visually-hidden">
        {t('editLabel')}
      </label>
      <textarea id={`edit-${m.id}`} className="field__input" value={text} rows={2} onChange={(e) => setText(e.target.value)} autoFocus />
      <div className="bubble__edit-actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('save')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone(null)}>
          {t('cancel')}
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}

function History({ messageId }: { messageId: string }) {
  const { t, i18n } = useTranslation('chat');
  // Shown only once asked for (the 'edited' mark), so an ordinary query when it mounts.
  const { data, error } = useQuery(ChatMessageHistoryDocument, { variables: { messageId }, fetchPolicy: 'network-only' });
  if (error) return <p className="form-error">{t('historyFailed')}</p>;
  if (!data) return <p role="status">{t('loading')}</p>;
  const versions = data.chatMessageHistory;
  return (
    <div className="bubble__history">
      <p className="bubble__history-title">{t('historyTitle')}</p>
      <ol>
        {versions.map((v, i) => (
          <li key={v.version}>
            <span className="bubble__history-when">
              {messageTime(String(v.at), Date.now(), i18n.language)}
              {i === versions.length - 1 ? ` · ${t('current')}` : ''}
            </span>
            <span className="bubble__text">{v.content}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
