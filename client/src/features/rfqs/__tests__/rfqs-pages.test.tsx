import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AcceptRfqQuoteDocument,
  DeclineRfqDocument,
  MyRfqsDocument,
  PostRfqDocument,
  QuoteRfqDocument,
  RfqChangesDocument,
  RfqDraftDocument,
  RfqEventsDocument,
  SellerRfqsDocument,
  type RfqFieldsFragment,
  type RfqQuoteFieldsFragment,
} from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { fakeUploads } from '../../products/__tests__/fixtures';

const RFQ_ID = '01a20000-0000-7000-8000-000000000f01';

function quote(n: number, over: Partial<RfqQuoteFieldsFragment> = {}): RfqQuoteFieldsFragment & { __typename: 'RfqQuote' } {
  return {
    __typename: 'RfqQuote',
    id: `01a20000-0000-7000-8000-00000000a${String(n).padStart(3, '0')}`,
    rfqId: RFQ_ID,
    sellerId: `01a20000-0000-7000-8000-00000000b${String(n).padStart(3, '0')}`,
    sellerUsername: `seller_${n}`,
    sellerCity: 'Pune',
    sellerState: null,
    sellerEmailVerified: true,
    sellerPhoneVerified: false,
    sellerHasGstin: n === 1,
    sellerResponseMinutes: n === 1 ? 45 : null,
    productId: '01a20000-0000-7000-8000-0000000000aa',
    productTitle: 'Steel almirah',
    messageId: `01a20000-0000-7000-8000-00000000c${String(n).padStart(3, '0')}`,
    unitPricePaise: '450000',
    quantity: 200,
    totalPaise: '90000000',
    deliveryDays: 7,
    validUntil: '2026-12-01T10:00:00.000Z',
    note: null,
    status: 'open',
    ...over,
  };
}

function rfq(over: Partial<RfqFieldsFragment> = {}): RfqFieldsFragment & { __typename: 'Rfq' } {
  return {
    __typename: 'Rfq',
    id: RFQ_ID,
    text: '200 steel almirahs in Pune',
    category: 'Furniture',
    quantity: 200,
    unit: 'piece',
    maxUnitPricePaise: '500000',
    city: 'Pune',
    state: null,
    neededBy: null,
    condition: null,
    notes: null,
    photos: [],
    status: 'open',
    createdAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    mine: true,
    buyerId: TEST_USER.id,
    buyerUsername: TEST_USER.username,
    matchedCount: 3,
    quoteCount: 0,
    orderId: null,
    acceptedQuoteId: null,
    position: '4',
    quotes: [],
    match: null,
    ...over,
  };
}

