import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationFieldsFragment } from '../../../graphql/generated';
import { relativeTime } from '../relative-time';

interface ConversationListProps {
  conversations: ReadonlyArray<ConversationFieldsFragment>;
  selected: string | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  now: number;
}

/** The viewer's conversations, latest activity first: name, verified badge, preview, time, unread count (none for the open one). */
export function ConversationList({ conversations, selected, loading, failed, onRetry, now }: ConversationListProps) {
  const { t, i18n } = useTranslation('chat');
  if (loading) return <p role="status" className="chat__status">{t('loading')}</p>;
  if (failed) {
    // A listing failure shows an empty list with a way to try again (docs/product.md#chat).
    return (
      <div className="chat__status">
        <p>{t('listFailed')}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!conversations.length) return <p className="chat__status chat__empty">{t('empty')}</p>;
  return (
    <nav aria-label={t('listLabel')}>
      <ul className="conversation-list">
        {conversations.map((c) => {
          const name = c.otherUser.deleted ? t('deletedUser') : c.otherUser.username;
          // The open conversation is being read: no unread count for it (its read mark is on its way).
          const unread = selected === c.otherUser.id ? 0 : c.unreadCount;
          const at = c.lastMessageAt ? String(c.lastMessageAt) : null;
          const when = at ? relativeTime(at, now, t, i18n.language) : '';
          return (
            <li key={c.id}>
              {/* Named by what it shows, in reading order, with the verified tick and the unread count (pictures) said in
                  words, unseen: 'ravi_traders, Phone verified, 2 unread messages, just now Is it in stock?'. The
                  words are one text: a browser reads a visually hidden piece as a block of its own. */}
              <Link
                to={`/chat?with=${encodeURIComponent(c.otherUser.id)}`}
                className="conversation-item"
                aria-current={selected === c.otherUser.id ? 'page' : undefined}
              >
                <span className="conversation-item__avatar" aria-hidden="true">
                  {name.slice(0, 1).toUpperCase()}
                </span>
                <span className="conversation-item__body">
                  <span className="conversation-item__top">
                    <span className="conversation-item__name" aria-hidden="true">
                      {name}
                      {c.otherUser.whatsappVerified ? (
                        <span className="verified-badge" title={t('verified')}>
                          ✓
                        </span>
                      ) : null}
                    </span>
                    <span className="visually-hidden">
                      {[name, c.otherUser.whatsappVerified ? t('verified') : '', unread ? t('unreadLabel', { count: unread }) : ''].filter(Boolean).join(', ')}
                      {when ? ',' : ''}
                    </span>{' '}
                    <time className="conversation-item__time" dateTime={at ?? undefined}>
                      {when}
                    </time>
                  </span>{' '}
                  <span className="conversation-item__bottom">
                    <span className="conversation-item__preview">{c.lastMessagePreview ?? ''}</span>
                    {unread ? (
                      <span className="unread-badge" aria-hidden="true">
                        {unread}
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
