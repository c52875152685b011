import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaceBidDocument, SendInquiryDocument } from '../../../graphql/generated';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { productFixture, productMock } from '../../products/__tests__/fixtures';
import { conversationsMock, messagesMock, noProductsMock, partnerMock } from './fixtures';

const SELLER = '01a20000-0000-7000-8000-0000000000bb';
const questions = [
  { __typename: 'CustomQuestion' as const, id: 'q1', question: 'Do you need delivery?', questionType: 'YesNo', mandatory: true },
  { __typename: 'CustomQuestion' as const, id: 'q2', question: 'Which city?', questionType: 'FreeResponse', mandatory: false },
  { __typename: 'CustomQuestion' as const, id: 'q3', question: 'Is GST invoice needed?', questionType: 'YesNo', mandatory: false },
];

beforeEach(() => {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function inquiryMock(sent: unknown[], fail = false) {
  return {
    request: { query: SendInquiryDocument, variables: () => true },
    result: (v: Record<string, unknown>) => {
      sent.push(v);
      return fail
        ? { errors: [new GraphQLError('Something went wrong. Please try again.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] }
        : { data: { sendInquiry: { __typename: 'ChatMessage' as const, id: 'm1', conversationId: 'c1' } } };
    },
    maxUsageCount: 3,
  };
}

const open = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Inquire' }));
  return screen.getByRole('dialog', { name: 'Inquire about Steel water bottles' });
};

describe('the inquiry overlay', () => {
  it("asks the seller's questions one at a time by typing, checks yes/no answers, sends them and goes to the chat after 3 s", async () => {
    const sent: unknown[] = [];
    const { user, router } = renderApp({
      initialEntries: ['/product/p1'],
      me: TEST_USER,
      // The chat it goes to afterwards.
      mocks: [productMock(productFixture({ id: 'p1', customQuestions: questions })), inquiryMock(sent), conversationsMock([]), messagesMock(SELLER, []), partnerMock(SELLER, 'ravi_traders'), noProductsMock],
    });
    const dialog = await open(user);
    expect(dialog).toHaveTextContent('How would you like to inquire about this product?');
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    expect(within(dialog).getByText('Question 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Do you need delivery? (Yes/No)')).toBeInTheDocument();
    const reply = within(dialog).getByRole('textbox', { name: 'Your answer' });
    await user.type(reply, 'maybe{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please answer with "Yes" or "No" (or similar like "yeah", "nope", etc.).');
    await user.clear(reply);
    await user.type(reply, 'yeah{Enter}');
    expect(within(dialog).getByText('Question 2 of 3')).toBeInTheDocument();
    // Answers are kept per product and question for this tab.
    expect(JSON.parse(window.sessionStorage.getItem('bb.inquiry.p1')!)).toEqual({ q1: 'Yes' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Indore{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(within(dialog).getByText('Complete')).toBeInTheDocument();
    expect(dialog).toHaveTextContent("That's all the seller asked. Shall I send your answers to the seller?");
    expect(within(dialog).getByText('N/A')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'yes{Enter}');
    expect(await within(dialog).findByText('Your inquiry has been sent to the seller. Taking you to the chat…')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      productId: 'p1',
      language: 'en',
      content: null,
      answers: [
        { question: 'Do you need delivery?', answer: 'Yes' },
        { question: 'Which city?', answer: 'Indore' },
        { question: 'Is GST invoice needed?', answer: '' },
      ],
    });
    expect(router.state.location.pathname).toBe('/product/p1');
    await act(async () => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`/chat?with=${SELLER}`));
    expect(window.sessionStorage.getItem('bb.inquiry.p1')).toBeNull();
  });

  it('offers a yes/no question as two big buttons, Yes and No (हाँ / नहीं in Hindi), and only to yes/no questions', async () => {
    const sent: unknown[] = [];
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/product/p1'], me: TEST_USER, mocks: [productMock(productFixture({ id: 'p1', customQuestions: questions })), inquiryMock(sent)] });
    await user.click(await screen.findByRole('button', { name: 'पूछताछ करें' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'लिखकर' }));
    const choice = within(dialog).getByRole('group', { name: 'Do you need delivery?' });
    expect(within(choice).getAllByRole('button').map((b) => b.textContent)).toEqual(['हाँ', 'नहीं']);
    await user.click(within(choice).getByRole('button', { name: 'नहीं' }));
    expect(JSON.parse(window.sessionStorage.getItem('bb.inquiry.p1')!)).toEqual({ q1: 'No' });
    // A free answer has no buttons; the next yes/no question has them again.
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), 'Indore{Enter}');
    await user.click(within(within(dialog).getByRole('group', { name: 'Is GST invoice needed?' })).getByRole('button', { name: 'हाँ' }));
    expect(JSON.parse(window.sessionStorage.getItem('bb.inquiry.p1')!)).toEqual({ q1: 'No', q2: 'Indore', q3: 'Yes' });
    await changeLanguage('en');
  });

  it('asks free-form when the product has no questions, and says so when sending fails', async () => {
    const sent: unknown[] = [];
    const { user } = renderApp({ initialEntries: ['/product/p2'], me: TEST_USER, mocks: [productMock(productFixture({ id: 'p2' })), inquiryMock(sent, true)] });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    expect(dialog).toHaveTextContent("I'll help you inquire about Steel water bottles. What would you like to ask the seller?");
    expect(within(dialog).queryByText(/Question 1/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Can you deliver 200 to Pune?{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sorry, there was an issue sending your inquiry. Please try again.');
    expect(sent[0]).toMatchObject({ productId: 'p2', answers: [], content: 'Can you deliver 200 to Pune?' });
  });

  it('in Voice mode speaks each question in the UI language and takes the spoken answer', async () => {
    const spoken: Array<{ text: string; lang: string }> = [];
    class Utterance {
      lang = '';
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {}
    }
    const synth = {
      cancel: vi.fn(),
      speak: (u: Utterance) => {
        spoken.push({ text: u.text, lang: u.lang });
        setTimeout(() => u.onend?.(), 0);
      },
    };
    const recognizers: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror: (() => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        recognizers.push(this);
      }
      stop() {}
      abort() {}
      hear(text: string) {
        const result = Object.assign([{ transcript: text }], { isFinal: true });
        this.onresult?.({ resultIndex: 0, results: [result] });
      }
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/product/p3'], me: TEST_USER, mocks: [productMock(productFixture({ id: 'p3', customQuestions: [questions[0]] }))] });
    // (The Hindi texts may be reworded: the button is found by its place.)
    await user.click(await screen.findByRole('button', { name: /पूछताछ/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'बोलकर' }));
    await waitFor(() => expect(spoken[0]).toEqual({ text: 'Do you need delivery? (हाँ/नहीं)', lang: 'hi-IN' }));
    await waitFor(() => expect(recognizers.at(-1)?.lang).toBe('hi-IN'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => recognizers.at(-1)!.hear('हाँ'));
    await act(async () => vi.advanceTimersByTime(1600));
    expect(await within(dialog).findByText('पूरा हुआ')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('bb.inquiry.p3')!)).toEqual({ q1: 'Yes' });
    await changeLanguage('en');
  });
});

describe('the product page', () => {
  it("offers 'Chat with seller' and 'Make an offer', which sends a bid and goes to the conversation", async () => {
    const bids: unknown[] = [];
    const { user, router } = renderApp({
      initialEntries: ['/product/p4'],
      me: TEST_USER,
      mocks: [
        productMock(productFixture({ id: 'p4', minQuantity: 10 })),
        {
          request: { query: PlaceBidDocument, variables: () => true },
          result: (v: Record<string, unknown>) => {
            bids.push(v);
            return { data: { placeBid: null } };
          },
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Chat with seller' })).toHaveAttribute('href', `/chat?with=${SELLER}`);
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    expect(within(dialog).getByRole('textbox', { name: 'Quantity' })).toHaveValue('10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your price per piece (₹)' }), '99.999');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid price (at most two decimals)');
    // The error sits at its field, which says so to a screen reader and takes the focus.
    const priceField = within(dialog).getByRole('textbox', { name: 'Your price per piece (₹)' });
    expect(priceField).toHaveAccessibleDescription('Please enter a valid price (at most two decimals)');
    expect(priceField).toHaveAttribute('aria-invalid', 'true');
    expect(priceField).toHaveFocus();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Your price per piece (₹)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your price per piece (₹)' }), '1150.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?with=${SELLER}`));
    expect(bids[0]).toMatchObject({ productId: 'p4', quantity: 10, unitPricePaise: '115050', note: null });
  });
});

describe('the inquiry overlay on a weak network', () => {
  it('keeps an inquiry sent offline on the device, says it waits for network, and sends it once back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent: Array<Record<string, unknown>> = [];
    const { user, router } = renderApp({
      initialEntries: ['/product/p1'],
      me: TEST_USER,
      mocks: [productMock(productFixture({ id: 'p1', customQuestions: [questions[1]!] })), inquiryMock(sent), conversationsMock([]), messagesMock(SELLER, []), partnerMock(SELLER, 'ravi_traders'), noProductsMock],
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Indore{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send to seller' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are offline. Your inquiry is kept on this phone and will be sent to the seller when you are back online.');
    expect(sent).toEqual([]);
    const queued = JSON.parse(window.localStorage.getItem(`bb.chat.outbox.${SELLER}`)!) as Array<{ clientMessageId: string; content: string; inquiry: unknown }>;
    expect(queued).toEqual([
      { clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/), content: 'Inquiry about Steel water bottles', inquiry: { productId: 'p1', answers: [{ question: 'Which city?', answer: 'Indore' }], content: null, language: 'en' } },
    ]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await within(dialog).findByText('Your inquiry has been sent to the seller. Taking you to the chat…')).toBeInTheDocument();
    expect(sent).toEqual([{ ...queued[0]!.inquiry!, clientMessageId: queued[0]!.clientMessageId }]);
    expect(window.localStorage.getItem(`bb.chat.outbox.${SELLER}`)).toBeNull();
    await act(async () => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.search).toBe(`?with=${SELLER}`));
    expect(sent).toHaveLength(1);
  });

  it('queues it too when the send finds no network (no answer at all)', async () => {
    const { user } = renderApp({
      initialEntries: ['/product/p2'],
      me: TEST_USER,
      mocks: [productMock(productFixture({ id: 'p2' })), { request: { query: SendInquiryDocument, variables: () => true }, error: new TypeError('Failed to fetch') }],
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Can you deliver 200 to Pune?{Enter}');
    expect(await within(dialog).findByText(/^You are offline\./)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(`bb.chat.outbox.${SELLER}`)!)).toHaveLength(1);
    window.localStorage.removeItem(`bb.chat.outbox.${SELLER}`);
  });
});

describe('the inquiry overlay by voice', () => {
  /** A recogniser the test ends: with an error, or having heard nothing. */
  function stubRecognition() {
    const started: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        started.push(this);
      }
      stop() {}
      abort() {}
    }
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    // Nothing is spoken aloud here: listening starts at once.
    vi.stubGlobal('speechSynthesis', undefined);
    return { end: (error?: string) => act(() => void (error ? started.at(-1)!.onerror?.({ error }) : started.at(-1)!.onend?.())) };
  }

  it('says when it is listening and when nothing was heard (speak again, or type instead: the microphone rests)', async () => {
    const mic = stubRecognition();
    const { user } = renderApp({ initialEntries: ['/product/p1'], me: TEST_USER, mocks: [productMock(productFixture({ id: 'p1', customQuestions: [questions[1]!] }))] });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Voice' }));
    expect(await within(dialog).findByText('Listening… speak now')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Type instead' })).not.toBeInTheDocument();
    mic.end();
    expect(await within(dialog).findByText('Nothing heard. Speak again, or type your answer.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Speak again' }));
    expect(await within(dialog).findByText('Listening… speak now')).toBeInTheDocument();
    mic.end();
    await within(dialog).findByText('Nothing heard. Speak again, or type your answer.');
    await user.click(within(dialog).getByRole('button', { name: 'Type instead' }));
    expect(within(dialog).queryByText(/Nothing heard/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your answer' })).toHaveFocus();
    // Typing from here: answering asks nothing more of the microphone.
    await user.type(within(dialog).getByRole('textbox', { name: 'Your answer' }), 'Indore{Enter}');
    expect(within(dialog).getByText('Complete')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Nothing heard|Listening/)).not.toBeInTheDocument();
  });

  it('says the microphone is blocked, in Hindi too, and offers typing', async () => {
    const mic = stubRecognition();
    await changeLanguage('hi');
    const { user } = renderApp({ initialEntries: ['/product/p1'], me: TEST_USER, mocks: [productMock(productFixture({ id: 'p1', customQuestions: [questions[1]!] }))] });
    await user.click(await screen.findByRole('button', { name: /पूछताछ/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'बोलकर' }));
    expect(await within(dialog).findByText('बोलिए… सुन रहे हैं')).toBeInTheDocument();
    mic.end('not-allowed');
    expect(await within(dialog).findByText('माइक्रोफ़ोन बंद है। ब्राउज़र की साइट सेटिंग में इसे चालू करें, या जवाब लिखिए।')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'फिर से बोलें' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'लिखकर जवाब दें' }));
    expect(within(dialog).queryByText(/माइक्रोफ़ोन बंद है/)).not.toBeInTheDocument();
    await changeLanguage('en');
  });
});
