import type { TypedDocumentNode } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import {
  LoginDocument,
  RegisterDocument,
  SendEmailOtpDocument,
  VerifyEmailOtpDocument,
} from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { meMock, renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../session-context';

const PASSWORD = 'Sturdy#Pass1';

type Outcome<TData> = { data: TData } | { error: GraphQLError } | { networkError: Error };

/** One expected mutation call and what the server answers. */
function mutationMock<TData extends Record<string, unknown>, TVariables extends Record<string, unknown>>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  outcome: Outcome<TData>,
): MockLink.MockedResponse {
  if ('networkError' in outcome) return { request: { query, variables }, error: outcome.networkError };
  return { request: { query, variables }, result: 'error' in outcome ? { errors: [outcome.error] } : { data: outcome.data } };
}

const loginMock = (outcome: Outcome<{ login: typeof TEST_USER }>, username = 'asha') =>
  mutationMock(LoginDocument, { input: { username, password: PASSWORD } }, outcome);

const registerMock = (outcome: Outcome<{ register: typeof TEST_USER & { emailCodeResendAfterSeconds: number | null } }>) =>
  mutationMock(
    RegisterDocument,
    { input: { email: TEST_USER.email, username: TEST_USER.username, password: PASSWORD } },
    outcome,
  );

const OTP_SENT = { __typename: 'OtpSent', channel: 'email', expiresInSeconds: 600, resendAfterSeconds: 60 } as const;
const sendOtpMock = (outcome: Outcome<{ sendEmailOtp: typeof OTP_SENT }>) =>
  mutationMock(SendEmailOtpDocument, { input: { email: TEST_USER.email } }, outcome);

const verifyOtpMock = (outcome: Outcome<{ verifyEmailOtp: { __typename: 'EmailVerified'; email: string; status: string } }>) =>
  mutationMock(VerifyEmailOtpDocument, { input: { email: TEST_USER.email, otp: '123456' } }, outcome);

/** A code failure as the server answers it: a message in English, the state in details. */
const otpFailure = (message: string, details: Record<string, unknown>, code = 'RATE_LIMITED') =>
  new GraphQLError(message, { extensions: { code, details } });

const notVerified = () =>
  new GraphQLError('Email not verified. Please verify your email to log in.', {
    extensions: { code: 'EMAIL_NOT_VERIFIED', details: { email: TEST_USER.email } },
  });

const field = (name: RegExp) => screen.getByLabelText(name);

