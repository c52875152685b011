import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { SearchOverlayProvider } from '../../features/search';
import { AppDrawer } from './app-drawer';
import { InstallHint } from './install-hint';
import { TopBar } from './top-bar';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/** The frame around every screen: skip link, top bar, drawer, search overlay. */
export function RootLayout() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);

  return (
    <SearchOverlayProvider>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <TopBar menuOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
      {drawerOpen ? <AppDrawer onClose={closeDrawer} /> : null}
      <main id="main" ref={mainRef} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <InstallHint />
      <ScrollRestoration />
    </SearchOverlayProvider>
  );
}
