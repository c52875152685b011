import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfirmOrderDeliveryDocument,
  ConfirmOrderPaymentDocument,
  DeclineOrderDocument,
  MyOrdersDocument,
  MyProductsDocument,
  OrderEventsDocument,
  OrdersAfterDocument,
  SellerOrdersDocument,
} from '../../../graphql/generated';
import { REALTIME_CONNECTED_EVENT, realtimeStatus } from '../../../lib/apollo-client';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { myOrdersMock, orderFixture, orderPaymentMock, sellerOrdersMock } from './fixtures';

afterEach(() => vi.restoreAllMocks());
const loggedIn = () => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');

describe('/orders', () => {
  it("lists the buyer's orders with their status labels and actions", async () => {
    loggedIn();
    const orders = [
      orderFixture({ status: 'unpaid', productTitle: 'Unpaid bottles', sellerName: 'Ravi Traders' }),
      orderFixture({ status: 'delivery_pending', productTitle: 'Paid bottles', actions: [] }),
      orderFixture({ status: 'delivered', productTitle: 'Delivered bottles', actions: [] }),
      orderFixture({ status: 'cancelled', productTitle: 'Cancelled bottles', actions: [] }),
    ];
    renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock(orders), orderPaymentMock(orders[0].id)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your orders' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    const cards = items.filter((li) => li.classList.contains('order-card'));
    // Each card's product link (the unpaid one also gets a 'Pay by UPI' link once its pay panel has loaded).
    const productLink = (c: HTMLElement) => within(c).getAllByRole('link').find((a) => a.getAttribute('href')?.startsWith('/product/'))?.textContent;
    expect(cards.map(productLink)).toEqual(['Unpaid bottles', 'Paid bottles', 'Delivered bottles', 'Cancelled bottles']);
    expect(cards.map((c) => c.querySelector('.order-status')?.textContent)).toEqual(['Pending payment', 'Confirmed', 'Delivered', 'Cancelled']);
    expect(within(cards[0]).getByText(`Order ${orders[0].displayId} · 2 pieces × ₹1,234.50 / piece`)).toBeInTheDocument();
    expect(within(cards[0]).getByText('Total: ₹2,469')).toBeInTheDocument();
    // The seller named by the trade name the order carries, not the username.
    expect(within(cards[0]).getByText(/^Seller: Ravi Traders ·/)).toBeInTheDocument();
    expect(within(cards[0]).queryByText(/ravi_traders/)).not.toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: `Confirm payment for order ${orders[0].displayId}` })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: `Cancel order ${orders[0].displayId}` })).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/Pay the seller \(UPI or bank transfer\)/)).toBeInTheDocument();
    // The unpaid order: the UPI link and its QR code, naming the amount and the payee.
    const pay = await within(cards[0]).findByRole('link', { name: `Pay ₹2,469 by UPI for order ${orders[0].displayId}` });
    expect(pay.getAttribute('href')).toMatch(/^upi:\/\/pay\?pa=ravi%40okhdfc&/);
    expect(within(cards[0]).getByRole('img', { name: 'QR code to pay ₹2,469 to Ravi Traders by UPI' })).toBeInTheDocument();
  });

  it("says 'Order … placed. Pay … by …' after buying, only while that order is unpaid", async () => {
    loggedIn();
    const order = orderFixture({ status: 'unpaid' });
    const placed = { displayId: order.displayId, total: '2469.00', payBy: String(order.payBy) };
    const { unmount } = renderApp({ initialEntries: [{ pathname: '/orders', state: { placed } }], me: TEST_USER, mocks: [myOrdersMock([order]), orderPaymentMock(order.id)] });
    expect(await screen.findByText(new RegExp(`^Order ${order.displayId} placed\\. Pay ₹2,469 by`))).toBeInTheDocument();
    unmount();
    const paid = { ...order, status: 'payment_sent', actions: [] };
    renderApp({ initialEntries: [{ pathname: '/orders', state: { placed } }], me: TEST_USER, mocks: [myOrdersMock([paid])] });
    expect(await screen.findByText('Payment sent: the seller is checking')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`^Order ${order.displayId} placed`))).not.toBeInTheDocument();
  });

  it("says 'Failed to confirm order. Please try again.' when confirming fails", async () => {
    loggedIn();
    const order = orderFixture();
    const { user } = renderApp({
      initialEntries: ['/orders'],
      me: TEST_USER,
      mocks: [
        myOrdersMock([order]),
        orderPaymentMock(order.id, 'chat'),
        { request: { query: ConfirmOrderPaymentDocument, variables: { orderId: order.id, utr: null } }, result: { errors: [new GraphQLError('This order can no longer be changed', { extensions: { code: 'CONFLICT' } })] } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Confirm payment for order ${order.displayId}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to confirm order. Please try again.');
  });

  it('refuses a UTR that is not 12 digits before sending it', async () => {
    loggedIn();
    const order = orderFixture();
    const { user } = renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock([order]), orderPaymentMock(order.id)] });
    await user.type(await screen.findByLabelText('UPI transaction reference (UTR, 12 digits)'), '12345');
    await user.click(screen.getByRole('button', { name: `Confirm payment for order ${order.displayId}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The UTR must be the 12 digits of the UPI transaction reference');
    expect(screen.getByLabelText('UPI transaction reference (UTR, 12 digits)')).toHaveAttribute('aria-invalid', 'true');
    // Changing what was typed takes the refusal away (it stayed beside a corrected UTR).
    await user.type(screen.getByLabelText('UPI transaction reference (UTR, 12 digits)'), '6');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('UPI transaction reference (UTR, 12 digits)')).not.toHaveAttribute('aria-invalid');
  });

  it("confirms a payment with its UTR and shows it sent for the seller's check", async () => {
    loggedIn();
    const order = orderFixture();
    const paid = { ...order, status: 'payment_sent', actions: [], paymentUtr: '412345678901' };
    const { user } = renderApp({
      initialEntries: ['/orders'],
      me: TEST_USER,
      mocks: [
        myOrdersMock([order], 1),
        orderPaymentMock(order.id),
        { request: { query: ConfirmOrderPaymentDocument, variables: { orderId: order.id, utr: '412345678901' } }, result: { data: { confirmOrderPayment: paid } } },
        myOrdersMock([paid]),
      ],
    });
    await user.type(await screen.findByLabelText('UPI transaction reference (UTR, 12 digits)'), '4123 4567 8901');
    await user.click(await screen.findByRole('button', { name: `Confirm payment for order ${order.displayId}` }));
    await waitFor(() => expect(document.querySelector('.order-status')?.textContent).toBe('Payment sent: the seller is checking'));
    expect(screen.getByText('UTR: 412345678901')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirm payment/ })).not.toBeInTheDocument();
  });

  it('has an empty state, in Hindi too', async () => {
    loggedIn();
    renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock([])] });
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find products' })).toHaveAttribute('href', '/search');
    await changeLanguage('hi');
    expect(await screen.findByText('आपने अभी तक कोई ऑर्डर नहीं किया है।')).toBeInTheDocument();
  });

  it('shows "reconnecting" while the socket is lost, then fetches what changed after its position and re-reads the list', async () => {
    loggedIn();
    const order = orderFixture({ position: '7' });
    let current = [order];
    const asked: string[] = [];
    renderApp({
      initialEntries: ['/orders'],
      me: TEST_USER,
      mocks: [
        {
          request: { query: MyOrdersDocument, variables: { limit: 50, offset: 0 } },
          result: () => ({ data: { myOrders: { __typename: 'OrderPage', totalCount: current.length, items: current } } }),
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          request: { query: OrdersAfterDocument, variables: (v: { after: string }) => (asked.push(v.after), true) },
          result: () => ({ data: { ordersAfter: { __typename: 'OrderChanges', position: '8', items: current.filter((o) => o.position > '7') } } }),
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        orderPaymentMock(order.id),
      ],
    });
    await waitFor(() => expect(document.querySelector('.order-status')?.textContent).toBe('Pending payment'));
    expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument();
    act(() => realtimeStatus.set('reconnecting'));
    expect(await screen.findByText('Reconnecting… live updates will resume by themselves.')).toBeInTheDocument();
    await changeLanguage('hi');
    expect(await screen.findByText('फिर से जुड़ रहे हैं… लाइव अपडेट अपने आप फिर शुरू हो जाएँगे।')).toBeInTheDocument();
    await changeLanguage('en');
    // Meanwhile the seller declined it, while this page's socket was down.
    current = [{ ...order, status: 'cancelled', actions: [], position: '8' }];
    act(() => {
      realtimeStatus.set('live');
      window.dispatchEvent(new Event(REALTIME_CONNECTED_EVENT));
    });
    await waitFor(() => expect(document.querySelector('.order-status')?.textContent).toBe('Cancelled'));
    expect(asked).toEqual(['7']);
    expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderApp({ initialEntries: ['/orders'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/seller/orders', () => {
  it('highlights an order that arrives live, and confirms delivery of a paid one', async () => {
    loggedIn();
    const paid = orderFixture({ role: 'seller', status: 'delivery_pending', actions: ['confirm_delivery'], buyerPhone: '+919876543210', productTitle: 'Paid bottles', buyerName: 'Asha Hardware LLP' });
    const arriving = orderFixture({ role: 'seller', status: 'unpaid', actions: ['decline'], productTitle: 'New bottles' });
    const delivered = { ...paid, status: 'delivered', actions: [] };
    // What the server holds: the event and the delivery change it, as they would.
    let current = [paid];
    const page = () => ({ data: { sellerOrders: { __typename: 'OrderPage', totalCount: current.length, items: current } } });
    const { user } = renderApp({
      initialEntries: ['/seller/orders'],
      me: TEST_USER,
      mocks: [
        { request: { query: SellerOrdersDocument, variables: { limit: 50, offset: 0 } }, result: page, maxUsageCount: Number.POSITIVE_INFINITY },
        {
          request: { query: OrderEventsDocument },
          result: () => {
            current = [arriving, paid];
            return { data: { orderEvents: { __typename: 'OrderEvent', type: 'created', position: '2', order: arriving } } };
          },
          delay: 300,
          maxUsageCount: 2,
        },
        {
          request: { query: ConfirmOrderDeliveryDocument, variables: { orderId: paid.id } },
          result: () => {
            current = [arriving, delivered];
            return { data: { confirmOrderDelivery: delivered } };
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller orders' })).toBeInTheDocument();
    const fresh = await waitFor(() => {
      const card = document.querySelector(`[data-order-id="${arriving.id}"]`);
      expect(card).not.toBeNull();
      expect(card!.classList.contains('order-card--fresh')).toBe(true);
      return card as HTMLElement;
    });
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    expect(within(fresh).getByRole('button', { name: `Decline order ${arriving.displayId}` })).toBeInTheDocument();
    const paidCard = document.querySelector(`[data-order-id="${paid.id}"]`) as HTMLElement;
    expect(within(paidCard).getByText("Buyer's phone: +919876543210")).toBeInTheDocument();
    // The buyer named by the billing name when given, else the username.
    expect(within(paidCard).getByText(/^Buyer: Asha Hardware LLP ·/)).toBeInTheDocument();
    expect(within(fresh).getByText(/^Buyer: asha ·/)).toBeInTheDocument();
    expect(paidCard.querySelector('.order-status--amber')).toHaveTextContent('Confirmed: to deliver');
    await user.click(within(paidCard).getByRole('button', { name: `Confirm delivery of order ${paid.displayId}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Confirm delivery of order ${paid.displayId}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delivered' }));
    await waitFor(() => expect(document.querySelector(`[data-order-id="${paid.id}"] .order-status`)).toHaveTextContent('Delivered'));
  });
});

describe('declining an order', () => {
  it('asks in the app dialog (focus kept inside, Escape and Go back decline nothing), then reads Declined on both sides', async () => {
    loggedIn();
    const order = orderFixture({ role: 'seller', status: 'unpaid', actions: ['decline'], productTitle: 'Unwanted bottles' });
    const declined = { ...order, status: 'cancelled', cancelledBy: 'seller', actions: [] };
    let current = [order];
    const decline = vi.fn(() => {
      current = [declined];
      return { data: { declineOrder: declined } };
    });
    const { user } = renderApp({
      initialEntries: ['/seller/orders'],
      me: TEST_USER,
      mocks: [
        { request: { query: SellerOrdersDocument, variables: { limit: 50, offset: 0 } }, result: () => ({ data: { sellerOrders: { __typename: 'OrderPage', totalCount: 1, items: current } } }), maxUsageCount: Number.POSITIVE_INFINITY },
        { request: { query: DeclineOrderDocument, variables: { orderId: order.id } }, result: decline },
      ],
    });
    const button = await screen.findByRole('button', { name: `Decline order ${order.displayId}` });
    await user.click(button);
    let dialog = await screen.findByRole('alertdialog', { name: `Decline order ${order.displayId}?` });
    expect(dialog).toHaveAccessibleDescription('The buyer will be told and the pieces go back into stock. This cannot be undone.');
    const back = within(dialog).getByRole('button', { name: 'Go back' });
    const yes = within(dialog).getByRole('button', { name: 'Decline order' });
    expect(back).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(back).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(decline).not.toHaveBeenCalled();
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(document.querySelector('.order-status')).toHaveTextContent('Declined'));
    expect(decline).toHaveBeenCalledTimes(1);
  });

  it("reads 'Declined by the seller' to the buyer and 'Cancelled: not paid in time' for a lapsed one, in Hindi too", async () => {
    loggedIn();
    const orders = [
      orderFixture({ status: 'cancelled', cancelledBy: 'seller', actions: [], productTitle: 'Declined bottles' }),
      orderFixture({ status: 'cancelled', cancelledBy: 'expiry', actions: [], productTitle: 'Lapsed bottles' }),
      orderFixture({ status: 'cancelled', cancelledBy: 'buyer', actions: [], productTitle: 'Cancelled bottles' }),
    ];
    renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock(orders)] });
    await waitFor(() => expect([...document.querySelectorAll('.order-status')].map((e) => e.textContent)).toEqual(['Declined by the seller', 'Cancelled: not paid in time', 'Cancelled']));
    await changeLanguage('hi');
    await waitFor(() => expect([...document.querySelectorAll('.order-status')].map((e) => e.textContent)).toEqual(['सेलर ने मना किया', 'रद्द: समय पर पेमेंट नहीं हुआ', 'रद्द']));
    await changeLanguage('en');
  });
});

