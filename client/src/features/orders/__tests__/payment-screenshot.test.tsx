import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { fakeUploads } from '../../products/__tests__/fixtures';
import { myOrdersMock, orderFixture, orderPaymentMock, sellerOrdersMock } from './fixtures';

// docs/product.md#paying: 'Confirm payment' with the UTR or a screenshot of the payment, shown to the seller.
afterEach(() => vi.restoreAllMocks());
const loggedIn = () => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
const picture = (name: string, type = 'image/png', size?: number) => {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe("the buyer's payment screenshot", () => {
  it('refuses what is no picture or too large before sending, previews the chosen one, and confirms with it and the UTR in one upload', async () => {
    loggedIn();
    const order = orderFixture();
    const screenshotUrl = `/orders/${order.id}/payment-screenshot`;
    const paid = { ...order, status: 'payment_sent', actions: [], paymentUtr: '412345678901', paymentScreenshotUrl: screenshotUrl };
    const uploads = fakeUploads(() => ({ status: 200, body: { success: true, message: 'Payment confirmed', order: { order_id: order.id, status: 'payment_sent' } } }), { hold: true });
    const { user } = renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock([order], 1), orderPaymentMock(order.id), myOrdersMock([paid])] });

    const input = await screen.findByLabelText('Or add a screenshot of the payment');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByText(/A picture \(JPEG, PNG, GIF or WebP\) under 5 MB/)).toBeInTheDocument();
    // (The picker's accept list hides other files; a browser may still pass one.)
    fireEvent.change(input, { target: { files: [new File(['words'], 'receipt.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('"receipt.txt" is not a picture: choose a JPEG, PNG, GIF or WebP screenshot.');
    // (fireEvent sets the chosen files as a browser would, whatever the accept list.)
    const choose = (file: File) => fireEvent.change(screen.getByLabelText('Or add a screenshot of the payment'), { target: { files: [file] } });
    choose(picture('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('"huge.png" is 6.0 MB: the screenshot must be smaller than 5 MB.');
    choose(picture('exactly-5mb.png', 'image/png', 5 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('"exactly-5mb.png" is 5.0 MB');
    expect(uploads.calls).toEqual([]);

    choose(picture('gpay.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Your payment screenshot: gpay.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the screenshot' }));
    expect(screen.queryByText('Your payment screenshot: gpay.png')).not.toBeInTheDocument();
    choose(picture('phonepe.jpg', 'image/jpeg'));
    await user.type(screen.getByLabelText('UPI transaction reference (UTR, 12 digits)'), '4123 4567 8901');

    await user.click(screen.getByRole('button', { name: `Confirm payment for order ${order.displayId}` }));
    expect(await screen.findByText(/Sending the screenshot: 50%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending the screenshot' })).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: `Confirm payment for order ${order.displayId}` })).toBeDisabled();
    uploads.release();
    await waitFor(() => expect(document.querySelector('.order-status')?.textContent).toBe('Payment sent: the seller is checking'));
    const [call] = uploads.calls;
    expect([call.method, call.url, call.body.get('order_id'), call.body.get('utr'), (call.body.get('screenshot') as File).name]).toEqual([
      'POST',
      '/orders/confirm',
      order.id,
      '412345678901',
      'phonepe.jpg',
    ]);
    expect(screen.getByText(/UTR: 412345678901/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Open the payment screenshot of order ${order.displayId}` })).toHaveAttribute('href', screenshotUrl);
    uploads.restore();
  });

  it("shows the server's refusal of a screenshot, and sends one without a UTR", async () => {
    loggedIn();
    const order = orderFixture();
    const uploads = fakeUploads(() => ({ status: 415, body: { message: 'The payment screenshot must be a JPEG, PNG, GIF or WebP picture' } }));
    const { user } = renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock([order]), orderPaymentMock(order.id)] });
    await user.upload(await screen.findByLabelText('Or add a screenshot of the payment'), picture('scan.png'));
    await user.click(screen.getByRole('button', { name: `Confirm payment for order ${order.displayId}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to confirm order. Please try again. The payment screenshot must be a JPEG, PNG, GIF or WebP picture');
    expect(uploads.calls[0].body.get('utr')).toBeNull();
    uploads.restore();
  });

  it("the seller's card opens the screenshot beside the UTR, in Hindi too", async () => {
    loggedIn();
    const sent = orderFixture({
      role: 'seller',
      status: 'payment_sent',
      actions: ['payment_received', 'payment_not_received'],
      paymentUtr: '412345678901',
      paymentScreenshotUrl: '/orders/01a20000-0000-7000-8000-000000000077/payment-screenshot',
    });
    const onlyShot = orderFixture({ role: 'seller', status: 'payment_sent', actions: ['payment_received', 'payment_not_received'], paymentScreenshotUrl: '/orders/x/payment-screenshot' });
    renderApp({ initialEntries: ['/seller/orders'], me: TEST_USER, mocks: [sellerOrdersMock([sent, onlyShot], 50)] });
    const card = await waitFor(() => {
      const found = document.querySelector(`[data-order-id="${sent.id}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const link = await within(card).findByRole('link', { name: `Open the payment screenshot of order ${sent.displayId}` });
    expect(link).toHaveAttribute('href', sent.paymentScreenshotUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.parentElement).toHaveTextContent('UTR: 412345678901 Payment screenshot');
    const other = document.querySelector(`[data-order-id="${onlyShot.id}"]`) as HTMLElement;
    expect(within(other).getByRole('link', { name: `Open the payment screenshot of order ${onlyShot.displayId}` }).parentElement?.textContent?.trim()).toBe('Payment screenshot');
    await changeLanguage('hi');
    expect(await within(card).findByRole('link', { name: `ऑर्डर ${sent.displayId} के पेमेंट का स्क्रीनशॉट खोलें` })).toHaveTextContent('पेमेंट का स्क्रीनशॉट');
  });
});
