import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RemoveAssistantFilterDocument,
  AskAssistantDocument,
  AssistantPageDocument,
  type AssistantTurnFieldsFragment,
} from '../../../graphql/generated';
import { EMPTY_ASSISTANT, readAssistant, writeAssistant, type AssistantEntry, type AssistantState } from '../utils/assistant-storage';
import { searchedAsSaid, type FilterKey } from '../utils/filter-chips';

let seq = 0;
const entryId = () => `e${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The last assistant reply shows the current products; a new request hides them behind a count. */
function hideShownProducts(state: AssistantState): AssistantEntry[] {
  let last = -1;
  state.entries.forEach((e, i) => {
    if (e.role === 'assistant') last = i;
  });
  return state.entries.map((e, i) => (i === last && state.results.length ? { ...e, productsShown: state.results.length } : e));
}

/** `said`: the words of a new search as the buyer said it, to offer searching it as said. */
function withTurn(state: AssistantState, turn: AssistantTurnFieldsFragment, said?: string): AssistantState {
  const { results, ...search } = turn.search;
  const original = said !== undefined && turn.kind === 'new' && !searchedAsSaid(said, search.queryEnhanced, search.filters) ? said : undefined;
  return {
    assistantSessionId: turn.assistantSessionId,
    entries: [...state.entries, { id: entryId(), role: 'assistant', text: turn.reply, prompt: turn.prompt, ...(original ? { original } : {}) }],
    search,
    results,
  };
}

/**
 * The search assistant (docs/product.md#states-and-transitions): the first request searches, later ones refine or start a
 * new search on the server; removing a chip searches again; more products load page by page. The
 * assistant's entries and products live in session storage until the buyer leaves it (`clear`).
 */
export function useSearchAssistant(onReply?: (text: string) => void) {
  const client = useApolloClient();
  const { t } = useTranslation('search');
  const [state, setState] = useState<AssistantState>(readAssistant);
  const [busy, setBusy] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    writeAssistant(state.entries.length ? state : null);
  }, [state]);

  const fail = useCallback(() => {
    // A failed search shows an empty result, no error.
    setState((s) => ({ ...s, entries: [...s.entries, { id: entryId(), role: 'assistant', text: t('assistant.noResults') }], results: [], search: null }));
  }, [t]);

  /** Sends what the buyer said; `asSaid` searches its words as they are (force_original), with no filters. */
  const send = useCallback(
    async (raw: string, asSaid = false) => {
      const message = raw.trim();
      if (!message || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: [...hideShownProducts(s), { id: entryId(), role: 'user', text: message }], results: [] }));
      try {
        const input = { text: message, assistantSessionId: stateRef.current.assistantSessionId, ...(asSaid ? { forceOriginal: true } : {}) };
        const { data } = await client.mutate({ mutation: AskAssistantDocument, variables: { input } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.assistantTurn, asSaid ? undefined : message));
        onReply?.([data.assistantTurn.reply, data.assistantTurn.prompt].filter(Boolean).join(' '));
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
      const assistantSessionId = stateRef.current.assistantSessionId;
      if (!assistantSessionId || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: hideShownProducts(s), results: [] }));
      try {
        const { data } = await client.mutate({ mutation: RemoveAssistantFilterDocument, variables: { assistantSessionId, filter } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.removeAssistantFilter));
        onReply?.(data.removeAssistantFilter.reply);
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
    if (!s.assistantSessionId || !s.search?.hasMore || loadingMore || busy) return;
    setLoadingMore(true);
    try {
      const { data } = await client.query({
        query: AssistantPageDocument,
        variables: { assistantSessionId: s.assistantSessionId, offset: s.results.length },
        fetchPolicy: 'no-cache',
      });
      if (data) {
        const { results, ...search } = data.assistantPage;
        setState((cur) => ({ ...cur, search, results: [...cur.results, ...results.filter((r) => !cur.results.some((x) => x.product.id === r.product.id))] }));
      }
    } catch {
      setState((cur) => (cur.search ? { ...cur, search: { ...cur.search, hasMore: false } } : cur));
    } finally {
      setLoadingMore(false);
    }
  }, [busy, client, loadingMore]);

  const clear = useCallback(() => {
    writeAssistant(null);
    setState(EMPTY_ASSISTANT);
  }, []);

  return { state, busy, loadingMore, send, removeFilter, loadMore, clear };
}
