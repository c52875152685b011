import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { useLogout, useSession } from '../../features/auth';
import { LanguageToggle } from '../../features/language';
import { OperatorAccessDocument } from '../../graphql/generated';
import './app-drawer.css';

export const DRAWER_ID = 'app-drawer';

// The seller's waiting orders, live, beside 'Orders received' (the orders code loads with the menu).
const WaitingOrdersCount = lazy(() => import('../../features/orders').then((m) => ({ default: m.WaitingOrdersCount })));

/** A key of the common namespace's `drawer` texts. */
type DrawerText = `drawer.${keyof typeof import('../../locales/en/common.json')['drawer']}`;

interface MenuLink {
  to: string;
  label: DrawerText;
  /** Shown after the label (a live count). */
  extra?: () => ReactNode;
}

interface MenuGroup {
  /** The group's heading. */
  title: DrawerText;
  links: MenuLink[];
}

/**
 * The menu's groups (docs/product.md#screens-and-routes). A feature that adds a place a buyer or a seller
 * goes to adds its link to its group here ('Sell' gathers everything a seller does).
 */
const MEMBER_GROUPS: MenuGroup[] = [
  {
    title: 'drawer.buyGroup',
    links: [
      { to: '/', label: 'drawer.home' },
      { to: '/orders', label: 'drawer.orders' },
      { to: '/rfqs', label: 'drawer.requirements' },
      { to: '/chat', label: 'drawer.chat' },
    ],
  },
  {
    title: 'drawer.sellGroup',
    links: [
      { to: '/sellers', label: 'drawer.sellers' },
      { to: '/sell', label: 'drawer.addProduct' },
      { to: '/seller/products', label: 'drawer.myProducts' },
      { to: '/seller/rfqs', label: 'drawer.sellerRequirements' },
      {
        to: '/seller/orders',
        label: 'drawer.ordersReceived',
        extra: () => (
          <Suspense fallback={null}>
            <WaitingOrdersCount />
          </Suspense>
        ),
      },
    ],
  },
  {
    title: 'drawer.accountGroup',
    links: [
      { to: '/dashboard', label: 'drawer.dashboard' },
      { to: '/settings', label: 'drawer.settings' },
      { to: '/about', label: 'drawer.about' },
    ],
  },
];

/** Operators' own group: the console, where later operator pages are linked from too. */
const TEAM_GROUP: MenuGroup = { title: 'drawer.teamGroup', links: [{ to: '/operator', label: 'drawer.operator' }] };

const VISITOR_GROUPS: MenuGroup[] = [
  {
    title: 'drawer.buyGroup',
    links: [
      { to: '/', label: 'drawer.home' },
      { to: '/login', label: 'drawer.login' },
      { to: '/about', label: 'drawer.about' },
    ],
  },
];

/** The side menu: Buy, Sell and Account groups, the language, log out. Mounted while open; every choice closes it. */
export function AppDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { logout, loggingOut } = useLogout();
  const access = useQuery(OperatorAccessDocument, { skip: !isLoggedIn });
  const groups = isLoggedIn ? (access.data?.isOperator ? [...MEMBER_GROUPS, TEAM_GROUP] : MEMBER_GROUPS) : VISITOR_GROUPS;

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
      <nav aria-labelledby="app-drawer-title" className="app-drawer__nav">
        {groups.map((group) => (
          <section key={group.title} className="app-drawer__group" aria-labelledby={`drawer-${group.title}`}>
            <h3 id={`drawer-${group.title}`} className="app-drawer__group-title">
              {t(group.title)}
            </h3>
            <ul className="app-drawer__list">
              {group.links.map(({ to, label, extra }) => (
                <li key={to}>
                  <NavLink to={to} end className="app-drawer__link" onClick={onClose}>
                    <span>{t(label)}</span>
                    {extra?.()}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className="app-drawer__language">
        <span className="app-drawer__group-title" aria-hidden="true">
          {t('language.label')}
        </span>
        <LanguageToggle />
      </div>
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
