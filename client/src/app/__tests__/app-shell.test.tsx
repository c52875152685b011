import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_IN_STORAGE_KEY } from '../../features/auth';
import { LogoutDocument, OperatorAccessDocument } from '../../graphql/generated';
import { meMock, renderApp, TEST_USER } from '../../test/render-app';
import { myOrdersMock, orderFixture, sellerOrdersMock } from '../../features/orders/__tests__/fixtures';

function otherTabSets(value: string | null) {
  act(() => {
    if (value === null) window.localStorage.removeItem(LOGGED_IN_STORAGE_KEY);
    else window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: LOGGED_IN_STORAGE_KEY, newValue: value }));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('/chat sends a visitor (no current user) to the home page', async () => {
    const { router } = renderApp({ initialEntries: ['/chat'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('home says it is the voice platform for business goods', () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The voice platform for business goods');
  });

  it('about explains the product', () => {
    renderApp({ initialEntries: ['/about'] });
    expect(screen.getByRole('heading', { level: 1, name: 'About Bol Bazaar' })).toBeInTheDocument();
  });

  it('unknown paths get the 404 page', () => {
    renderApp({ initialEntries: ['/no/such/page'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it.each([
    [{ voiceMode: true }, 'Speak to search'],
    [{ imageMode: true }, 'Search with a photo'],
    [null, 'Type to search'],
  ])('/search with state %j opens the overlay (%s) and replaces itself with /', async (state, title) => {
    // Voice mode in jsdom (no speech recognition, no server speech) says to type instead, in the overlay (no alert).
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { router } = renderApp({ initialEntries: [{ pathname: '/search', state }] });
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(dialog).queryByText('This browser cannot turn speech into text here: type what you need in the box below.') !== null).toBe(!!state && 'voiceMode' in state);
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('search overlay', () => {
  it('opens from the home bar and the top bar, closes on Escape and outside click, returns focus', async () => {
    // jsdom has no speech recognition: Speak opens the overlay and says to type instead.
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = renderApp();
    const hero = screen.getByRole('heading', { level: 1 }).closest('section') as HTMLElement;
    const speak = within(hero).getByRole('button', { name: 'Speak' });

    await user.click(speak);
    const dialog = screen.getByRole('dialog', { name: 'Speak to search' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('This browser cannot turn speech into text here: type what you need in the box below.');
    expect(alert).not.toHaveBeenCalled();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(speak).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    const topBar = screen.getByRole('banner');
    await user.click(within(topBar).getByRole('button', { name: 'Photo' }));
    const photoDialog = screen.getByRole('dialog', { name: 'Search with a photo' });
    await user.pointer({ keys: '[MouseLeft]', target: photoDialog.parentElement as HTMLElement });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes by itself on the way to /login', async () => {
    const { user, router } = renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Type' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate('/login'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('top bar and session', () => {
  it('offers login when logged out, dashboard and chat when logged in', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    renderApp({ me: TEST_USER });
    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(topBar).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    expect(within(topBar).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('clears a stale flag when the server says nobody is logged in', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    renderApp({ me: null });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBeNull();
  });

  it('follows logins and logouts made in another tab', async () => {
    renderApp({ me: null });
    const topBar = screen.getByRole('banner');
    await waitFor(() => expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBeNull());

    otherTabSets('1');
    expect(within(topBar).getByRole('link', { name: 'Chat' })).toBeInTheDocument();

    otherTabSets(null);
    expect(within(topBar).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('drawer', () => {
  it('is a keyboard-friendly dialog with the public links when logged out', async () => {
    const { user } = renderApp();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', drawer.id);
    const links = within(drawer).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Log in', 'About']);
    // The language switch is in the menu (on a phone it is only there).
    expect(within(drawer).getByRole('group', { name: 'Language' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('lists the member links in Buy, Sell and Account groups when logged in, with the orders received waiting, and navigates', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const waiting = [orderFixture({ status: 'unpaid', role: 'seller' }), orderFixture({ status: 'delivery_pending', role: 'seller' }), orderFixture({ status: 'delivered', role: 'seller' })];
    const { user, router } = renderApp({ me: TEST_USER, mocks: [myOrdersMock([]), sellerOrdersMock(waiting, 50)] });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const group = (name: string) => within(within(drawer).getByRole('region', { name })).getAllByRole('link').map((link) => link.textContent);
    expect(group('Buy')).toEqual(['Home', 'Your orders', 'My requirements', 'Chat']);
    expect(group('Account')).toEqual(['Dashboard', 'Settings', 'About']);
    await waitFor(() => expect(group('Sell')).toEqual(['Seller dashboard', 'Add a product', 'My products', 'Requirements from buyers', 'Orders received2, 2 orders waiting for you']));
    expect(within(drawer).getByRole('link', { name: /^Orders received\s*, 2 orders waiting for you$/ })).toHaveAttribute('href', '/seller/orders');
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('link', { name: 'Your orders' }));
    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows operators a Team group with the operator console, and no one else", async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const operator = { request: { query: OperatorAccessDocument }, result: { data: { isOperator: true } }, maxUsageCount: Number.POSITIVE_INFINITY };
    const { user } = renderApp({ me: TEST_USER, mocks: [myOrdersMock([]), sellerOrdersMock([], 50), operator] });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const team = await within(drawer).findByRole('region', { name: 'Team' });
    expect(within(team).getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/operator');
  });

  it('shows no Team group to anyone but operators', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { user } = renderApp({ me: TEST_USER, mocks: [myOrdersMock([]), sellerOrdersMock([], 50)] });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await within(drawer).findByRole('region', { name: 'Account' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(within(drawer).queryByRole('region', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('logs out: clears the flag and goes home', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { user, router } = renderApp({
      initialEntries: ['/dashboard'],
      // Logged in until the logout, then the server no longer knows the session.
      mocks: [meMock(TEST_USER, 1), { request: { query: LogoutDocument }, result: { data: { logout: true } } }],
      me: null,
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBeNull();
    // The drawer closes once the logout has resolved, a tick after the navigation.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it("alerts 'Failed to logout. Please try again.' when the server refuses", async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, router } = renderApp({
      initialEntries: ['/dashboard'],
      me: TEST_USER,
      mocks: [{ request: { query: LogoutDocument }, result: { errors: [new GraphQLError('Redis is down')] } }],
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to logout. Please try again.'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBe('1');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('moves focus to the new screen after a client-side navigation', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'About' }));
    expect(screen.getByRole('main')).toHaveFocus();
    expect(document.title).toBe('About Bol Bazaar · Bol Bazaar');
  });
});
