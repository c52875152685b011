import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SearchOverlay, type SearchMode } from './components/search-overlay';
import { writeAssistant } from './utils/assistant-storage';

export type { SearchMode };

interface SearchOverlayValue {
  mode: SearchMode | null;
  /** Opens the overlay; with `query`, the assistant searches it at once (a category on the home page). */
  openSearch: (mode: SearchMode, query?: string) => void;
  closeSearch: () => void;
}

const SearchOverlayContext = createContext<SearchOverlayValue | null>(null);

/** Routes on which the assistant would cover the very form the user came to fill in. */
const ROUTES_WITHOUT_SEARCH = new Set(['/login', '/signup']);

/** Product pages opened from search: the overlay steps aside there and comes back afterwards. */
export const isProductPath = (pathname: string) => pathname.startsWith('/product/') || pathname.startsWith('/search/product/');

/** The product of a product page's address ('/product/{id}', '/search/product/{id}'), else null. */
export const productIdOfPath = (pathname: string): string | null => /^\/(?:search\/)?product\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;

/**
 * Owns the search overlay: any search entry (top bar, home bar, /search) opens it through this.
 * Closing it ends the assistant session (its session storage is cleared); a product page only hides it.
 */
export function SearchOverlayProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<SearchMode | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  /** The mode to come back in after product pages (voice comes back as text: no surprise listening). */
  const hiddenFor = useRef<SearchMode | null>(null);
  const { pathname } = useLocation();
  const closeSearch = useCallback(() => {
    writeAssistant(null);
    hiddenFor.current = null;
    setMode(null);
  }, []);
  const openSearch = useCallback((next: SearchMode, text?: string) => {
    hiddenFor.current = null;
    if (text) writeAssistant(null); // a new search, not the last conversation
    setQuery(text ?? null);
    setMode(next);
  }, []);

  useEffect(() => {
    if (ROUTES_WITHOUT_SEARCH.has(pathname)) {
      if (modeRef.current || hiddenFor.current) closeSearch();
    } else if (isProductPath(pathname)) {
      const current = modeRef.current;
      if (current) {
        hiddenFor.current = current === 'voice' ? 'text' : current;
        setMode(null);
      }
    } else if (hiddenFor.current) {
      setMode(hiddenFor.current);
      hiddenFor.current = null;
    }
  }, [pathname, closeSearch]);

  const value = useMemo(() => ({ mode, openSearch, closeSearch }), [mode, openSearch, closeSearch]);

  return (
    <SearchOverlayContext value={value}>
      {children}
      {mode ? <SearchOverlay mode={mode} query={query} productId={productIdOfPath(pathname)} onClose={closeSearch} /> : null}
    </SearchOverlayContext>
  );
}

export function useSearchOverlay(): SearchOverlayValue {
  const value = useContext(SearchOverlayContext);
  if (!value) throw new Error('useSearchOverlay must be used inside SearchOverlayProvider');
  return value;
}

/** The mode asked for by navigation state, as in navigate('/search', { state: { voiceMode: true } }). */
export function searchModeFromState(state: unknown): SearchMode {
  if (typeof state === 'object' && state !== null) {
    if ('voiceMode' in state && state.voiceMode === true) return 'voice';
    if ('imageMode' in state && state.imageMode === true) return 'image';
  }
  return 'text';
}
