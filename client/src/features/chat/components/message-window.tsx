import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChatMessagesDocument,
  MyProductsDocument,
  ChatPartnerDocument,
  MarkChatReadDocument,
  type ChatMessageFieldsFragment,
  type ConversationFieldsFragment,
} from '../../../graphql/generated';
import type { ChatEvent } from '../hooks/use-chat-events';
import { usePeerTyping } from '../hooks/use-typing';
import { ReportButton } from '../../moderation';
import { SellerBadgesFor } from '../../profiles';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { QuoteForm } from './quote-form';

/** What the page tells the open conversation: a live event, or that the stream reconnected. */
export type WindowSignal = { kind: 'event'; event: ChatEvent } | { kind: 'resync' };

export const PAGE_SIZE = 30;

type Message = ChatMessageFieldsFragment;
const higher = (a: string, b: string) => (BigInt(b) > BigInt(a) ? b : a);

/** Messages by id (a newer copy replaces an older one), in the conversation's order. */
export function mergeMessages(list: ReadonlyArray<Message>, incoming: ReadonlyArray<Message>): Message[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
}

interface MessageWindowProps {
  peerId: string;
  /** The conversation from the list: null when there is none yet (a new one), undefined while the list loads. */
  conversation: ConversationFieldsFragment | null | undefined;
  subscribe: (listener: (signal: WindowSignal) => void) => () => void;
  onBack: () => void;
  /** Something the list shows changed (a read, a message sent). */
  onChanged: () => void;
  now: number;
}

/**
 * One conversation: older messages load upwards (`before`), new ones arrive live, the gap after a
 * reconnect is fetched (`after`), messages from the other side are marked read while it is open.
 */
