import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useSession } from '../../features/auth/session-context';
import './app-drawer.css';

export const DRAWER_ID = 'app-drawer';

const PUBLIC_LINKS = [
  { to: '/', label: 'drawer.home' },
  { to: '/about', label: 'drawer.about' },
] as const;

const MEMBER_LINKS = [
  { to: '/chat', label: 'drawer.chat' },
  { to: '/dashboard', label: 'drawer.dashboard' },
  { to: '/sellers', label: 'drawer.sellers' },
  { to: '/orders', label: 'drawer.orders' },
  { to: '/settings', label: 'drawer.settings' },
] as const;

/** The side menu (docs/product.md#screens-and-routes). Mounted while open; every choice closes it. */
export function AppDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { logout, loggingOut } = useLogout();
  const links = isLoggedIn ? [...PUBLIC_LINKS, ...MEMBER_LINKS] : PUBLIC_LINKS;

  const handleLogout = async () => {
    if (await logout()) onClose();
  };

  return (
    <Modal id={DRAWER_ID} labelledBy="app-drawer-title" variant="drawer" onClose={onClose}>
      <div className="app-drawer__header">
        <h2 id="app-drawer-title" className="app-drawer__title">
          {t('drawer.title')}
        </h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('drawer.close')}</span>
        </button>
      </div>
      <nav aria-labelledby="app-drawer-title">
        <ul className="app-drawer__list">
          {links.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end className="app-drawer__link" onClick={onClose}>
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {isLoggedIn ? (
        <button
          type="button"
          className="button button--secondary button--block app-drawer__logout"
          onClick={() => void handleLogout()}
          disabled={loggingOut}
          aria-busy={loggingOut}
        >
          {loggingOut ? t('drawer.loggingOut') : t('drawer.logout')}
        </button>
      ) : null}
    </Modal>
  );
}