const quiet: MockLink.MockedResponse[] = [
  { request: { query: RfqEventsDocument }, result: { data: null }, delay: 2 ** 31 - 1, maxUsageCount: Number.POSITIVE_INFINITY },
  {
    request: { query: RfqChangesDocument, variables: () => true },
    result: (v: { after: string }) => ({ data: { rfqChanges: { __typename: 'RfqChanges', position: v.after, items: [] } } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
];
const mine = (list: RfqFieldsFragment[]): MockLink.MockedResponse => ({ request: { query: MyRfqsDocument }, result: { data: { myRfqs: list } }, maxUsageCount: Number.POSITIVE_INFINITY });

afterEach(() => changeLanguage('en'));

// docs/product.md#buy-requirements
describe('/rfqs/new', () => {
  it('fills chips from the words, lets the buyer change one, and posts the requirement', async () => {
    const posted: Array<Record<string, unknown>> = [];
    const { user, router } = renderApp({
      initialEntries: [`/rfqs/new?text=${encodeURIComponent('200 steel almirahs in Pune under 5000 each')}`],
      me: TEST_USER,
      mocks: [
        {
          request: { query: RfqDraftDocument, variables: { text: '200 steel almirahs in Pune under 5000 each' } },
          result: {
            data: { rfqDraft: { __typename: 'RfqDraft', text: '200 steel almirahs in Pune under 5000 each', goodsWords: ['steel', 'almirah'], category: null, quantity: 200, unit: null, maxUnitPricePaise: '500000', city: 'Pune', state: null, condition: null } },
          },
        },
        {
          request: { query: PostRfqDocument, variables: (v: Record<string, unknown>) => (posted.push(v), true) },
          result: { data: { postRfq: rfq() } },
        },
        mine([rfq()]),
        ...quiet,
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post a requirement' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Details of your requirement (tap one to change it)' });
    const quantity = await within(chips).findByRole('button', { name: 'Change Quantity: 200 pieces' });
    expect(within(chips).getByRole('button', { name: 'Change City: Pune' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Change Top price per piece (₹): Up to ₹5,000 / piece' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Add State' })).toBeInTheDocument();

    await user.click(quantity);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(chips).getByRole('button', { name: 'Change Quantity: 250 pieces' })).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove City' }));
    expect(within(chips).getByRole('button', { name: 'Add City' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(await screen.findByText('Your requirement is posted. Sellers who sell these goods are being told now.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rfqs');
    expect(posted[0]).toMatchObject({ text: '200 steel almirahs in Pune under 5000 each', quantity: 250, unit: 'piece', maxUnitPricePaise: '500000', city: null, expiresInDays: 3 });
  });
});

describe('/rfqs/new with photos', () => {
  it('adds up to 3 photos, refuses what is no picture, removes one, and posts the requirement with them in one upload', async () => {
    const photo = (name: string, type = 'image/jpeg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type });
    const uploads = fakeUploads(() => ({ status: 201, body: { rfq: { id: RFQ_ID } } }), { hold: true });
    // Apollo's cache wants the type name the fragment's type leaves out.
    const posted = { __typename: 'RfqPhoto' as const, sm: `/rfqs/${RFQ_ID}/photos/0/preview`, lg: `/rfqs/${RFQ_ID}/photos/0` };
    const { user, router } = renderApp({
      initialEntries: ['/rfqs/new'],
      me: TEST_USER,
      mocks: [mine([rfq({ photos: [posted] })]), ...quiet],
    });
    await user.type(await screen.findByRole('textbox', { name: 'What do you need?' }), 'brass hinges like these');
    await user.click(screen.getByRole('button', { name: 'Add Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '500');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const group = screen.getByRole('group', { name: 'Photos (0 of 3, optional)' });
    const input = within(group).getByLabelText('Add photos');
    await user.upload(input, [photo('hinge.jpg'), photo('sample.png', 'image/png')]);
    expect(screen.getByRole('group', { name: 'Photos (2 of 3, optional)' })).toBeInTheDocument();
    // A text file is no picture; a fourth photo is one too many: each refused with its reason, nothing added.
    // (The picker's accept list hides it; a browser may still pass one, as a drop does.)
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [new File(['words'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not a picture: add a JPEG, PNG, GIF or WebP photo');
    await user.upload(screen.getByLabelText('Add photos'), [photo('c.jpg'), photo('d.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent('A requirement can have at most 3 photos');
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 (sample.png)' }));
    expect(screen.getByRole('group', { name: 'Photos (1 of 3, optional)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post requirement' }));
    // The status shows before the upload's first progress event: wait for the progress, not the status.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sending… 50%'));
    expect(screen.getByRole('button', { name: 'Posting…' })).toBeDisabled();
    uploads.release();
    expect(await screen.findByText('Your requirement is posted. Sellers who sell these goods are being told now.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rfqs');
    const [call] = uploads.calls;
    expect([call.method, call.url]).toEqual(['POST', '/rfqs']);
    expect(JSON.parse(call.body.get('rfq') as string)).toEqual({ text: 'brass hinges like these', quantity: 500, unit: 'piece', expires_in_days: 3, client_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((call.body.getAll('photos') as File[]).map((f) => f.name)).toEqual(['hinge.jpg']);
    // The posted requirement's card shows its photo, opening the large one.
    const card = await screen.findByTestId('my-rfq');
    expect(within(card).getByRole('link', { name: 'Open photo 1' })).toHaveAttribute('href', `/rfqs/${RFQ_ID}/photos/0`);
    uploads.restore();
  });
});

describe('/rfqs/new offline', () => {
  it('keeps the draft across a reload; a post without network waits, then goes once, with its id, when the browser is back online', async () => {
    const posted: Array<Record<string, unknown>> = [];
    const mocks = [
      {
        request: { query: PostRfqDocument, variables: (v: Record<string, unknown>) => (posted.push(v), true) },
        result: { data: { postRfq: rfq() } },
      },
      mine([rfq()]),
      ...quiet,
    ];
    const first = renderApp({ initialEntries: ['/rfqs/new'], me: TEST_USER, mocks });
    await first.user.type(await screen.findByRole('textbox', { name: 'What do you need?' }), 'hotel bedsheets');
    await first.user.click(screen.getByRole('button', { name: 'Add Quantity' }));
    await first.user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '40');
    await first.user.click(screen.getByRole('button', { name: 'Done' }));
    first.unmount();

    // The page opened again without words: the draft is back.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, router } = renderApp({ initialEntries: ['/rfqs/new'], me: TEST_USER, mocks });
    expect(await screen.findByRole('textbox', { name: 'What do you need?' })).toHaveValue('hotel bedsheets');
    expect(screen.getByRole('button', { name: 'Change Quantity: 40 pieces' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(await screen.findByText('You are offline. Your requirement is kept on this phone and will be posted when you are back online.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    offline.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Your requirement is posted. Sellers who sell these goods are being told now.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rfqs');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ text: 'hotel bedsheets', quantity: 40, clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Posted: the draft is gone from the device.
    expect(window.localStorage.getItem('bb.rfq.draft')).toBeNull();
    offline.mockRestore();
  });
});

describe('/rfqs', () => {
  it('compares quotes by total and by delivery, and orders at one', async () => {
    const cheap = quote(1, { totalPaise: '80000000', unitPricePaise: '400000', deliveryDays: 12 });
    const fast = quote(2, { totalPaise: '95000000', unitPricePaise: '475000', deliveryDays: 3 });
    const accepted: Array<Record<string, unknown>> = [];
    const { user } = renderApp({
      initialEntries: ['/rfqs'],
      me: TEST_USER,
      mocks: [
        mine([rfq({ quoteCount: 2, quotes: [fast, cheap] })]),
        {
          request: { query: AcceptRfqQuoteDocument, variables: (v: Record<string, unknown>) => (accepted.push(v), true) },
          result: { data: { acceptRfqQuote: { __typename: 'Order', id: '01a20000-0000-7000-8000-0000000d0001', displayId: '0d0001', total: '800000.00', payBy: '2026-11-30T10:00:00.000Z' } } },
        },
        ...quiet,
      ],
    });
    const card = await screen.findByTestId('my-rfq');
    expect(within(card).getByText('3 sellers told')).toBeInTheDocument();
    const sellers = () => within(card).getAllByTestId('rfq-quote').map((q) => within(q).getByText(/^seller_/).textContent);
    expect(sellers()).toEqual(['seller_1', 'seller_2']);
    expect(within(card).getAllByTestId('rfq-quote')[0]).toHaveTextContent('Usually quotes in 45 minutes');
    expect(within(card).getAllByTestId('rfq-quote')[0]).toHaveTextContent('Price per piece₹4,000 / piece');
    await user.click(within(card).getByRole('button', { name: 'Delivery' }));
    expect(sellers()).toEqual(['seller_2', 'seller_1']);
    await user.click(within(card).getByRole('button', { name: 'Order from seller_1 at ₹8,00,000' }));
    expect(await screen.findByText(/Order 0d0001 placed for ₹8,00,000/)).toBeInTheDocument();
    expect(accepted[0]).toMatchObject({ rfqId: RFQ_ID, quoteId: cheap.id, idempotencyKey: expect.any(String) });
  });
});

describe('/seller/rfqs', () => {
  // Apollo's cache wants the type name the fragment's type leaves out.
  const match = { __typename: 'RfqMatch' as const, matchedAt: '2026-11-28T10:00:00.000Z', answer: null, declineReason: null, productId: null, productTitle: 'Steel almirah 4 door', myQuote: null };
  const lead = rfq({ mine: false, buyerId: null, buyerUsername: null, quotes: null, match });
  const inbox = (items: RfqFieldsFragment[]): MockLink.MockedResponse => ({
    request: { query: SellerRfqsDocument, variables: { limit: 50, offset: 0 } },
    result: { data: { sellerRfqs: { __typename: 'RfqPage', totalCount: items.length, items } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

  it('quotes a requirement with a price per its unit in rupees, or declines it with a reason', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const declined: Array<Record<string, unknown>> = [];
    const { user } = renderApp({
      initialEntries: ['/seller/rfqs'],
      me: TEST_USER,
      mocks: [
        inbox([lead]),
        { request: { query: QuoteRfqDocument, variables: (v: Record<string, unknown>) => (sent.push(v), true) }, result: { data: { quoteRfq: quote(1) } } },
        { request: { query: DeclineRfqDocument, variables: (v: Record<string, unknown>) => (declined.push(v), true) }, result: { data: { declineRfq: lead } } },
        ...quiet,
      ],
    });
    const card = await screen.findByTestId('seller-rfq');
    expect(card).toHaveTextContent('Your listing: Steel almirah 4 door');
    expect(card).toHaveTextContent("Buyer's top price ₹5,000 / piece");
    await user.click(within(card).getByRole('button', { name: 'Send a quote' }));
    await user.type(within(card).getByLabelText('Your price per piece (₹)'), '4500.50');
    await user.click(within(card).getByRole('button', { name: 'Send quote' }));
    await screen.findByRole('button', { name: 'Send a quote' });
    expect(sent[0]).toMatchObject({ rfqId: RFQ_ID, unitPricePaise: '450050', quantity: 200, deliveryDays: 7, validHours: 72 });

    await user.click(within(card).getByRole('button', { name: 'Not for me' }));
    await user.click(within(card).getByRole('radio', { name: 'Cannot deliver there' }));
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await screen.findByRole('button', { name: 'Not for me' });
    expect(declined[0]).toEqual({ rfqId: RFQ_ID, reason: 'cannot_deliver_there' });
  });

  it('speaks Hindi', async () => {
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/seller/rfqs'], me: TEST_USER, mocks: [inbox([{ ...lead, unit: 'pair' }]), ...quiet] });
    expect(await screen.findByRole('heading', { level: 1, name: 'ज़रूरतें' })).toBeInTheDocument();
    const card = await screen.findByTestId('seller-rfq');
    expect(card).toHaveTextContent('डिलीवरी: Pune');
    // The price is asked per the requirement's unit, not a generic 'यूनिट' (issue 26).
    await user.click(within(card).getByRole('button', { name: 'कोटेशन भेजें' }));
    expect(within(card).getByLabelText('आपका प्रति जोड़ी दाम (₹)')).toBeInTheDocument();
  });
});
