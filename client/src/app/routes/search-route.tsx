import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { searchModeFromState, SearchPage, useSearchOverlay } from '../../features/search';

/**
 * /search?q=…: the results page (its address holds the search). Without words /search is a trigger
 * (docs/product.md#screens-and-routes): it opens the search overlay in the mode the navigation state asks for
 * (voiceMode, imageMode, else text) and replaces itself with the home page.
 */
export function SearchRoute() {
  const [params] = useSearchParams();
  if (params.get('q')?.trim()) return <SearchPage />;
  return <SearchTrigger />;
}

function SearchTrigger() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const { openSearch } = useSearchOverlay();

  useEffect(() => {
    openSearch(searchModeFromState(state));
    void navigate('/', { replace: true });
  }, [state, openSearch, navigate]);

  return null;
}
