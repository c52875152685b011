import type { MockLink } from '@apollo/client/testing';
import { MyOrdersDocument, OrderPaymentDocument, SellerOrdersDocument, type OrderFieldsFragment } from '../../../graphql/generated';

let n = 0;
/** An order as the API sends it (defaults: the buyer's view of an unpaid order). */
export function orderFixture(overrides: Partial<OrderFieldsFragment> = {}): OrderFieldsFragment & { __typename: 'Order' } {
  const id = overrides.id ?? `01a20000-0000-7000-8000-0000000000${(10 + (n++ % 89)).toString()}`;
  return {
    __typename: 'Order',
    id,
    displayId: id.slice(-8),
    productId: '01a20000-0000-7000-8000-0000000000aa',
    productTitle: 'Steel water bottles',
    thumbnail: { sm: '/uploads/products/p/0-sm.webp', md: '/uploads/products/p/0-md.webp' },
    quantity: 2,
    unit: 'piece',
    unitPrice: '1234.50',
    total: '2469.00',
    taxed: false,
    pricesIncludeGst: true,
    gstRate: 18,
    taxPaise: '0',
    payable: '2469.00',
    status: 'unpaid',
    cancelledBy: null,
    role: 'buyer',
    sellerId: '01a20000-0000-7000-8000-0000000000bb',
    buyerUsername: 'asha',
    sellerUsername: 'ravi_traders',
    buyerName: 'asha',
    sellerName: 'ravi_traders',
    buyerPhone: null,
    actions: ['confirm_payment', 'cancel'],
    position: '1',
    createdAt: '2026-11-24T10:00:00.000Z',
    payBy: '2026-11-26T10:00:00.000Z',
    paymentUtr: null,
    paymentScreenshotUrl: null,
    paymentNotReceivedAt: null,
    deliveredAt: null,
    invoiceNumber: null,
    invoiceUrl: null,
    ...overrides,
  };
}

export const myOrdersMock = (items: OrderFieldsFragment[], times = Number.POSITIVE_INFINITY): MockLink.MockedResponse => ({
  request: { query: MyOrdersDocument, variables: { limit: 50, offset: 0 } },
  result: { data: { myOrders: { __typename: 'OrderPage', totalCount: items.length, items } } },
  maxUsageCount: times,
});

export const sellerOrdersMock = (items: OrderFieldsFragment[], limit: number, times = Number.POSITIVE_INFINITY): MockLink.MockedResponse => ({
  request: { query: SellerOrdersDocument, variables: { limit, offset: 0 } },
  result: { data: { sellerOrders: { __typename: 'OrderPage', totalCount: items.length, items: items.slice(0, limit) } } },
  maxUsageCount: times,
});

/** How the buyer pays `orderId`: to a UPI ID (a link and a QR) or, with `method` chat, ask in chat. */
export const orderPaymentMock = (orderId: string, method: 'upi' | 'chat' = 'upi'): MockLink.MockedResponse => ({
  request: { query: OrderPaymentDocument, variables: { orderId } },
  result: {
    data: {
      orderPayment: {
        __typename: 'OrderPayment',
        method,
        upiUri: method === 'upi' ? 'upi://pay?pa=ravi%40okhdfc&pn=Ravi%20Traders&am=2469.00&cu=INR&tn=Order%20' + orderId.slice(-8) : null,
        qr: method === 'upi' ? { __typename: 'QrCode', size: 21, path: 'M0 0h7v1h-7z' } : null,
        payee: { __typename: 'Payee', name: 'Ravi Traders', vpa: method === 'upi' ? 'ravi@okhdfc' : null, bank: null },
        amount: '2469.00',
        reference: orderId.slice(-8),
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
