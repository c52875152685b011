import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendInquiryDocument } from '../../../graphql/generated';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { chatUser, conversationFixture, conversationsMock, messageFixture, messagesMock, noProductsMock, OTHER_ID, readMock, SELLER_ID } from './fixtures';

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('/chat', () => {
  it('shows no unread count for the conversation that is open, only for the others', async () => {
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture({ unreadCount: 2, position: '2' }), conversationFixture({ id: 'c2', otherUser: chatUser(OTHER_ID, 'meena'), unreadCount: 3 })]),
        messagesMock(SELLER_ID, [messageFixture({ position: '1' }), messageFixture({ position: '2', content: 'Still there?' })]),
        readMock('2'),
      ],
    });
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const [open, other] = within(list).getAllByRole('link');
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(open!.querySelector('.unread-badge')).toBeNull();
    expect(open).not.toHaveAccessibleName(/unread/);
    expect(other!.querySelector('.unread-badge')?.textContent).toBe('3');
    expect(other).toHaveAccessibleName(/^meena, 3 unread messages/);
  });

  it('sends an inquiry queued offline (by the product page) when its conversation opens online: once, then drops it', async () => {
    const queued = {
      clientMessageId: '5f0c3b59-8a1e-4c1e-9a51-8f2b6a1d0c11',
      content: 'Inquiry about Steel water bottles',
      inquiry: { productId: 'p1', answers: [{ question: 'Which city?', answer: 'Indore' }], content: null, language: 'en' },
    };
    window.localStorage.setItem(`bb.chat.outbox.${SELLER_ID}`, JSON.stringify([queued]));
    const sent: unknown[] = [];
    renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()]),
        messagesMock(SELLER_ID, []),
        messagesMock(SELLER_ID, [], { after: '1' }),
        {
          request: { query: SendInquiryDocument, variables: () => true },
          result: (v: Record<string, unknown>) => {
            sent.push(v);
            return { data: { sendInquiry: { __typename: 'ChatMessage' as const, id: 'm1', conversationId: 'c1' } } };
          },
          maxUsageCount: 3,
        },
      ],
    });
    await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ...queued.inquiry, clientMessageId: queued.clientMessageId });
    await waitFor(() => expect(window.localStorage.getItem(`bb.chat.outbox.${SELLER_ID}`)).toBeNull());
    expect(screen.queryByRole('list', { name: 'Messages waiting to be sent' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('shows a queued inquiry as waiting for network while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.localStorage.setItem(
      `bb.chat.outbox.${SELLER_ID}`,
      JSON.stringify([{ clientMessageId: 'q1', content: 'Inquiry about Steel water bottles', inquiry: { productId: 'p1', answers: [], content: 'Price for 200?', language: 'en' } }]),
    );
    renderApp({ initialEntries: [`/chat?with=${SELLER_ID}`], me: TEST_USER, mocks: [noProductsMock, conversationsMock([conversationFixture()]), messagesMock(SELLER_ID, [])] });
    const queue = await screen.findByRole('list', { name: 'Messages waiting to be sent' });
    expect(within(queue).getByText('Inquiry about Steel water bottles')).toBeInTheDocument();
    expect(within(queue).getByRole('status')).toHaveTextContent('Waiting for network');
  });
});
