import { describe, expect, it } from 'vitest';
import { AppError } from '../../../common/app-error.js';
import { bidAnswerRefusal, bidStatusAfter, quoteOrderCheck } from '../chat-offers.js';
import type { BidView, QuoteView } from '../chat-views.js';

const bid = (status: BidView['status']): BidView => ({
  productId: 'p',
  productTitle: 'Rice',
  unit: 'kg',
  quantity: 2,
  unitPricePaise: '100',
  totalPaise: '200',
  note: null,
  status,
  quoteMessageId: null,
});

const quote = (over: Partial<QuoteView> = {}): QuoteView => ({
  note: null,
  productId: 'p',
  productTitle: 'Rice',
  unit: 'kg',
  quantity: 2,
  unitPricePaise: '100',
  totalPaise: '200',
  validUntil: new Date(),
  status: 'open',
  orderId: null,
  bidMessageId: null,
  ...over,
});

/** The code and message of what `run` throws. */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { code: (err as AppError).code, message: (err as AppError).message };
  }
  throw new Error('nothing was refused');
}

describe('answering a bid', () => {
  it('accept, counter and decline give the bid its new status', () => {
    expect(bidStatusAfter('accept')).toBe('accepted');
    expect(bidStatusAfter('counter')).toBe('countered');
    expect(bidStatusAfter('decline')).toBe('declined');
  });

  it("is the seller's, once, and only for a bid", () => {
    expect(bidAnswerRefusal({ bid: bid('open'), mine: false })).toBeNull();
    expect(bidAnswerRefusal({ bid: null, mine: false })).toMatchObject({ code: 'BAD_REQUEST', message: 'This message is not a bid' });
    expect(bidAnswerRefusal({ bid: bid('open'), mine: true })).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can answer this bid' });
    for (const status of ['accepted', 'countered', 'declined'] as const) {
      expect(bidAnswerRefusal({ bid: bid(status), mine: false })).toMatchObject({ code: 'CONFLICT', message: 'This bid has already been answered' });
    }
  });
});

describe('ordering at a quote', () => {
  it('lets the buyer order an open quote the seller has not changed', () => {
    expect(quoteOrderCheck({ quote: quote(), mine: false, isEdited: false }, null)).toBeNull();
  });

  it('refuses what is not a quote, the seller, and a changed or expired quote', () => {
    expect(refusal(() => quoteOrderCheck({ quote: null, mine: false, isEdited: false }, null))).toEqual({ code: 'BAD_REQUEST', message: 'This message is not a quote' });
    expect(refusal(() => quoteOrderCheck({ quote: quote(), mine: true, isEdited: false }, null))).toEqual({ code: 'FORBIDDEN', message: 'Only the buyer can accept this quote' });
    expect(refusal(() => quoteOrderCheck({ quote: quote({ status: 'expired' }), mine: false, isEdited: false }, null))).toEqual({ code: 'CONFLICT', message: 'This quote has expired' });
    expect(refusal(() => quoteOrderCheck({ quote: quote(), mine: false, isEdited: true }, null))).toEqual({
      code: 'CONFLICT',
      message: 'This quote was changed by the seller; ask for a new one',
    });
  });

  it('gives one order per quote: a second acceptance is refused, a retry with an idempotency key answers the first order', () => {
    const ordered = quote({ status: 'ordered', orderId: 'o-1' });
    expect(refusal(() => quoteOrderCheck({ quote: ordered, mine: false, isEdited: false }, null))).toEqual({ code: 'CONFLICT', message: 'This quote has already been ordered' });
    expect(quoteOrderCheck({ quote: ordered, mine: false, isEdited: false }, 'key-1')).toEqual({ retryOf: 'o-1' });
  });
});
