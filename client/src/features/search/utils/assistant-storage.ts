import type { AssistantTurnFieldsFragment, SearchResponseFieldsFragment, SearchResultFieldsFragment } from '../../../graphql/generated';

/** One line of the assistant's log. */
export interface AssistantEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** A follow-up question the assistant asked with this reply. */
  prompt?: string | null;
  /** What the question asks about (industry, brand, price): its quick answers. */
  promptKind?: string | null;
  /** How many products this reply showed, once a later request has hidden them. */
  productsShown?: number;
  /**
   * What the buyer said, when this reply started a search that understood it differently (other
   * words, or filters): offered as 'Search for “…” instead' (force_original).
   */
  original?: string;
  /** The request failed on the server or the network: the reply is an error with Try again, never 'nothing found'. */
  failed?: boolean;
  /** A quantity's price on the product page the assistant was opened from ('how much for 500?'). */
  price?: Omit<NonNullable<AssistantTurnFieldsFragment['price']>, '__typename'> | null;
}

/** The search assistant as kept in session storage while the buyer uses it. */
export interface AssistantState {
  assistantSessionId: string | null;
  entries: AssistantEntry[];
  /** The current search: its products appear under the last assistant reply. */
  search: Omit<SearchResponseFieldsFragment, 'results'> | null;
  results: SearchResultFieldsFragment[];
  /** The buyer's words of the current search (a refinement's added), and the chips removed: its results page's address. */
  searched?: { text: string; without: string[] } | null;
}

export const ASSISTANT_STORAGE_KEY = 'bb.searchAssistant';
export const EMPTY_ASSISTANT: AssistantState = { assistantSessionId: null, entries: [], search: null, results: [] };

export function readAssistant(): AssistantState {
  try {
    const raw = window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY);
    if (!raw) return EMPTY_ASSISTANT;
    const parsed = JSON.parse(raw) as Partial<AssistantState>;
    if (!Array.isArray(parsed.entries) || !Array.isArray(parsed.results)) return EMPTY_ASSISTANT;
    return { assistantSessionId: parsed.assistantSessionId ?? null, entries: parsed.entries, search: parsed.search ?? null, results: parsed.results, searched: parsed.searched ?? null };
  } catch {
    return EMPTY_ASSISTANT;
  }
}

export function writeAssistant(state: AssistantState | null): void {
  try {
    if (state === null) window.sessionStorage.removeItem(ASSISTANT_STORAGE_KEY);
    else window.sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Session storage is a convenience; the assistant still works in memory.
  }
}
