import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SendWhatsappOtpDocument, VerifyWhatsappOtpDocument, WhatsappStatusDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { WhatsappPanel } from '../components/whatsapp-panel';

const NUMBER = '+919876543210';
/** What a buyer types after the +91 the field starts with. */
const TYPED = '98765 43210';
const SANDBOX = { __typename: 'WhatsappSandbox', joinPhrase: 'join bol-bazaar', number: '+14155238886' } as const;
const status = (
  whatsappNumber: string | null,
  whatsappVerified: boolean,
  more: { pendingNumber?: string | null; resendAfterSeconds?: number; available?: boolean } = {},
) => ({
  __typename: 'WhatsappStatus' as const,
  whatsappNumber,
  whatsappVerified,
  pendingNumber: more.pendingNumber ?? null,
  resendAfterSeconds: more.resendAfterSeconds ?? 0,
  available: more.available ?? true,
  sandbox: SANDBOX,
});

const statusMock = (value: ReturnType<typeof status>): MockLink.MockedResponse => ({
  request: { query: WhatsappStatusDocument },
  result: { data: { whatsappStatus: value } },
});

const sendMock = (whatsappNumber = NUMBER): MockLink.MockedResponse => ({
  request: { query: SendWhatsappOtpDocument, variables: { input: { whatsappNumber } } },
  result: { data: { sendWhatsappOtp: { __typename: 'OtpSent', status: 'sent', to: whatsappNumber, resendAfterSeconds: 60 } } },
});

const otpError = (message: string, code: string, details: Record<string, unknown>) =>
  new GraphQLError(message, { extensions: { code, details } });

const verifyMock = (otp: string, outcome: { error: GraphQLError } | 'ok'): MockLink.MockedResponse => ({
  request: { query: VerifyWhatsappOtpDocument, variables: { input: { whatsappNumber: NUMBER, otp } } },
  result: outcome === 'ok' ? { data: { verifyWhatsappOtp: status(NUMBER, true) } } : { errors: [outcome.error] },
});

function renderPanel(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <WhatsappPanel />
    </MockedProvider>,
  );
  return { user };
}