describe('login form', () => {
  it('asks for the username first, marking the field invalid and describing it with the message', async () => {
    const { user } = renderApp({ initialEntries: ['/login'] });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter username');
    const username = field(/username or email/i);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Please enter username');
    expect(username).toHaveFocus();
  });

  it('asks for the password when only the username is given', async () => {
    const { user } = renderApp({ initialEntries: ['/login'] });
    await user.type(field(/username or email/i), 'asha');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter password');
    expect(field(/^password$/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/username or email/i)).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's message when the login is refused", async () => {
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [
        loginMock({
          error: new GraphQLError('Invalid username or password', { extensions: { code: 'UNAUTHENTICATED' } }),
        }),
      ],
    });
    await user.type(field(/username or email/i), 'asha');
    await user.type(field(/^password$/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [loginMock({ networkError: new TypeError('Failed to fetch') })],
    });
    await user.type(field(/username or email/i), 'asha');
    await user.type(field(/^password$/i), PASSWORD);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('sets the logged-in flag and goes to /dashboard on success', async () => {
    const { user, router } = renderApp({
      initialEntries: ['/login'],
      // Logged out when the page loads, logged in once the session cookie exists.
      mocks: [meMock(null, 1), loginMock({ data: { login: TEST_USER } })],
      me: TEST_USER,
    });
    await user.type(field(/username or email/i), '  asha ');
    await user.type(field(/^password$/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBe('1');
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('sends someone already logged in from /login and /signup to /dashboard', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const login = renderApp({ initialEntries: ['/login'], me: TEST_USER });
    await waitFor(() => expect(login.router.state.location.pathname).toBe('/dashboard'));
    login.unmount();
    const signup = renderApp({ initialEntries: ['/signup'], me: TEST_USER });
    await waitFor(() => expect(signup.router.state.location.pathname).toBe('/dashboard'));
  });

  async function submitLogin(user: ReturnType<typeof renderApp>['user']) {
    await user.type(field(/username or email/i), 'asha');
    await user.type(field(/^password$/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('for an unverified email: sends a new code and shows the code step', async () => {
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [loginMock({ error: notVerified() }), sendOtpMock({ data: { sendEmailOtp: OTP_SENT } })],
    });
    await submitLogin(user);

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText(/asha@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent you a new code.');
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('for an unverified email: still shows the code step when a code was sent moments ago, counting down the wait', async () => {
    const cooldown = otpFailure('Please wait 50 seconds before requesting a new code.', { otpStatus: 'cooldown', retryAfterSeconds: 50 });
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [loginMock({ error: notVerified() }), sendOtpMock({ error: cooldown })],
    });
    await submitLogin(user);

    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend code in (49|50) s/ })).toBeDisabled();
  });

  it('for an unverified email past the daily cap: the code step with a clear message, not a countdown of hours', async () => {
    const capped = otpFailure('Too many codes were sent to this email today. Please try again later.', { otpStatus: 'daily_limit', retryAfterSeconds: 80_000 });
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [loginMock({ error: notVerified() }), sendOtpMock({ error: capped })],
    });
    await submitLogin(user);

    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Too many codes were requested today. Please try again later.');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('for an unverified email: says so when the code cannot be sent', async () => {
    const { user } = renderApp({
      initialEntries: ['/login'],
      mocks: [loginMock({ error: notVerified() }), sendOtpMock({ networkError: new TypeError('Failed to fetch') })],
    });
    await submitLogin(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email not verified. Failed to send verification code. Please try again.',
    );
  });

  it('switches to the signup mode through its link', async () => {
    const { user, router } = renderApp({ initialEntries: ['/login'] });
    expect(screen.queryByLabelText(/^email$/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));

    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(field(/^email$/i)).toBeInTheDocument();
    expect(field(/^confirm password$/i)).toBeInTheDocument();

    const switchBack = screen.getByText('Already have an account?');
    await user.click(within(switchBack).getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByLabelText(/^email$/i)).not.toBeInTheDocument();
  });
});

