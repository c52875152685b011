import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ChatConversationsDocument } from '../../../graphql/generated';
import { LiveStatusNotice } from '../../../lib/live';
import { useChatEvents, type ChatEvent } from '../hooks/use-chat-events';
import { ConversationList } from './conversation-list';
import { MessageWindow, type WindowSignal } from './message-window';
import './chat.css';
import './chat-forms.css';

/**
 * /chat (docs/product.md#chat): the conversations on the left, the open one on the right (one pane
 * at a time on a phone); `?with={userId}` opens a conversation, also a new one. Live through
 * `chatEvents`; after a reconnect the list and the open conversation fetch what they missed.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const peerId = params.get('with');
  const { data, loading, error, refetch } = useQuery(ChatConversationsDocument, { fetchPolicy: 'cache-and-network' });
  const conversations = data?.chatConversations ?? [];
  const reload = useCallback(() => void refetch().catch(() => undefined), [refetch]);

  // The open conversation hears of events and reconnects through these listeners.
  const listeners = useRef(new Set<(signal: WindowSignal) => void>());
  const signal = (s: WindowSignal) => listeners.current.forEach((l) => l(s));
  const subscribe = useCallback((listener: (signal: WindowSignal) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const live = useChatEvents({
    onEvent: (event: ChatEvent) => {
      reload();
      signal({ kind: 'event', event });
    },
    onResync: () => {
      reload();
      signal({ kind: 'resync' });
    },
  });

  // Relative times move on while the page is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const open = (userId: string | null) => setParams(userId ? { with: userId } : {}, { replace: false });

  return (
    <section className="page chat" data-pane={peerId ? 'conversation' : 'list'} aria-labelledby="chat-title">
      <h1 id="chat-title" className="chat__title">
        {t('title')}
      </h1>
      <LiveStatusNotice status={live.status} />
      <div className="chat__panes">
        <div className="chat__list-pane">
          <ConversationList
            conversations={conversations}
            selected={peerId}
            loading={!data && loading}
            failed={!data && !!error}
            onRetry={reload}
            now={now}
          />
        </div>
        <div className="chat__window-pane">
          {peerId ? (
            <MessageWindow key={peerId} peerId={peerId} conversation={data ? (conversations.find((c) => c.otherUser.id === peerId) ?? null) : undefined} subscribe={subscribe} onBack={() => open(null)} onChanged={reload} now={now} />
          ) : (
            <p className="chat__placeholder">{conversations.length ? t('pickConversation') : ''}</p>
          )}
        </div>
      </div>
    </section>
  );
}