describe('WhatsApp panel and phone overlay', () => {
  it('shows the number with its badge and the right button', async () => {
    render(
      <MockedProvider mocks={[statusMock(status(NUMBER, true))]}>
        <WhatsappPanel />
      </MockedProvider>,
    );
    expect(await screen.findByText(NUMBER)).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change number' })).toBeInTheDocument();
  });

  it('adds a number in two steps: sandbox instruction first, the code next; the status reloads', async () => {
    const { user } = renderPanel([
      statusMock(status(null, false)),
      sendMock(),
      statusMock(status(null, false, { pendingNumber: NUMBER, resendAfterSeconds: 60 })),
      verifyMock('111111', { error: otpError('Invalid verification code. 4 attempts left.', 'BAD_USER_INPUT', { otpStatus: 'invalid', attemptsLeft: 4 }) }),
      verifyMock('123456', 'ok'),
      statusMock(status(NUMBER, true)),
    ]);
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add number' }));

    const dialog = screen.getByRole('dialog', { name: 'Verify your WhatsApp number' });
    expect(within(dialog).getByText('Step 1 of 2: your number')).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent('Send the message "join bol-bazaar" on WhatsApp to +14155238886.');

    const numberField = within(dialog).getByLabelText('WhatsApp number');
    expect(numberField).toHaveValue('+91 ');
    await user.type(numberField, '98765');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid WhatsApp number (e.g., +919876543210)');

    await user.clear(numberField);
    await user.type(numberField, '91 98765 43210');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Step 2 of 2: the code')).toBeInTheDocument();
    expect(within(dialog).getByText(`We sent a 6-digit code on WhatsApp to ${NUMBER}.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the OTP');

    const otp = within(dialog).getByLabelText('OTP');
    await user.type(otp, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code. 4 attempts left.');

    await user.clear(otp);
    await user.type(otp, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your WhatsApp number is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(NUMBER)).toBeInTheDocument();
  }, 20_000);

  it('offers a resend only after the countdown the server gave (the count itself: lib/use-countdown)', async () => {
    const { user } = renderPanel([statusMock(status(null, false)), sendMock(), statusMock(status(null, false, { pendingNumber: NUMBER, resendAfterSeconds: 60 }))]);
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    await user.type(screen.getByLabelText('WhatsApp number'), TYPED);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend code in (59|60) s/ })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Code sent');
  });

  it('says in Hindi that the code expired', async () => {
    await changeLanguage('hi');
    const { user } = renderPanel([
      statusMock(status(null, false)),
      sendMock(),
      statusMock(status(null, false, { pendingNumber: NUMBER, resendAfterSeconds: 60 })),
      verifyMock('123456', { error: otpError('This code has expired. Please request a new code.', 'GONE', { otpStatus: 'expired' }) }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'नंबर जोड़ें' }));
    await user.type(screen.getByLabelText('व्हाट्सऐप नंबर'), TYPED);
    await user.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'वेरिफ़ाई करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('इस कोड का समय ख़त्म हो गया है। कृपया नया कोड मँगाएँ।');
  });

  it('shows the spec message when sending fails without a reason', async () => {
    const { user } = renderPanel([
      statusMock(status(null, false)),
      { request: { query: SendWhatsappOtpDocument, variables: { input: { whatsappNumber: NUMBER } } }, error: new Error('offline') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    await user.type(screen.getByLabelText('WhatsApp number'), TYPED);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send OTP');
  });

  it("falls back to SPEC's 'Failed to verify OTP' when the check fails without a reason", async () => {
    const { user } = renderPanel([
      statusMock(status(null, false, { pendingNumber: NUMBER, resendAfterSeconds: 0 })),
      { request: { query: VerifyWhatsappOtpDocument, variables: { input: { whatsappNumber: NUMBER, otp: '123456' } } }, error: new Error('offline') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Verify number' }));
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to verify OTP$/);
  });

  it("a pending number: shown not verified, 'Verify number' reopens step 2 with the server's wait and the sandbox instruction again", async () => {
    const { user } = renderPanel([statusMock(status(null, false, { pendingNumber: NUMBER, resendAfterSeconds: 37 })), verifyMock('123456', 'ok'), statusMock(status(NUMBER, true))]);
    expect(await screen.findByText(NUMBER)).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText(`We sent a code to ${NUMBER}. Enter it to verify this number.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify number' }));

    const dialog = screen.getByRole('dialog', { name: 'Verify your WhatsApp number' });
    expect(within(dialog).getByText('Step 2 of 2: the code')).toBeInTheDocument();
    expect(within(dialog).getByText(`We sent a 6-digit code on WhatsApp to ${NUMBER}.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('note', { name: 'No code yet?' })).toHaveTextContent('Send the message "join bol-bazaar" on WhatsApp to +14155238886.');
    expect(within(dialog).getByRole('button', { name: /^Resend code in (36|37) s$/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your WhatsApp number is verified.')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });

  it('a verified number and another one pending: change the first, or verify the second', async () => {
    const OTHER = '+919812345678';
    const { user } = renderPanel([statusMock(status(NUMBER, true, { pendingNumber: OTHER, resendAfterSeconds: 0 }))]);
    expect(await screen.findByText(NUMBER)).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change number' })).toBeInTheDocument();
    expect(screen.getByText(`We sent a code to ${OTHER}. Enter it to verify this number.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify number' }));
    expect(within(screen.getByRole('dialog')).getByText(`We sent a 6-digit code on WhatsApp to ${OTHER}.`)).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('says in Hindi when WhatsApp verification is not available, with no buttons', async () => {
    await changeLanguage('hi');
    renderPanel([statusMock(status(null, false, { available: false }))]);
    expect(await screen.findByText('अभी व्हाट्सऐप से वेरिफ़िकेशन नहीं हो सकता।')).toBeInTheDocument();
    expect(screen.getByText('वेरिफ़ाई नहीं हुआ')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says WhatsApp is not available when a send is refused with 503 (the setting changed meanwhile)', async () => {
    const unavailable = otpError('WhatsApp verification is not available right now', 'SERVICE_UNAVAILABLE', { otpStatus: 'unavailable' });
    const { user } = renderPanel([
      statusMock(status(null, false)),
      { request: { query: SendWhatsappOtpDocument, variables: { input: { whatsappNumber: NUMBER } } }, result: { errors: [unavailable] } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    await user.type(screen.getByLabelText('WhatsApp number'), TYPED);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('WhatsApp verification is not available right now.');
  });
});
