import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { preloadable } from '../../components/lazy/preloadable';
import { usePageTitle } from '../../components/ui/use-page-title';
import { HomeHero, loadHomeSections } from '../../features/home';
import { SearchBar, useSearchOverlay } from '../../features/search';

// Below the fold: its own chunk, so the first paint of `/` carries only the hero (bench/README.md budget).
const HomeSections = preloadable(loadHomeSections);

export function HomeRoute() {
  usePageTitle();
  const { t } = useTranslation('home');
  const { openSearch } = useSearchOverlay();
  const deleted = (useLocation().state as { accountDeleted?: unknown } | null)?.accountDeleted === true;
  return (
    <>
      {deleted ? (
        <p role="status" className="form-notice home-notice">
          {t('accountDeleted')}
        </p>
      ) : null}
      <HomeHero>
        <SearchBar />
      </HomeHero>
      <Suspense fallback={null}>
        <HomeSections onSearch={(query) => openSearch('text', query)} />
      </Suspense>
    </>
  );
}

/** Home's own code is in the first page's chunk; its sections below the fold are fetched by `preload` (router.tsx's preloadPage). */
HomeRoute.preload = HomeSections.preload;
