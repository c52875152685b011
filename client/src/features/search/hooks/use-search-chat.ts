import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RemoveSearchChatFilterDocument,
  SearchChatDocument,
  SearchChatPageDocument,
  type SearchChatTurnFieldsFragment,
} from '../../../graphql/generated';
import { EMPTY_CHAT, readChat, writeChat, type ChatEntry, type ChatState } from '../utils/chat-storage';
import { searchedAsSaid, type FilterKey } from '../utils/filter-chips';

let seq = 0;
const entryId = () => `e${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The last assistant reply shows the current products; a new message hides them behind a count. */
function hideShownProducts(state: ChatState): ChatEntry[] {
  let last = -1;
  state.entries.forEach((e, i) => {
    if (e.role === 'assistant') last = i;
  });
  return state.entries.map((e, i) => (i === last && state.results.length ? { ...e, productsShown: state.results.length } : e));
}

/** `said`: the message of a new search as the buyer said it, to offer searching it as said. */
function withTurn(state: ChatState, turn: SearchChatTurnFieldsFragment, said?: string): ChatState {
  const { results, ...search } = turn.search;
  const original = said !== undefined && turn.kind === 'new' && !searchedAsSaid(said, search.queryEnhanced, search.filters) ? said : undefined;
  return {
    conversationId: turn.conversationId,
    entries: [...state.entries, { id: entryId(), role: 'assistant', text: turn.reply, prompt: turn.prompt, ...(original ? { original } : {}) }],
    search,
    results,
  };
}

/**
 * The search chat (SPEC.md section 4): the first message searches, later ones refine or start a
 * new search on the server; removing a chip searches again; more products load page by page. The
 * chat and its products live in session storage until the buyer leaves it (`clear`).
 */
export function useSearchChat(onReply?: (text: string) => void) {
  const client = useApolloClient();
  const { t } = useTranslation('search');
  const [state, setState] = useState<ChatState>(readChat);
  const [busy, setBusy] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    writeChat(state.entries.length ? state : null);
  }, [state]);

  const fail = useCallback(() => {
    // SPEC.md section 8: a failed search shows an empty result, no error.
    setState((s) => ({ ...s, entries: [...s.entries, { id: entryId(), role: 'assistant', text: t('chat.noResults') }], results: [], search: null }));
  }, [t]);

  /** Sends a message; `asSaid` searches its words as they are (force_original), with no filters. */
  const send = useCallback(
    async (raw: string, asSaid = false) => {
      const message = raw.trim();
      if (!message || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: [...hideShownProducts(s), { id: entryId(), role: 'user', text: message }], results: [] }));
      try {
        const input = { message, conversationId: stateRef.current.conversationId, ...(asSaid ? { forceOriginal: true } : {}) };
        const { data } = await client.mutate({ mutation: SearchChatDocument, variables: { input } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.searchChat, asSaid ? undefined : message));
        onReply?.([data.searchChat.reply, data.searchChat.prompt].filter(Boolean).join(' '));
      } catch {
        fail();
      } finally {
        setBusy(false);
      }
    },
    [busy, client, fail, onReply],
  );

  const removeFilter = useCallback(
    async (filter: FilterKey) => {
      const conversationId = stateRef.current.conversationId;
      if (!conversationId || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: hideShownProducts(s), results: [] }));
      try {
        const { data } = await client.mutate({ mutation: RemoveSearchChatFilterDocument, variables: { conversationId, filter } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.removeSearchChatFilter));
        onReply?.(data.removeSearchChatFilter.reply);
      } catch {
        fail();
      } finally {
        setBusy(false);
      }
    },
    [busy, client, fail, onReply],
  );

  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    if (!s.conversationId || !s.search?.hasMore || loadingMore || busy) return;
    setLoadingMore(true);
    try {
      const { data } = await client.query({
        query: SearchChatPageDocument,
        variables: { conversationId: s.conversationId, offset: s.results.length },
        fetchPolicy: 'no-cache',
      });
      if (data) {
        const { results, ...search } = data.searchChatPage;
        setState((cur) => ({ ...cur, search, results: [...cur.results, ...results.filter((r) => !cur.results.some((x) => x.product.id === r.product.id))] }));
      }
    } catch {
      setState((cur) => (cur.search ? { ...cur, search: { ...cur.search, hasMore: false } } : cur));
    } finally {
      setLoadingMore(false);
    }
  }, [busy, client, loadingMore]);

  const clear = useCallback(() => {
    writeChat(null);
    setState(EMPTY_CHAT);
  }, []);

  return { state, busy, loadingMore, send, removeFilter, loadMore, clear };
}
