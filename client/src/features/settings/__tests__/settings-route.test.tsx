import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AccountSettingsDocument,
  DeleteAccountDocument,
  LogoutDocument,
  UpdateAccountSettingsDocument,
  WhatsappStatusDocument,
} from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { meMock, renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';

const ACCOUNT = { __typename: 'User', id: TEST_USER.id, username: 'asha', email: 'asha@example.com', language: 'en', emailNotifications: true } as const;

const accountMock = (account: typeof ACCOUNT = ACCOUNT): MockLink.MockedResponse => ({
  request: { query: AccountSettingsDocument },
  result: { data: { me: account } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const statusMock: MockLink.MockedResponse = {
  request: { query: WhatsappStatusDocument },
  result: {
    data: {
      whatsappStatus: {
        __typename: 'WhatsappStatus',
        whatsappNumber: null,
        whatsappVerified: false,
        pendingNumber: null,
        resendAfterSeconds: 0,
        available: true,
        sandbox: { __typename: 'WhatsappSandbox', joinPhrase: 'join bol-bazaar', number: '+14155238886' },
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const fail = (message: string, code: string, details?: Record<string, unknown>) => new GraphQLError(message, { extensions: { code, details } });

/** Logged in at first; after a session change (logout, deletion) the server knows nobody. */
function renderSettings(mocks: MockLink.MockedResponse[] = []) {
  return renderApp({ initialEntries: ['/settings'], me: null, mocks: [meMock(TEST_USER, 1), accountMock(), statusMock, ...mocks] });
}

beforeEach(() => {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
});

describe('/settings', () => {
  it('sends a logged-out visitor to /login', async () => {
    window.localStorage.clear();
    const { router } = renderApp({ initialEntries: ['/settings'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows account, phone with its badge, profile, log out and the danger zone', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    const phone = screen.getByRole('region', { name: 'WhatsApp number' });
    expect(await within(phone).findByText('Not verified')).toBeInTheDocument();
    expect(within(phone).getByRole('button', { name: 'Add number' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('asha');
    expect(screen.getByLabelText('Language of our emails and WhatsApp messages')).toHaveValue('en');
    expect(screen.getByLabelText('Email notifications')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(danger).getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('saves only what changed', async () => {
    const { user } = renderSettings([
      {
        request: { query: UpdateAccountSettingsDocument, variables: { input: { language: 'hi', emailNotifications: false } } },
        result: { data: { updateAccountSettings: { ...ACCOUNT, language: 'hi', emailNotifications: false } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to change');
    await user.selectOptions(screen.getByLabelText('Language of our emails and WhatsApp messages'), 'hi');
    await user.click(screen.getByLabelText('Email notifications'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it("shows the server's username problem under the field, and refuses a blank one", async () => {
    const { user } = renderSettings([
      {
        request: { query: UpdateAccountSettingsDocument, variables: { input: { username: 'taken_name' } } },
        result: { errors: [fail('This username is already taken', 'CONFLICT', { fields: { username: 'This username is already taken' } })] },
      },
    ]);
    const field = await screen.findByLabelText('Username');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter username');
    await user.type(field, 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes the account after the spec confirmation and the password, then leaves logged out', async () => {
    const { user, router } = renderSettings([
      {
        request: { query: DeleteAccountDocument, variables: { input: { password: 'Wrong#pass1' } } },
        result: { errors: [fail('Password is incorrect', 'BAD_USER_INPUT', { fields: { password: 'Password is incorrect' } })] },
      },
      { request: { query: DeleteAccountDocument, variables: { input: { password: 'Sturdy#Pass1' } } }, result: { data: { deleteAccount: true } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete your account? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password');
    await user.type(within(dialog).getByLabelText('Your password'), 'Wrong#pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'Sturdy#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been deleted. Thank you for using Bol Bazaar.');
  }, 20_000);

  it('logs out', async () => {
    const { user, router } = renderSettings([{ request: { query: LogoutDocument }, result: { data: { logout: true } } }]);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('speaks Hindi, with the delete confirmation', async () => {
    await changeLanguage('hi');
    const { user } = renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'खाता हटाएँ' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('क्या आप सच में अपना खाता हटाना चाहते हैं? इसे वापस नहीं किया जा सकता।');
  });
});
