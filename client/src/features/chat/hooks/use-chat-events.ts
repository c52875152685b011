import { ChatEventsDocument, type ChatEventsSubscription } from '../../../graphql/generated';
import { useLiveEvents, type LiveEventsState } from '../../../lib/live';

export type ChatEvent = ChatEventsSubscription['chatEvents'];

/**
 * The viewer's live chat events, every conversation (useLiveEvents over `chatEvents`): positions are
 * per conversation, so a repeat is told apart by conversation and position. After a reconnect,
 * `onResync` refetches what the screen shows (the list, and the open conversation after its last
 * position).
 */
export function useChatEvents(opts: { enabled?: boolean; onEvent: (event: ChatEvent) => void; onResync: () => Promise<void> | void }): LiveEventsState {
  return useLiveEvents({
    subscription: ChatEventsDocument,
    enabled: opts.enabled,
    select: (data) => data.chatEvents,
    eventKey: (e) => `${e.conversationId}:${e.position}`,
    onEvent: opts.onEvent,
    onResync: () => opts.onResync(),
  });
}
