import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { ChatUnreadTotalDocument } from '../../../graphql/generated';
import { useChatEvents } from '../hooks/use-chat-events';

/** The viewer's unread chat messages in every conversation, live (the top bar's button, the dashboard). */
export function useUnreadTotal(): number {
  const { data, refetch } = useQuery(ChatUnreadTotalDocument, { fetchPolicy: 'cache-and-network' });
  const unread = data?.chatUnreadTotal ?? 0;
  useChatEvents({
    onEvent: (e) => {
      // The event says the total; the query's cache entry follows it.
      if (e.unreadTotal !== unread) void refetch().catch(() => undefined);
    },
    onResync: () => void refetch().catch(() => undefined),
  });
  return unread;
}

/** Top bar: the chat button with the viewer's unread messages, live (docs/product.md#chat). */
export function ChatButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const unread = useUnreadTotal();
  return (
    <NavLink to="/chat" className={className} aria-label={unread ? t('topBar.chatUnread', { count: unread }) : undefined}>
      <ChatIcon />
      <span className="top-bar__label">{t('topBar.chat')}</span>
      {unread ? (
        <span className="chat-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
