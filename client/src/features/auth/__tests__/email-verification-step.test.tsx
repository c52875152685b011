import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpError } from '../../../lib/otp-errors';
import { EmailVerificationStep } from '../components/email-verification-step';

function renderStep(overrides: Partial<Parameters<typeof EmailVerificationStep>[0]> = {}) {
  const props = {
    email: 'asha@example.com',
    onVerify: vi.fn().mockResolvedValue(undefined),
    onResend: vi.fn().mockResolvedValue(undefined),
    onBack: vi.fn(),
    backLabel: 'Back to signup',
    ...overrides,
  };
  render(<EmailVerificationStep {...props} />);
  return { props, user: userEvent.setup() };
}

describe('email verification step', () => {
  it('requires the code', async () => {
    const { user, props } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the verification code');
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(props.onVerify).not.toHaveBeenCalled();
  });

  it('keeps only digits, at most 6, and sends them', async () => {
    const { user, props } = renderStep();
    const input = screen.getByLabelText('Verification code');
    await user.type(input, '12a3-45678');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(props.onVerify).toHaveBeenCalledWith('123456');
  });

  it('refuses a short code', async () => {
    const { user, props } = renderStep();
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The code has 6 digits');
    expect(props.onVerify).not.toHaveBeenCalled();
  });

  it("shows the server's reason when verification fails", async () => {
    const { user } = renderStep({ onVerify: vi.fn().mockRejectedValue(new Error('Code expired')) });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code expired');
  });

  it('resends, confirms, and reports a failed resend with the reason when there is one', async () => {
    const onResend = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error(''))
      .mockRejectedValueOnce(new Error('Please wait 42 seconds before requesting a new code.'));
    const { user } = renderStep({ onResend });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    await user.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent('We sent you a new code.');
    await user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend verification code');
    await user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 42 seconds before requesting a new code.');
  });

  it("restarts the countdown from a refused resend's cooldown, but never counts down a daily cap", async () => {
    const failure = (status: 'cooldown' | 'daily_limit', retryAfterSeconds: number) =>
      new OtpError(status === 'cooldown' ? 'Wait a little' : 'Enough for today', { status, retryAfterSeconds, message: null, attemptsLeft: null });
    const onResend = vi.fn().mockRejectedValueOnce(failure('daily_limit', 80_000)).mockRejectedValueOnce(failure('cooldown', 42));
    const { user } = renderStep({ onResend });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enough for today');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait a little');
    expect(screen.getByRole('button', { name: /^Resend code in (41|42) s$/ })).toBeDisabled();
  });

  it('can start with a notice', () => {
    renderStep({ initialNotice: 'We sent you a new code.' });
    expect(screen.getByRole('status')).toHaveTextContent('We sent you a new code.');
  });

  it('goes back', async () => {
    const { user, props } = renderStep({ onResend: undefined });
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to signup' }));
    expect(props.onBack).toHaveBeenCalled();
  });
});
