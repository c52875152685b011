import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchModeFromState, useSearchOverlay } from '../../features/search/search-overlay-context';

/**
 * /search is a trigger, not a screen (docs/product.md#screens-and-routes): it opens the search overlay in the mode the
 * navigation state asks for (voiceMode, imageMode, else text) and replaces itself with the home page.
 */
export function SearchRoute() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const { openSearch } = useSearchOverlay();

  useEffect(() => {
    openSearch(searchModeFromState(state));
    navigate('/', { replace: true });
  }, [state, openSearch, navigate]);

  return null;
}