describe('signup form', () => {
  it('asks for both email and username', async () => {
    const { user } = renderApp({ initialEntries: ['/signup'] });
    await user.type(field(/^email$/i), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and username');
    expect(field(/^username$/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^email$/i)).not.toHaveAttribute('aria-invalid');
  });

  it('shows the mismatch live, with the confirm field marked red, and clears it once they match', async () => {
    const { user } = renderApp({ initialEntries: ['/signup'] });
    await user.type(field(/^password$/i), PASSWORD);
    const confirm = field(/^confirm password$/i);
    await user.type(confirm, 'Sturdy');

    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Passwords do not match');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm.closest('.field')).toHaveClass('field--invalid');

    await user.type(confirm, '#Pass1');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(confirm).not.toHaveAttribute('aria-invalid');
  });

  it('refuses to submit mismatched passwords even before the confirmation is typed', async () => {
    const { user } = renderApp({ initialEntries: ['/signup'] });
    await user.type(field(/^email$/i), TEST_USER.email);
    await user.type(field(/^username$/i), TEST_USER.username);
    await user.type(field(/^password$/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(field(/^confirm password$/i)).toHaveFocus();
  });

  it('says what is missing and that the passwords differ in Hindi, with the Hindi labels', async () => {
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/signup'] });
    await user.type(field(/^ईमेल$/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'साइन अप करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('कृपया ईमेल और यूज़रनेम दोनों डालें');
    expect(field(/^यूज़रनेम$/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(/^यूज़रनेम$/), TEST_USER.username);
    await user.type(field(/^पासवर्ड$/), PASSWORD);
    await user.type(field(/^पासवर्ड दोबारा लिखें$/), 'Sturdy');
    expect(screen.getByRole('alert')).toHaveTextContent('दोनों पासवर्ड एक जैसे नहीं हैं');
  });

  it('shows the password hint only while the password field is focused', async () => {
    const { user } = renderApp({ initialEntries: ['/signup'] });
    expect(screen.queryByText(/at least 8 characters/i)).not.toBeInTheDocument();

    await user.click(field(/^password$/i));
    const hint = screen.getByText('A strong password has:').parentElement as HTMLElement;
    for (const rule of ['At least 8 characters', 'An uppercase letter', 'A lowercase letter', 'A number', 'A special character (!@#$%^&*)']) {
      expect(within(hint).getByText(rule)).toBeInTheDocument();
    }
    expect(field(/^password$/i)).toHaveAccessibleDescription(expect.stringContaining('At least 8 characters'));

    await user.keyboard('abc');
    expect(within(hint).getByText('A lowercase letter').closest('li')).toHaveClass('password-hint__rule--met');
    expect(within(hint).getByText('An uppercase letter').closest('li')).not.toHaveClass('password-hint__rule--met');

    await user.tab();
    expect(screen.queryByText('A strong password has:')).not.toBeInTheDocument();
  });

  async function fillSignup(user: ReturnType<typeof renderApp>['user']) {
    await user.type(field(/^email$/i), TEST_USER.email);
    await user.type(field(/^username$/i), TEST_USER.username);
    await user.type(field(/^password$/i), PASSWORD);
    await user.type(field(/^confirm password$/i), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it("shows the server's message when signup is refused", async () => {
    const { user } = renderApp({
      initialEntries: ['/signup'],
      mocks: [
        registerMock({
          error: new GraphQLError('That username is taken', { extensions: { code: 'CONFLICT' } }),
        }),
      ],
    });
    await fillSignup(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken');
  });

  it("falls back to 'Signup failed'", async () => {
    const { user } = renderApp({
      initialEntries: ['/signup'],
      mocks: [registerMock({ networkError: new TypeError('Failed to fetch') })],
    });
    await fillSignup(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Signup failed$/);
  });

  async function signUpToCodeStep(mocks: MockLink.MockedResponse[]) {
    const rendered = renderApp({
      initialEntries: ['/signup'],
      // The server's wait (45 s here, not the usual 60) is what the resend button counts down.
      mocks: [registerMock({ data: { register: { ...TEST_USER, emailVerified: false, emailCodeResendAfterSeconds: 45 } } }), ...mocks],
    });
    await fillSignup(rendered.user);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    return rendered;
  }

  it('moves on to the email code step after registering, and back', async () => {
    const { user } = await signUpToCodeStep([]);
    expect(screen.getByText(/asha@example\.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to signup' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('verifies the code, logs in automatically and goes to /dashboard', async () => {
    const verified = { __typename: 'EmailVerified', email: TEST_USER.email, status: 'verified' } as const;
    const { user, router } = await signUpToCodeStep([
      meMock(null, 1),
      verifyOtpMock({ data: { verifyEmailOtp: verified } }),
      loginMock({ data: { login: TEST_USER } }),
      meMock(TEST_USER),
    ]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(LOGGED_IN_STORAGE_KEY)).toBe('1');
  });

  it("shows the server's reason for a wrong code", async () => {
    const wrong = new GraphQLError('Invalid verification code', { extensions: { code: 'BAD_USER_INPUT' } });
    const { user } = await signUpToCodeStep([verifyOtpMock({ error: wrong })]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
  });

  it('says so when the email is verified but the automatic login fails', async () => {
    const verified = { __typename: 'EmailVerified', email: TEST_USER.email, status: 'verified' } as const;
    const { user } = await signUpToCodeStep([
      verifyOtpMock({ data: { verifyEmailOtp: verified } }),
      loginMock({ networkError: new TypeError('Failed to fetch') }),
    ]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email verified but login failed. Please login manually.');
  });

  it('offers a resend once the cooldown the register answer gave is over, then resends', async () => {
    const { user } = await signUpToCodeStep([sendOtpMock({ data: { sendEmailOtp: OTP_SENT } })]);
    expect(screen.getByRole('button', { name: /Resend code in (44|45) s/ })).toBeDisabled();
    // The countdown follows the wall clock: 46 seconds later the button is back.
    const later = Date.now() + 46_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    } finally {
      clock.mockRestore();
    }
    expect(await screen.findByRole('status')).toHaveTextContent('We sent you a new code.');
    expect(await screen.findByRole('button', { name: /Resend code in (59|60) s/ })).toBeDisabled();
  });

  /** At the code step with the resend button available (the clock moved past the signup's wait). */
  async function clickResend(user: ReturnType<typeof renderApp>['user'], name: string | RegExp = 'Resend code') {
    const later = Date.now() + 46_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await user.click(await screen.findByRole('button', { name }));
    } finally {
      clock.mockRestore();
    }
  }

  it('a resend refused for the cooldown: the Hindi message, and the countdown restarts from the server wait', async () => {
    await changeLanguage('hi');
    const cooldown = otpFailure('Please wait 42 seconds before requesting a new code.', { otpStatus: 'cooldown', retryAfterSeconds: 42 });
    const { user } = renderApp({
      initialEntries: ['/signup'],
      mocks: [registerMock({ data: { register: { ...TEST_USER, emailVerified: false, emailCodeResendAfterSeconds: 45 } } }), sendOtpMock({ error: cooldown })],
    });
    await user.type(field(/^ईमेल$/), TEST_USER.email);
    await user.type(field(/^यूज़रनेम$/), TEST_USER.username);
    await user.type(field(/^पासवर्ड$/), PASSWORD);
    await user.type(field(/^पासवर्ड दोबारा लिखें$/), PASSWORD);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'अपना ईमेल वेरिफ़ाई करें' })).toBeInTheDocument();
    await clickResend(user, 'कोड फिर से भेजें');
    expect(await screen.findByRole('alert')).toHaveTextContent('नया कोड मँगाने से पहले कृपया 42 सेकंड रुकें।');
    expect(screen.getByRole('button', { name: /^(41|42) सेकंड में कोड फिर से भेजें$/ })).toBeDisabled();
  });

  it('a resend refused for the daily cap: a clear message and no countdown', async () => {
    const capped = otpFailure('Too many codes were sent to this email today. Please try again later.', { otpStatus: 'daily_limit', retryAfterSeconds: 80_000 });
    const { user } = await signUpToCodeStep([sendOtpMock({ error: capped })]);
    await clickResend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes were requested today. Please try again later.');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('a resend answered "already verified" says so in the interface language (Hindi here), not the server\'s English', async () => {
    const done = otpFailure('This email is already verified. Please log in.', { otpStatus: 'already_verified' }, 'CONFLICT');
    const { user } = await signUpToCodeStep([sendOtpMock({ error: done })]);
    await act(() => changeLanguage('hi'));
    await clickResend(user, 'कोड फिर से भेजें');
    expect(await screen.findByRole('alert')).toHaveTextContent('यह ईमेल पहले ही वेरिफ़ाई हो चुका है। कृपया लॉग इन करें।');
  });

  it('a code answered "already verified" (verified meanwhile) goes on to log in', async () => {
    const done = otpFailure('This email is already verified. Please log in.', { otpStatus: 'already_verified' }, 'CONFLICT');
    const { user, router } = await signUpToCodeStep([meMock(null, 1), verifyOtpMock({ error: done }), loginMock({ data: { login: TEST_USER } }), meMock(TEST_USER)]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