describe('invoices', () => {
  it("links the invoice on the buyer's card once it is made, in Hindi too", async () => {
    loggedIn();
    const orders = [
      orderFixture({ status: 'delivery_pending', actions: [], productTitle: 'Invoiced bottles', invoiceNumber: 'SS/26-27/7', invoiceUrl: '/orders/o1/invoice' }),
      orderFixture({ status: 'delivery_pending', actions: [], productTitle: 'Paid bottles' }),
    ];
    renderApp({ initialEntries: ['/orders'], me: TEST_USER, mocks: [myOrdersMock(orders)] });
    const link = await screen.findByRole('link', { name: 'Download invoice SS/26-27/7 (PDF)' });
    expect(link).toHaveAttribute('href', '/orders/o1/invoice');
    expect(link).toHaveAttribute('download');
    expect(screen.getAllByRole('link', { name: /download invoice/i })).toHaveLength(1);
    await changeLanguage('hi');
    expect(await screen.findByRole('link', { name: 'इनवॉइस SS/26-27/7 डाउनलोड करें (PDF)' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it("shows the invoice on the seller's card when its live event arrives", async () => {
    loggedIn();
    const paid = orderFixture({ role: 'seller', status: 'delivery_pending', actions: ['confirm_delivery'], productTitle: 'Paid bottles' });
    const invoiced = { ...paid, position: '2', invoiceNumber: 'MH/1', invoiceUrl: `/orders/${paid.id}/invoice` };
    let current = [paid];
    const page = () => ({ data: { sellerOrders: { __typename: 'OrderPage', totalCount: current.length, items: current } } });
    renderApp({
      initialEntries: ['/seller/orders'],
      me: TEST_USER,
      mocks: [
        { request: { query: SellerOrdersDocument, variables: { limit: 50, offset: 0 } }, result: page, maxUsageCount: Number.POSITIVE_INFINITY },
        {
          request: { query: OrderEventsDocument },
          result: () => {
            current = [invoiced];
            return { data: { orderEvents: { __typename: 'OrderEvent', type: 'invoice_made', position: '2', order: invoiced } } };
          },
          delay: 300,
        },
      ],
    });
    expect(await screen.findByText('Paid bottles')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download invoice MH/1 (PDF)' });
    expect(link).toHaveAttribute('href', `/orders/${paid.id}/invoice`);
  });
});

describe('/sellers recent orders', () => {
  it('shows 5 of the first 10 orders, with a link to all', async () => {
    loggedIn();
    const orders = Array.from({ length: 10 }, (_, i) => orderFixture({ role: 'seller', actions: ['decline'], productTitle: `Order product ${i + 1}` }));
    renderApp({
      initialEntries: ['/sellers'],
      me: TEST_USER,
      mocks: [sellerOrdersMock(orders, 10), { request: { query: MyProductsDocument, variables: { limit: 10, offset: 0 } }, result: { data: { myProducts: { __typename: 'ProductPage', totalCount: 0, limit: 10, offset: 0, items: [] } } } }],
    });
    const section = await screen.findByRole('region', { name: 'Recent orders' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(5));
    expect(within(section).getByText('Order product 1')).toBeInTheDocument();
    expect(within(section).queryByText('Order product 6')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/seller/orders');
  });
});
