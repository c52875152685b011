import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ChatIcon, DashboardIcon, LogoMark, MenuIcon, UserIcon } from '../../components/ui/icons';
import { useSession } from '../../features/auth';
import { LanguageToggle } from '../../features/language';
import { SearchEntries } from '../../features/search';
import { DRAWER_ID } from './app-drawer';
import './top-bar.css';
import { ConnectionNotice } from './connection-notice';

// The order badge (and the orders code it brings) loads after the first paint, for logged-in users only.
const OrderBadge = lazy(() => import('../../features/orders').then((m) => ({ default: m.OrderBadge })));
// The chat button with its live unread count, likewise (a plain link until it has loaded).
const ChatButton = lazy(() => import('../../features/chat').then((m) => ({ default: m.ChatButton })));

interface TopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** docs/product.md#screens-and-routes top bar: menu, logo, the three search entries, account actions, language. */
export function TopBar({ menuOpen, onOpenMenu }: TopBarProps) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  // Home has the search entries in its hero: on a phone the top bar there leaves them out. Elsewhere a
  // phone's bar is one row too, with the entries as icons (top-bar.css).
  const home = useLocation().pathname === '/';

  return (
    <header className={home ? 'top-bar top-bar--home' : 'top-bar'}>
      <nav className="top-bar__inner" aria-label={t('topBar.navLabel')}>
        <button
          type="button"
          className="icon-button top-bar__menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? DRAWER_ID : undefined}
          onClick={onOpenMenu}
        >
          <MenuIcon />
          <span className="visually-hidden">{t('topBar.openMenu')}</span>
        </button>

        <Link to="/" className="top-bar__logo" aria-label={t('topBar.homeLink')}>
          <LogoMark />
          <span className="top-bar__brand">{t('appName')}</span>
        </Link>

        <div className="top-bar__search">
          <SearchEntries />
        </div>

        <div className="top-bar__actions">
          <LanguageToggle />
          {isLoggedIn ? (
            <>
              <Suspense fallback={null}>
                <OrderBadge />
              </Suspense>
              <NavLink to="/dashboard" className="button button--ghost top-bar__action top-bar__dashboard">
                <DashboardIcon />
                <span className="top-bar__label">{t('topBar.dashboard')}</span>
              </NavLink>
              <Suspense
                fallback={
                  <NavLink to="/chat" className="button button--ghost top-bar__action">
                    <ChatIcon />
                    <span className="top-bar__label">{t('topBar.chat')}</span>
                  </NavLink>
                }
              >
                <ChatButton className="button button--ghost top-bar__action" />
              </Suspense>
            </>
          ) : (
            <NavLink to="/login" className="button button--primary top-bar__action">
              <UserIcon />
              <span className="top-bar__login-text">{t('topBar.login')}</span>
            </NavLink>
          )}
        </div>
      </nav>
      {/* Under the bar, kept in view with it (sticky) on every screen. */}
      <ConnectionNotice />
    </header>
  );
}
