import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, moves focus to the new screen's content, as a full page load would,
 * so keyboard and screen reader users are not left on a control that no longer exists.
 * Not on first load, and not while a dialog is open (it owns focus then).
 */
export function useFocusOnNavigate(targetRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (document.querySelector('[aria-modal="true"]')) return;
    targetRef.current?.focus({ preventScroll: true });
  }, [pathname, targetRef]);
}
