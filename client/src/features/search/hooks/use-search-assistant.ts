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

/**
 * `said`: the words of a new search as the buyer said it, to offer searching it as said; `asked`: the buyer's
 * words of this turn, or the chip removed (what the results page's address is made of).
 */
function withTurn(state: AssistantState, turn: AssistantTurnFieldsFragment, said?: string, asked?: { words: string } | { removed: string }): AssistantState {
  if (turn.kind === 'price') {
    // A quantity's price on the product page: said, with its figures; the search is left as it was on the server.
    const p = turn.price;
    const price = p
      ? {
          productId: p.productId,
          quantity: p.quantity,
          unit: p.unit,
          unitPricePaise: p.unitPricePaise,
          totalPaise: p.totalPaise,
          gstAdded: p.gstAdded ? { rate: p.gstAdded.rate, taxPaise: p.gstAdded.taxPaise } : null,
          payablePaise: p.payablePaise,
          bandFrom: p.bandFrom,
        }
      : null;
    const entry: AssistantEntry = { id: entryId(), role: 'assistant', text: turn.reply, price };
    return { ...state, assistantSessionId: turn.assistantSessionId, entries: [...state.entries, entry], search: null, results: [] };
  }
  const { results, ...search } = turn.search;
  const original = said !== undefined && turn.kind === 'new' && !searchedAsSaid(said, search.queryEnhanced, search.filters) ? said : undefined;
  const before = state.searched ?? { text: '', without: [] };
  const searched =
    asked && 'words' in asked
      ? turn.kind === 'new'
        ? { text: asked.words, without: [] }
        : { text: `${before.text} ${asked.words}`.trim(), without: before.without }
      : asked
        ? { text: before.text, without: [...before.without, asked.removed] }
        : before;
  return {
    assistantSessionId: turn.assistantSessionId,
    entries: [...state.entries, { id: entryId(), role: 'assistant', text: turn.reply, prompt: turn.prompt, promptKind: turn.promptKind, ...(original ? { original } : {}) }],
    search,
    results,
    searched,
  };
}

/**
 * The search assistant (docs/product.md#states-and-transitions): the first request searches, later ones refine or start a
 * new search on the server; removing a chip searches again; more products load page by page. The
 * assistant's entries and products live in session storage until the buyer leaves it (`clear`).
 */
export function useSearchAssistant(onReply?: (text: string) => void, productId: string | null = null) {
  const client = useApolloClient();
  const { t } = useTranslation('search');
  const [state, setState] = useState<AssistantState>(readAssistant);
  const [busy, setBusy] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The next page failed: shown with Try again (scrolling does not retry by itself). */
  const [moreFailed, setMoreFailed] = useState(false);
  /** What Try again repeats after a failed request (in memory: a reload shows the error without it). */
  const retryRef = useRef<(() => void) | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    writeAssistant(state.entries.length ? state : null);
  }, [state]);

  /** A failed request is said as an error (never as 'nothing found'); `retry` repeats it. */
  const fail = useCallback(
    (retry: () => void) => {
      retryRef.current = retry;
      setState((s) => ({ ...s, entries: [...s.entries, { id: entryId(), role: 'assistant', text: t('assistant.failed'), failed: true }], results: [], search: null }));
    },
    [t],
  );
  /** Drops the failed reply (and the buyer's words it answered, `withAsked`) before asking again. */
  const dropFailed = (withAsked: boolean) =>
    setState((s) => {
      const entries = [...s.entries];
      if (entries[entries.length - 1]?.failed) entries.pop();
      if (withAsked && entries[entries.length - 1]?.role === 'user') entries.pop();
      return { ...s, entries };
    });

  /** Sends what the buyer said; `asSaid` searches its words as they are (force_original), with no filters. */
  const send = useCallback(
    async (raw: string, asSaid = false) => {
      const message = raw.trim();
      if (!message || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: [...hideShownProducts(s), { id: entryId(), role: 'user', text: message }], results: [] }));
      try {
        const input = { text: message, assistantSessionId: stateRef.current.assistantSessionId, ...(asSaid ? { forceOriginal: true } : {}), ...(productId ? { productId } : {}) };
        const { data } = await client.mutate({ mutation: AskAssistantDocument, variables: { input } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.assistantTurn, asSaid ? undefined : message, { words: message }));
        onReply?.([data.assistantTurn.reply, data.assistantTurn.prompt].filter(Boolean).join(' '));
      } catch {
        fail(() => {
          dropFailed(true);
          void sendRef.current(message, asSaid);
        });
      } finally {
        setBusy(false);
      }
    },
    [busy, client, fail, onReply, productId],
  );
  const sendRef = useRef(send);
  sendRef.current = send;

  const removeFilter = useCallback(
    async (filter: FilterKey) => {
      const assistantSessionId = stateRef.current.assistantSessionId;
      if (!assistantSessionId || busy) return;
      setBusy(true);
      setState((s) => ({ ...s, entries: hideShownProducts(s), results: [] }));
      try {
        const { data } = await client.mutate({ mutation: RemoveAssistantFilterDocument, variables: { assistantSessionId, filter } });
        if (!data) throw new Error('no data');
        setState((s) => withTurn(s, data.removeAssistantFilter, undefined, { removed: filter }));
        onReply?.(data.removeAssistantFilter.reply);
      } catch {
        fail(() => {
          dropFailed(false);
          void removeFilterRef.current(filter);
        });
      } finally {
        setBusy(false);
      }
    },
    [busy, client, fail, onReply],
  );
  const removeFilterRef = useRef(removeFilter);
  removeFilterRef.current = removeFilter;

  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    if (!s.assistantSessionId || !s.search?.hasMore || loadingMore || busy) return;
    setLoadingMore(true);
    setMoreFailed(false);
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
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [busy, client, loadingMore]);

  /** Try again after a failed request; after a reload (the request is gone) the buyer's last words are asked again. */
  const retry = useCallback(() => {
    const again = retryRef.current;
    retryRef.current = null;
    if (again) return again();
    const asked = [...stateRef.current.entries].reverse().find((e) => e.role === 'user');
    if (!asked) return undefined;
    dropFailed(true);
    void sendRef.current(asked.text);
    return undefined;
  }, []);

  const clear = useCallback(() => {
    writeAssistant(null);
    setState(EMPTY_ASSISTANT);
  }, []);

  return { state, busy, loadingMore, moreFailed, send, removeFilter, loadMore, retry, clear };
}
