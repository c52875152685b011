import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { noteFirstOrder, watchInstallPrompt } from '../../lib/pwa/install-hint';
import { ConnectionNotice } from '../layout/connection-notice';
import { InstallHint } from '../layout/install-hint';

/** The browser saying the app can be installed (Chrome's beforeinstallprompt), with its prompt recorded. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the install hint (docs/product.md#installable-app)', () => {
  beforeAll(() => watchInstallPrompt());
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('waits for a later visit, keeps the browser from showing its own bar, and goes for good with Not now', async () => {
    window.localStorage.setItem('bb.firstVisitAt', String(Date.now()));
    const { unmount } = render(<InstallHint />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();

    // The first visit was an hour before this page load.
    window.localStorage.setItem('bb.firstVisitAt', String(performance.timeOrigin - 3600_000));
    const user = userEvent.setup();
    const second = render(<InstallHint />);
    offerInstall();
    const hint = await screen.findByRole('complementary', { name: /Get Bol Bazaar on your phone/ });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(hint).not.toBeInTheDocument();
    second.unmount();
    render(<InstallHint />);
    offerInstall();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('comes after a first order (on the next page load), installs with the browser dialog, and speaks Hindi', async () => {
    noteFirstOrder();
    // This page was loaded before the order: nothing yet.
    const { unmount } = render(<InstallHint />);
    offerInstall();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();
    // The next page load.
    window.localStorage.setItem('bb.installHint.ordered', String(performance.timeOrigin - 1000));
    const user = userEvent.setup();
    render(<InstallHint />);
    const event = offerInstall('accepted');
    await changeLanguage('hi');
    expect(await screen.findByRole('complementary', { name: /बोल बाज़ार अपने फ़ोन पर रखें/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ऐप इंस्टॉल करें' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('bb.installHint.dismissed')).toBe('1');
    await changeLanguage('en');
  });
});

describe('the offline notice', () => {
  it('says the device is offline while it is, in Hindi too', async () => {
    render(<ConnectionNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
    await changeLanguage('hi');
    expect(await screen.findByText(/आप ऑफ़लाइन हैं/)).toBeInTheDocument();
    await changeLanguage('en');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    onLine.mockRestore();
  });
});