export function MessageWindow({ peerId, conversation, subscribe, onBack, onChanged, now }: MessageWindowProps) {
  const { t } = useTranslation('chat');
  const client = useApolloClient();
  // The other person's name for a conversation not in the list yet (opened from a product page).
  const partner = useQuery(ChatPartnerDocument, { variables: { userId: peerId }, skip: conversation !== null });
  const first = useQuery(ChatMessagesDocument, { variables: { userId: peerId, limit: PAGE_SIZE }, fetchPolicy: 'network-only' });
  const [markRead] = useMutation(MarkChatReadDocument);
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const seen = useRef('0');
  const loaded = useRef(false);
  const readUpTo = useRef('0');
  const list = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Whoever can quote (a seller with products) gets 'Send a quote'.
  const ownProducts = useQuery(MyProductsDocument, { variables: { limit: 1, offset: 0 } });
  const canQuote = (ownProducts.data?.myProducts.totalCount ?? 0) > 0;
  const peerTyping = usePeerTyping(peerId);

  // The conversation fills the screen below the top bar (whatever its height), so the message box
  // stays at the bottom and only the messages scroll.
  useLayoutEffect(() => {
    const fit = () => {
      const el = frame.current;
      if (el) el.style.height = `${Math.max(320, window.innerHeight - el.getBoundingClientRect().top)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  const stickToBottom = useRef(true);
  // Where this window itself last put the view (the bottom): a scroll event it causes is heard later, sometimes after a
  // picture has loaded and grown the list, so "far from the bottom" then does not mean the reader scrolled up; only a
  // view above this place does.
  const pinnedAt = useRef<number | null>(null);
  const toBottom = useCallback(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    pinnedAt.current = el.scrollTop;
  }, []);

  const other = conversation?.otherUser ?? partner.data?.chatPartner ?? null;
  const name = other ? (other.deleted ? t('deletedUser') : other.username) : '';
  const gone = !!other?.deleted || (!!partner.error && !conversation);

  const add = useCallback((incoming: ReadonlyArray<Message>) => {
    if (!incoming.length) return;
    for (const m of incoming) seen.current = higher(seen.current, m.position);
    setMessages((current) => mergeMessages(current, incoming));
  }, []);

  useEffect(() => {
    if (!first.data) return;
    loaded.current = true;
    add(first.data.chatMessages.items);
    setHasMore(first.data.chatMessages.hasMore);
  }, [first.data, add]);

  useEffect(() => {
    if (conversation) seen.current = higher(seen.current, conversation.position);
  }, [conversation]);

  const fetchMissed = useCallback(async () => {
    // Before the first page has come there is nothing to catch up on: that page brings it all.
    if (!loaded.current) return;
    try {
      const { data } = await client.query({ query: ChatMessagesDocument, variables: { userId: peerId, after: seen.current }, fetchPolicy: 'network-only' });
      if (data) add(data.chatMessages.items);
    } catch {
      // The next event or reconnect tries again.
    }
  }, [client, peerId, add]);

  useEffect(
    () =>
      subscribe((signal) => {
        if (signal.kind === 'resync') return void fetchMissed();
        const e = signal.event;
        if (e.otherUserId !== peerId) return;
        seen.current = higher(seen.current, e.position);
        // The viewer's own new message (a file's arrives live, often before its upload answers): the view follows it.
        if (e.message?.mine && e.type === 'message') stickToBottom.current = true;
        if (e.message) add([e.message]);
      }),
    [subscribe, peerId, add, fetchMissed],
  );

  // The other side's messages are read while the conversation is open and the page visible.
  const newestTheirs = [...messages].reverse().find((m) => !m.mine)?.position ?? null;
  useEffect(() => {
    if (!newestTheirs || BigInt(newestTheirs) <= BigInt(readUpTo.current)) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || BigInt(newestTheirs) <= BigInt(readUpTo.current)) return;
      readUpTo.current = newestTheirs;
      void markRead({ variables: { userId: peerId, position: newestTheirs } })
        .then(onChanged)
        .catch(() => {
          readUpTo.current = '0';
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestTheirs, markRead, peerId, onChanged]);

  // New messages keep the view at the bottom unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    if (stickToBottom.current) toBottom();
  }, [messages, toBottom]);
  // A picture (a newly sent attachment) gets its height only once loaded: the view follows it to the bottom.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const loaded = (e: Event) => {
      if (stickToBottom.current && e.target instanceof HTMLImageElement) toBottom();
    };
    // 'load' does not bubble: heard on its way down (capture).
    el.addEventListener('load', loaded, true);
    return () => el.removeEventListener('load', loaded, true);
  }, [toBottom]);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    stickToBottom.current = false;
    pinnedAt.current = null;
    const el = list.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const { data } = await client.query({ query: ChatMessagesDocument, variables: { userId: peerId, limit: PAGE_SIZE, before: oldest.position }, fetchPolicy: 'network-only' });
      if (data) {
        add(data.chatMessages.items);
        setHasMore(data.chatMessages.hasMore);
        requestAnimationFrame(() => {
          if (el) el.scrollTop = el.scrollHeight - fromBottom;
        });
      }
    } finally {
      setLoadingOlder(false);
    }
  };

  const sent = (m: Message | null) => {
    stickToBottom.current = true;
    // Already shown (its live event came first): to the bottom now, where the new message is.
    toBottom();
    if (m) add([m]);
    else void fetchMissed();
    onChanged();
  };

  return (
    <div className="message-window" ref={frame}>
      <header className="message-window__header">
        <button type="button" className="button button--ghost message-window__back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('back')}
        </button>
        <h2 className="message-window__name">
          {/* A long name is cut with an ellipsis (the whole of it in the title), the tick stays beside it. */}
          <span className="message-window__name-text" title={name || undefined}>
            {name || t('loading')}
          </span>
          {other?.whatsappVerified ? (
            <span className="verified-badge" title={t('verified')}>
              ✓<span className="visually-hidden">{t('verified')}</span>
            </span>
          ) : null}
        </h2>
        {other && !gone ? <SellerBadgesFor userId={peerId} /> : null}
        {other && !gone ? <ReportButton targetType="user" targetId={peerId} /> : null}
      </header>
      {first.error && !first.data ? (
        <div className="chat__status">
          <p>{t('messagesFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void first.refetch().catch(() => undefined)}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {/* The log is the scrolling box; the messages inside it a list (a list cannot be a log itself). */}
      <div
        ref={list}
        className="message-list"
        role="log"
        aria-live="polite"
        aria-label={t('messagesLabel', { name })}
        onScroll={(e) => {
          const el = e.currentTarget;
          const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          const stillPinned = pinnedAt.current !== null && el.scrollTop >= pinnedAt.current - 1;
          stickToBottom.current = nearBottom || stillPinned;
          if (!stickToBottom.current) pinnedAt.current = null;
        }}
      >
        <ol className="message-list__items">
          {hasMore ? (
            <li className="message-list__older">
              <button type="button" className="button button--secondary" onClick={() => void loadOlder()} disabled={loadingOlder}>
                {loadingOlder ? t('loading') : t('loadOlder')}
              </button>
            </li>
          ) : null}
          {!first.loading && first.data && !messages.length ? <li className="message-list__empty">{t('noMessages', { name })}</li> : null}
          {messages.map((m) => (
            <li key={m.id} className={m.mine ? 'message message--mine' : 'message'}>
              <MessageBubble message={m} now={now} onChanged={(updated) => add([updated])} />
            </li>
          ))}
        </ol>
      </div>
      <p className="message-window__typing" aria-live="polite">
        {peerTyping ? t('typing', { name }) : ''}
      </p>
      {quoting ? <QuoteForm peerId={peerId} onSent={(m) => (sent(m), setQuoting(false))} onCancel={() => setQuoting(false)} /> : null}
      {gone ? (
        <p className="chat__status">{t('userGone')}</p>
      ) : (
        <MessageComposer peerId={peerId} onSent={sent} extra={
            canQuote && !quoting ? (
              <button type="button" className="button button--ghost" onClick={() => setQuoting(true)}>
                {t('quote.open')}
              </button>
            ) : null
          } />
      )}
    </div>
  );
}
