import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AccountSettingsDocument,
  BusinessSettingsDocument,
  DeleteAccountDocument,
  SaveBuyerBillingDocument,
  SaveSellerBusinessDocument,
  LogoutDocument,
  NotificationSettingsDocument,
  SaveNotificationPreferencesDocument,
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

const STATES = [
  { __typename: 'IndianState' as const, code: '27', name: 'Maharashtra' },
  { __typename: 'IndianState' as const, code: '29', name: 'Karnataka' },
];
const businessMock = (sellerBusiness: unknown = null): MockLink.MockedResponse => ({
  request: { query: BusinessSettingsDocument },
  result: { data: { sellerBusiness, buyerBilling: null, indianStates: STATES } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const CHANNELS = (push: boolean, whatsapp: boolean, email = true) => ({ __typename: 'NotificationChannels' as const, push, whatsapp, email });
const PREFERENCES = {
  __typename: 'NotificationPreferences' as const,
  enabled: true,
  whatsappOptIn: false,
  urgentInQuietHours: true,
  quietHours: { __typename: 'QuietHours' as const, enabled: true, from: '22:00', to: '08:00' },
  kinds: { __typename: 'NotificationKinds' as const, order: CHANNELS(true, true, false), message: CHANNELS(true, false), quote: CHANNELS(true, false), requirement: CHANNELS(true, false) },
};
const notificationSettings = (preferences = PREFERENCES) => ({ __typename: 'NotificationSettings' as const, pushAvailable: true, pushDevices: 0, whatsappNumber: null, preferences });
const notificationsMock: MockLink.MockedResponse = {
  request: { query: NotificationSettingsDocument },
  result: { data: { notificationSettings: notificationSettings() } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
const input = (p: typeof PREFERENCES) => ({
  enabled: p.enabled,
  whatsappOptIn: p.whatsappOptIn,
  urgentInQuietHours: p.urgentInQuietHours,
  quietHours: { enabled: p.quietHours.enabled, from: p.quietHours.from, to: p.quietHours.to },
  kinds: Object.fromEntries((['order', 'message', 'quote', 'requirement'] as const).map((k) => [k, { push: p.kinds[k].push, whatsapp: p.kinds[k].whatsapp, email: p.kinds[k].email }])),
});

const fail = (message: string, code: string, details?: Record<string, unknown>) => new GraphQLError(message, { extensions: { code, details } });

/** Logged in at first; after a session change (logout, deletion) the server knows nobody. */
function renderSettings(mocks: MockLink.MockedResponse[] = []) {
  return renderApp({ initialEntries: ['/settings'], me: null, mocks: [meMock(TEST_USER, 1), accountMock(), statusMock, ...mocks, businessMock(), notificationsMock] });
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

/** Types a whole value at once (as a paste): the forms have many fields, and typing each key is slow on a loaded machine. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('/settings business details', () => {
  const address = { __typename: 'BusinessAddress' as const, line1: '12, Lohar Chawl', city: 'Mumbai', state: '27', pincode: '400002' };
  const saved = {
    __typename: 'SellerBusiness' as const,
    legalName: 'Sharma Steel Traders',
    tradeName: 'Sharma Steel',
    gstin: '27AAPFU0939F1ZV',
    address,
    upiVpa: 'sharma@okhdfc',
    bank: null,
    invoicePrefix: 'SS/',
    pricesIncludeGst: false,
  };

  it("sends a seller's details and shows the server's GSTIN refusal at the field", async () => {
    const inputs: unknown[] = [];
    const { user } = renderSettings([
      {
        request: { query: SaveSellerBusinessDocument, variables: () => true },
        result: (v: { input: { gstin: string | null } }) => {
          inputs.push(v.input);
          return v.input.gstin === '27AAPFU0939F1ZX'
            ? { errors: [fail('This GSTIN has a typing mistake: its last character does not match the others', 'BAD_USER_INPUT', { fields: { gstin: 'This GSTIN has a typing mistake: its last character does not match the others' } })] }
            : { data: { saveSellerBusiness: { ...saved, gstin: v.input.gstin } } };
        },
        maxUsageCount: 2,
      },
    ]);
    const section = await screen.findByRole('region', { name: 'Business (as a seller)' });
    await fill(user, within(section).getByRole('textbox', { name: 'Legal name' }), 'Sharma Steel Traders');
    await fill(user, within(section).getByRole('textbox', { name: 'GSTIN (optional)' }), '27AAPFU0939F1ZX');
    await fill(user, within(section).getByRole('textbox', { name: 'Address' }), '12, Lohar Chawl');
    await fill(user, within(section).getByRole('textbox', { name: 'City' }), 'Mumbai');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'State' }), '27');
    await fill(user, within(section).getByRole('textbox', { name: 'PIN code' }), '400002');
    await fill(user, within(section).getByRole('textbox', { name: 'UPI ID (optional), like shop@okhdfc' }), 'sharma@okhdfc');
    await user.click(within(section).getByRole('checkbox', { name: 'My prices include GST' }));
    await user.click(within(section).getByRole('button', { name: 'Save business details' }));
    const gstin = within(section).getByRole('textbox', { name: 'GSTIN (optional)' });
    await waitFor(() => expect(gstin).toHaveAttribute('aria-invalid', 'true'));
    expect(gstin).toHaveAccessibleDescription('This GSTIN has a typing mistake: its last character does not match the others');
    expect(inputs[0]).toEqual({
      legalName: 'Sharma Steel Traders',
      tradeName: null,
      gstin: '27AAPFU0939F1ZX',
      address: { line1: '12, Lohar Chawl', city: 'Mumbai', state: '27', pincode: '400002' },
      upiVpa: 'sharma@okhdfc',
      bank: null,
      invoicePrefix: null,
      pricesIncludeGst: false,
    });
  });

  it("fills the forms with what was saved, and saves a buyer's GSTIN and billing address, in Hindi too", async () => {
    const inputs: unknown[] = [];
    const { user } = renderApp({
      initialEntries: ['/settings'],
      me: null,
      mocks: [
        meMock(TEST_USER, 1),
        accountMock(),
        statusMock,
        notificationsMock,
        businessMock(saved),
        {
          request: { query: SaveBuyerBillingDocument, variables: () => true },
          result: (v: { input: unknown }) => {
            inputs.push(v.input);
            return { data: { saveBuyerBilling: { __typename: 'BuyerBilling', legalName: null, gstin: '29AAGCB7383J1Z4', billingAddress: { ...address, state: '29' } } } };
          },
        },
      ],
    });
    const seller = await screen.findByRole('region', { name: 'Business (as a seller)' });
    expect(within(seller).getByRole('textbox', { name: 'GSTIN (optional)' })).toHaveValue('27AAPFU0939F1ZV');
    expect(within(seller).getByRole('combobox', { name: 'State' })).toHaveValue('27');
    expect(within(seller).getByRole('checkbox', { name: 'My prices include GST' })).not.toBeChecked();
    const billing = screen.getByRole('region', { name: 'Billing (as a buyer)' });
    await fill(user, within(billing).getByRole('textbox', { name: 'GSTIN (optional)' }), '29AAGCB7383J1Z4');
    await fill(user, within(billing).getByRole('textbox', { name: 'Address' }), '12, Lohar Chawl');
    await fill(user, within(billing).getByRole('textbox', { name: 'City' }), 'Mumbai');
    await user.selectOptions(within(billing).getByRole('combobox', { name: 'State' }), '29');
    await fill(user, within(billing).getByRole('textbox', { name: 'PIN code' }), '400002');
    await user.click(within(billing).getByRole('button', { name: 'Save billing details' }));
    expect(await within(billing).findByText('Billing details saved.')).toBeInTheDocument();
    expect(inputs).toEqual([{ legalName: null, gstin: '29AAGCB7383J1Z4', billingAddress: { line1: '12, Lohar Chawl', city: 'Mumbai', state: '29', pincode: '400002' } }]);
    await changeLanguage('hi');
    expect(await screen.findByRole('region', { name: 'बिज़नेस (सेलर के रूप में)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'मेरे दामों में GST शामिल है' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('shows the notifications section: this device without push, what comes where, quiet hours; saves, and shows a refusal; in Hindi too', async () => {
    const inputs: unknown[] = [];
    const { user } = renderSettings([
      {
        request: { query: SaveNotificationPreferencesDocument, variables: () => true },
        result: (v: { input: ReturnType<typeof input> }) => {
          inputs.push(v.input);
          if (v.input.quietHours.from === '') return { errors: [fail('Use a time like 22:00', 'BAD_USER_INPUT', { fields: { 'quietHours.from': 'Use a time like 22:00' } })] };
          return { data: { saveNotificationPreferences: notificationSettings({ ...PREFERENCES, kinds: { ...PREFERENCES.kinds, message: CHANNELS(false, false) } }) } };
        },
        maxUsageCount: 2,
      },
    ]);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    // jsdom has no service worker: the device cannot take push, and says so.
    expect(await within(section).findByText('This browser cannot show notifications. Install the app or use Chrome on your phone.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
    const messages = within(section).getByRole('group', { name: 'Chat messages' });
    const push = within(messages).getByRole('checkbox', { name: 'Push' });
    expect(push).toBeChecked();
    expect(within(messages).getByRole('checkbox', { name: 'WhatsApp' })).toBeDisabled();
    expect(within(messages).getByRole('checkbox', { name: 'Email if unread' })).toBeChecked();
    expect(within(section).getByRole('group', { name: 'New orders and payments' })).toContainElement(within(section).getAllByRole('checkbox', { name: 'Email if unread' })[0]!);
    expect(within(section).getAllByRole('checkbox', { name: 'Email if unread' })[0]).not.toBeChecked();
    expect(within(section).getByLabelText('From')).toHaveValue('22:00');
    await user.click(push);
    await user.click(within(section).getByRole('button', { name: 'Save notification settings' }));
    expect(await within(section).findByText('Notification settings saved')).toBeInTheDocument();
    expect(inputs[0]).toEqual(input({ ...PREFERENCES, kinds: { ...PREFERENCES.kinds, message: CHANNELS(false, false) } }));
    await user.clear(within(section).getByLabelText('From'));
    await user.click(within(section).getByRole('button', { name: 'Save notification settings' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Use a time like 22:00');
    await changeLanguage('hi');
    const hindi = await screen.findByRole('region', { name: 'नोटिफ़िकेशन' });
    expect(within(within(hindi).getByRole('group', { name: 'चैट मैसेज' })).getByRole('checkbox', { name: 'न पढ़ा तो ईमेल' })).toBeChecked();
    expect(within(hindi).getByRole('checkbox', { name: 'शांत समय में मैसेज रोककर रखें' })).toBeChecked();
    await changeLanguage('en');
  });
});
