import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChatConversationsDocument,
  ChatEventsDocument,
  ChatMessageHistoryDocument,
  ChatMessagesDocument,
  ChatTypingDocument,
  ChatTypingEventsDocument,
  ChatUnreadTotalDocument,
  CreateOrderFromQuoteDocument,
  EditChatMessageDocument,
  MarkChatReadDocument,
  RespondToBidDocument,
  SendChatMessageDocument,
} from '../../../graphql/generated';
import { REALTIME_CONNECTED_EVENT, realtimeStatus } from '../../../lib/apollo-client';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { bidFixture, chatUser, CONVERSATION_ID, conversationFixture, conversationsMock, messageFixture, messagesMock, noProductsMock, OTHER_ID, quoteFixture, readMock, SELLER_ID } from './fixtures';

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
describe('/chat conversation list', () => {
  it('lists conversations with their relative times, verified badge and unread counts', async () => {
    const conversations = [
      conversationFixture({ lastMessageAt: ago(10_000), unreadCount: 2, lastMessagePreview: 'Is it in stock?' }),
      conversationFixture({ id: 'c2', otherUser: chatUser(OTHER_ID, 'meena'), lastMessageAt: ago(5 * MINUTE) }),
      conversationFixture({ id: 'c3', otherUser: chatUser('u3', 'karan'), lastMessageAt: ago(3 * 60 * MINUTE) }),
      conversationFixture({ id: 'c4', otherUser: chatUser('u4', 'dev'), lastMessageAt: ago(2 * 24 * 60 * MINUTE) }),
      conversationFixture({ id: 'c5', otherUser: chatUser('u5', 'old', { deleted: true }), lastMessageAt: '2026-01-05T10:00:00.000Z' }),
    ];
    renderApp({ initialEntries: ['/chat'], me: TEST_USER, mocks: [noProductsMock, conversationsMock(conversations)] });
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const items = within(list).getAllByRole('link');
    expect(items.map((a) => a.querySelector('.conversation-item__time')?.textContent)).toEqual(['just now', '5m ago', '3h ago', '2d ago', '5 Jan 2026']);
    expect(items[0]).toHaveAccessibleName('ravi_traders, Phone verified, 2 unread messages, just now Is it in stock?');
    expect(within(items[0]).getByText('Is it in stock?')).toBeInTheDocument();
    expect(within(items[0]).getByTitle('Phone verified')).toHaveTextContent('✓');
    expect(items[0].querySelector('.unread-badge')?.textContent).toBe('2');
    expect(within(items[4]).getByText('Deleted user')).toBeInTheDocument();
    expect(items[1]).toHaveAttribute('href', `/chat?with=${OTHER_ID}`);
  });

  it('says there are no conversations yet', async () => {
    renderApp({ initialEntries: ['/chat'], me: TEST_USER, mocks: [noProductsMock, conversationsMock([])] });
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });

  it('shows the unread total on the top bar chat button', async () => {
    renderApp({
      initialEntries: ['/dashboard'],
      me: TEST_USER,
      mocks: [
        noProductsMock,{ request: { query: ChatUnreadTotalDocument }, result: { data: { chatUnreadTotal: 3 } }, maxUsageCount: 10 }],
    });
    const button = await screen.findByRole('link', { name: 'Chat, 3 unread messages' });
    expect(button.querySelector('.chat-badge')?.textContent).toBe('3');
  });
});

