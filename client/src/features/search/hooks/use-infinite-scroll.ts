import { useEffect, useRef, type RefObject } from 'react';

/** docs/product.md#limits: load more when the sentinel is within 200 px, at a 0.1 threshold, once 3 or more products show. */
export const SCROLL_MARGIN = '200px';
export const SCROLL_THRESHOLD = 0.1;
export const MIN_SHOWN_FOR_MORE = 3;

/** Calls `loadMore` when the sentinel comes into view and `enabled` holds. */
export function useInfiniteScroll(sentinel: RefObject<HTMLElement | null>, enabled: boolean, loadMore: () => void, root?: RefObject<HTMLElement | null>) {
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
      },
      { root: root?.current ?? null, rootMargin: SCROLL_MARGIN, threshold: SCROLL_THRESHOLD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, enabled, root]);
}
