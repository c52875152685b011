import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatTranslationAvailableDocument, MarkChatReadDocument, TranslateChatMessageDocument } from '../../../graphql/generated';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { conversationFixture, conversationsMock, messageFixture, messagesMock, noProductsMock, SELLER_ID } from './fixtures';

beforeEach(() => window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1'));
afterEach(() => window.localStorage.clear());

describe('translate on tap', () => {
  it("translates the other side's Hindi into English under the original, and hides it again", async () => {
    const theirs = messageFixture({ content: 'कल तक 40 कुर्सी भेज दूँगा' });
    const mine = messageFixture({ mine: true, content: 'Thanks', position: '2' });
    const { user } = renderApp({
      initialEntries: [`/chat?with=${SELLER_ID}`],
      me: TEST_USER,
      mocks: [
        noProductsMock,
        conversationsMock([conversationFixture()], 5),
        messagesMock(SELLER_ID, [theirs, mine]),
        { request: { query: MarkChatReadDocument, variables: () => true }, result: { data: { markChatRead: { ...conversationFixture(), __typename: 'Conversation' as const } } }, maxUsageCount: 5 },
        { request: { query: ChatTranslationAvailableDocument }, result: { data: { chatTranslationAvailable: true } }, maxUsageCount: Number.POSITIVE_INFINITY },
        {
          request: { query: TranslateChatMessageDocument, variables: { messageId: theirs.id, language: 'en' } },
          result: { data: { translateChatMessage: { __typename: 'ChatTranslation', text: 'I will send 40 chairs by tomorrow', cached: false } } },
        },
      ],
    });
    const log = await screen.findByRole('log', { name: 'Messages with ravi_traders' });
    const translate = await within(log).findByRole('button', { name: 'Translate' });
    // Only under the other side's message.
    expect(within(log).getAllByRole('button', { name: 'Translate' })).toHaveLength(1);
    await user.click(translate);
    expect(await within(log).findByText('I will send 40 chairs by tomorrow')).toHaveAttribute('lang', 'en');
    expect(within(log).getByText('कल तक 40 कुर्सी भेज दूँगा')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Hide the translation' }));
    expect(within(log).queryByText('I will send 40 chairs by tomorrow')).toBeNull();
  });
});