describe('/chat conversation', () => {
  it('shows the messages, sends with Enter, keeps Shift+Enter as a new line and never sends empty text', async () => {
    const first = messageFixture({ content: 'Namaste, 40 chairs available', position: '1' });
    const sent = messageFixture({ mine: true, content: 'Great\nplease send photos', position: '2' });
    const sends: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture({ unreadCount: 1 })]),
        messagesMock(SELLER_ID, [first]),
        readMock('1'),
        {
          request: { query: SendChatMessageDocument, variables: (v) => v.userId === SELLER_ID },
          result: (v) => {
            sends.push(v);
            return { data: { sendChatMessage: sent } };
          },
          maxUsageCount: 5,
        },
      ],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    expect(await within(log).findByText('Namaste, 40 chairs available')).toBeInTheDocument();
    expect(document.querySelector('.chat')).toHaveAttribute('data-pane', 'conversation');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Great{Shift>}{Enter}{/Shift}please send photos');
    expect(box).toHaveValue('Great\nplease send photos');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toMatchObject({ userId: SELLER_ID, content: 'Great\nplease send photos' });
    expect((sends[0] as { clientMessageId: string }).clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(log).findByText(/please send photos/)).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it("says when the other person is typing, and tells them (at most every 2 s) while the viewer types", async () => {
    const hints: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, [messageFixture({ content: 'hello', position: '1' })]),
        readMock('1'),
        {
          request: { query: ChatTypingEventsDocument },
          result: { data: { chatTyping: { __typename: 'ChatTyping', conversationId: CONVERSATION_ID, userId: SELLER_ID, at: new Date().toISOString() } } },
          delay: 100,
        },
        {
          request: { query: ChatTypingDocument, variables: () => true },
          result: (v) => {
            hints.push(v);
            return { data: { chatTyping: true } };
          },
          maxUsageCount: 10,
        },
      ],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    expect(await within(log).findByText('hello')).toBeInTheDocument();
    expect(await screen.findByText('ravi_traders is typing…')).toBeInTheDocument();
    // It goes after a few seconds without another hint.
    await waitFor(() => expect(screen.queryByText('ravi_traders is typing…')).not.toBeInTheDocument(), { timeout: 6000 });

    const started = Date.now();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'We need 40 pieces');
    const took = Date.now() - started;
    // 17 keystrokes, one hint per 2 s of typing at most (typing is slow on a busy machine).
    await waitFor(() => expect(hints.length).toBeGreaterThan(0));
    expect(hints.length).toBeLessThanOrEqual(Math.floor(took / 2000) + 1);
    expect(hints).toEqual(hints.map(() => ({ userId: SELLER_ID })));
  }, 15_000);

  it('shows the server refusal when a message cannot be sent, and keeps the text', async () => {
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, []),
        {
          request: { query: SendChatMessageDocument, variables: () => true },
          result: { errors: [new GraphQLError('You are sending messages too fast. Please wait a moment.', { extensions: { code: 'RATE_LIMITED' } })] },
        },
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are sending messages too fast. Please wait a moment.');
    expect(box).toHaveValue('hello');
  });

  it('counts the characters near the limit instead of cutting a long message, and checks a file size before uploading', async () => {
    const upload = vi.fn();
    vi.stubGlobal('XMLHttpRequest', class { open = upload; send = upload; setRequestHeader() {} upload = {}; });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [noProductsMock, conversationsMock([conversationFixture()]), messagesMock(SELLER_ID, [])],
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    box.focus();
    await user.paste('a'.repeat(3600));
    expect(screen.getByText('3600 of 4000 characters')).toBeInTheDocument();
    await user.paste('b'.repeat(500));
    expect(box).toHaveValue('a'.repeat(3600) + 'b'.repeat(500));
    expect(screen.getByText('Too long: shorten your message to 4000 characters.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    const big = new File(['x'], 'catalogue.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    await user.upload(document.getElementById('chat-attach') as HTMLInputElement, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('File size (60.0 MB) exceeds maximum allowed size (50 MB)');
    expect(upload).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('loads older messages upwards', async () => {
    const newest = Array.from({ length: 3 }, (_, i) => messageFixture({ content: `new ${i}`, position: String(31 + i) }));
    const older = [messageFixture({ content: 'the first message', position: '1' })];
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,conversationsMock([conversationFixture({ position: '33' })]), messagesMock(SELLER_ID, newest, { limit: 30 }, true), messagesMock(SELLER_ID, older, { limit: 30, before: '31' }), readMock('33')],
    });
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByText(/message|new/).map((p) => p.textContent)).toEqual(['the first message', 'new 0', 'new 1', 'new 2']));
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it("edits the viewer's own message and shows its earlier versions", async () => {
    const mine = messageFixture({ mine: true, content: 'Price is 500', position: '1' });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, [mine]),
        { request: { query: EditChatMessageDocument, variables: { messageId: mine.id, content: 'Price is 450' } }, result: { data: { editChatMessage: { ...mine, content: 'Price is 450', isEdited: true } } } },
        {
          request: { query: ChatMessageHistoryDocument, variables: { messageId: mine.id } },
          result: {
            data: {
              chatMessageHistory: [
                { __typename: 'ChatMessageVersion', version: 1, content: 'Price is 500', at: ago(2 * MINUTE) },
                { __typename: 'ChatMessageVersion', version: 2, content: 'Price is 450', at: ago(MINUTE) },
              ],
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit this message' }));
    const editor = screen.getByRole('textbox', { name: 'Edit this message' });
    await user.clear(editor);
    await user.type(editor, 'Price is 450');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'edited' }));
    expect(screen.queryByRole('textbox', { name: 'Edit this message' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('log')).getAllByText('Price is 450')[0]).toHaveClass('bubble__text');
    const history = await screen.findByText('Earlier versions');
    expect(screen.getByRole('button', { name: 'edited' })).toHaveAttribute('aria-expanded', 'true');
    const versions = history.parentElement!.querySelectorAll('li');
    expect([...versions].map((v) => v.querySelector('.bubble__text')?.textContent)).toEqual(['Price is 500', 'Price is 450']);
  });

  it("lets the buyer accept a seller's quote, which turns 'Ordered'", async () => {
    const quote = messageFixture({
      kind: 'quote',
      content: 'Quote: 5 x Steel chairs at ₹480 each',
      position: '1',
      quote: quoteFixture(),
    });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, [quote]),
        readMock('1'),
        {
          request: { query: CreateOrderFromQuoteDocument, variables: (v) => v.messageId === quote.id && typeof v.idempotencyKey === 'string' },
          result: { data: { createOrderFromQuote: { __typename: 'Order', id: 'order-1', displayId: 'abcd1234', total: '2400.00' } } },
        },
      ],
    });
    expect(await screen.findByText('5 pieces × ₹480 / piece = ₹2,400')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and order (₹2,400)' }));
    // Asked first in the app's dialog: Go back leaves the quote open, Accept and order orders.
    let dialog = await screen.findByRole('alertdialog', { name: 'Accept this quote and order for ₹2,400?' });
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and order (₹2,400)' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Accept this quote and order for ₹2,400?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept and order' }));
    expect(await screen.findByText('Ordered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: /Accept and order/ })).not.toBeInTheDocument();
  });

  it("lets the seller counter a buyer's bid", async () => {
    const bid = messageFixture({
      kind: 'bid',
      content: 'Regular monthly order',
      position: '1',
      bid: bidFixture(),
    });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, [bid]),
        readMock('1'),
        {
          request: { query: RespondToBidDocument, variables: { messageId: bid.id, action: 'counter', unitPricePaise: '22550' } },
          result: { data: { respondToBid: { ...bid, bid: { ...bid.bid!, status: 'countered', quoteMessageId: 'q1' } } } },
        },
      ],
    });
    expect(await screen.findByText('100 pieces × ₹200 / piece = ₹20,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Counter' }));
    await user.click(screen.getByRole('button', { name: 'Send counter offer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid price');
    await user.type(screen.getByRole('textbox', { name: 'Your price per piece (₹)' }), '225.50');
    await user.click(screen.getByRole('button', { name: 'Send counter offer' }));
    expect(await screen.findByText('Countered: a quote was sent')).toBeInTheDocument();
  });

  it("lets the seller accept a buyer's bid (a quote at its price) or decline it", async () => {
    const first = messageFixture({ kind: 'bid', content: 'Bid one', position: '1', bid: bidFixture() });
    const second = messageFixture({ kind: 'bid', content: 'Bid two', position: '2', bid: bidFixture({ unitPricePaise: '10000', totalPaise: '1000000', note: 'Bid two' }) });
    const answered: unknown[] = [];
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture({ position: '2' })]),
        messagesMock(SELLER_ID, [first, second]),
        readMock('2'),
        {
          request: { query: RespondToBidDocument, variables: (v) => v.action === 'accept' || v.action === 'decline' },
          result: (v) => {
            answered.push(v);
            const bid = v.messageId === first.id ? first : second;
            return { data: { respondToBid: { ...bid, bid: { ...bid.bid!, status: v.action === 'accept' ? 'accepted' : 'declined', quoteMessageId: v.action === 'accept' ? 'q1' : null } } } };
          },
          maxUsageCount: 2,
        },
      ],
    });
    const cards = await screen.findAllByText('Offer');
    await user.click(within(cards[0].closest('.chat-card') as HTMLElement).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted: a quote was sent')).toBeInTheDocument();
    await user.click(within(cards[1].closest('.chat-card') as HTMLElement).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(answered).toMatchObject([
      { messageId: first.id, action: 'accept' },
      { messageId: second.id, action: 'decline' },
    ]);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('adds a message that arrives live, marks it read and updates the list', async () => {
    const first = messageFixture({ content: 'first', position: '1' });
    const arriving = messageFixture({ content: 'arrived live', position: '2' });
    let listed = [conversationFixture()];
    const marked: string[] = [];
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        { request: { query: ChatConversationsDocument }, result: () => ({ data: { chatConversations: listed } }), maxUsageCount: 20 },
        messagesMock(SELLER_ID, [first]),
        {
          request: { query: ChatEventsDocument },
          result: () => {
            listed = [conversationFixture({ lastMessagePreview: 'arrived live', position: '2' })];
            return {
              data: {
                chatEvents: { __typename: 'ChatEvent', type: 'message', conversationId: CONVERSATION_ID, otherUserId: SELLER_ID, position: '2', readerId: null, readPosition: null, unreadCount: 1, unreadTotal: 1, message: arriving },
              },
            };
          },
          delay: 200,
          maxUsageCount: 2,
        },
        {
          request: { query: MarkChatReadDocument, variables: (v) => v.userId === SELLER_ID },
          result: (v) => {
            marked.push(v.position as string);
            return { data: { markChatRead: { ...conversationFixture({ position: v.position as string }) } } };
          },
          maxUsageCount: 5,
        },
      ],
    });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('arrived live')).toBeInTheDocument();
    await waitFor(() => expect(marked).toContain('2'));
    expect(await within(screen.getByRole('navigation', { name: 'Conversations' })).findByText('arrived live')).toBeInTheDocument();
  });

  it('after a reconnect, fetches what was missed after the last position, and shows the reconnecting state meanwhile', async () => {
    const first = messageFixture({ content: 'before the drop', position: '4' });
    const missed = messageFixture({ content: 'sent while away', position: '5' });
    const asked: string[] = [];
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture({ position: '4' })]),
        messagesMock(SELLER_ID, [first]),
        readMock('4'),
        readMock('5'),
        {
          request: { query: ChatMessagesDocument, variables: (v) => typeof v.after === 'string' },
          result: (v) => {
            asked.push(v.after as string);
            return { data: { chatMessages: { __typename: 'ChatMessagePage', hasMore: false, items: [missed] } } };
          },
          maxUsageCount: 5,
        },
      ],
    });
    expect(await screen.findByText('before the drop')).toBeInTheDocument();
    act(() => realtimeStatus.set('reconnecting'));
    expect(await screen.findByText('Reconnecting… live updates will resume by themselves.')).toBeInTheDocument();
    act(() => {
      realtimeStatus.set('live');
      window.dispatchEvent(new Event(REALTIME_CONNECTED_EVENT));
    });
    expect(await screen.findByText('sent while away')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('4');
  });

  it('goes back to the list on a phone, and speaks Hindi', async () => {
    const { user } = renderApp({ initialEntries: [`/chat?with=${SELLER_ID}`], me: TEST_USER, mocks: [noProductsMock, conversationsMock([conversationFixture()]), messagesMock(SELLER_ID, [])] });
    await user.click(await screen.findByRole('button', { name: /Conversations/ }));
    await waitFor(() => expect(document.querySelector('.chat')).toHaveAttribute('data-pane', 'list'));
    await changeLanguage('hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'चैट' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe('/chat documents', () => {
  it('shows a document as a download chip with its kind, name and size, never as a picture', async () => {
    const file = (position: string, fileName: string, contentType: string, size: number) => {
      const attachment = { __typename: 'ChatAttachment' as const, fileName, contentType, size, isImage: false, url: `/chat/attachments/m${position}`, previewUrl: null };
      return messageFixture({ id: `m${position}`, position, kind: 'attachment', content: '', attachment });
    };
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, [
          file('1', 'GST certificate.pdf', 'application/pdf', 250_000),
          file('2', 'दर सूची.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 3 * 1024 * 1024),
          file('3', 'notes.txt', 'text/plain', 300),
        ]),
        readMock('3'),
      ],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    const pdf = await within(log).findByRole('link', { name: /GST certificate\.pdf/ });
    expect(pdf).toHaveAttribute('href', '/chat/attachments/m1');
    expect(pdf).toHaveAttribute('download', 'GST certificate.pdf');
    expect(pdf).toHaveAccessibleName('GST certificate.pdf 244 KB Download');
    expect(pdf.querySelector('.file-chip__kind')?.textContent).toBe('PDF');
    const sheet = within(log).getByRole('link', { name: /दर सूची\.xlsx/ });
    expect(sheet.querySelector('.file-chip__kind')?.textContent).toBe('XLSX');
    expect(within(sheet).getByText('3.0 MB')).toBeInTheDocument();
    const text = within(log).getByRole('link', { name: /notes\.txt/ });
    expect(text.querySelector('.file-chip__kind svg')).not.toBeNull();
    expect(log.querySelectorAll('img')).toHaveLength(0);
  });
});
