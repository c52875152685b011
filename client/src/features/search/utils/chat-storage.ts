import type { SearchResponseFieldsFragment, SearchResultFieldsFragment } from '../../../graphql/generated';

/** One line of the conversation. */
export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** A follow-up question the assistant asked with this reply. */
  prompt?: string | null;
  /** How many products this reply showed, once a later message has hidden them. */
  productsShown?: number;
  /**
   * What the buyer said, when this reply started a search that understood it differently (other
   * words, or filters): offered as 'Search for “…” instead' (force_original).
   */
  original?: string;
}

/** The search chat as kept in session storage while the buyer uses it. */
export interface ChatState {
  conversationId: string | null;
  entries: ChatEntry[];
  /** The current search: its products appear under the last assistant reply. */
  search: Omit<SearchResponseFieldsFragment, 'results'> | null;
  results: SearchResultFieldsFragment[];
}

export const CHAT_STORAGE_KEY = 'bb.searchChat';
export const EMPTY_CHAT: ChatState = { conversationId: null, entries: [], search: null, results: [] };

export function readChat(): ChatState {
  try {
    const raw = window.sessionStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return EMPTY_CHAT;
    const parsed = JSON.parse(raw) as Partial<ChatState>;
    if (!Array.isArray(parsed.entries) || !Array.isArray(parsed.results)) return EMPTY_CHAT;
    return { conversationId: parsed.conversationId ?? null, entries: parsed.entries, search: parsed.search ?? null, results: parsed.results };
  } catch {
    return EMPTY_CHAT;
  }
}

export function writeChat(state: ChatState | null): void {
  try {
    if (state === null) window.sessionStorage.removeItem(CHAT_STORAGE_KEY);
    else window.sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Session storage is a convenience; the chat still works in memory.
  }
}
