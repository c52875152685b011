import { describe, expect, it } from 'vitest';
import type { ChatEventMessage } from '../../../pubsub/topics.js';
import { messageRowSchema, type MessageRow } from '../chat-events.js';
import { chatEventView, messageView, offerSummary, preview } from '../chat-views.js';

const ME = '0190a000-0000-7000-8000-000000000001';
const OTHER = '0190a000-0000-7000-8000-000000000002';
const NOW = Date.parse('2026-03-01T12:00:00Z');

function row(over: Partial<MessageRow> = {}): MessageRow {
  return {
    id: '0190a000-0000-7000-8000-0000000000aa',
    conversation_id: '0190a000-0000-7000-8000-0000000000cc',
    sender_id: ME,
    kind: 'text',
    content: 'Namaste',
    created_at: new Date(NOW - 60_000),
    edited_at: null,
    version: 1,
    position: '3',
    change_position: '3',
    client_message_id: 'c-1',
    inquiry: null,
    attachment: null,
    offer_kind: null,
    product_id: null,
    product_title: null,
    quantity: null,
    unit_price_paise: null,
    note: null,
    valid_until: null,
    offer_status: null,
    order_id: null,
    bid_message_id: null,
    quote_message_id: null,
    ...over,
  };
}

const quoteRow = (over: Partial<MessageRow> = {}) =>
  row({
    kind: 'quote',
    content: 'Quote: 10 x Steel pipe at ₹500 each',
    offer_kind: 'quote',
    product_id: '0190a000-0000-7000-8000-0000000000bb',
    product_title: 'Steel pipe',
    quantity: 10,
    unit_price_paise: '50000',
    valid_until: new Date(NOW + 3600_000),
    offer_status: 'open',
    ...over,
  });

describe('messageView', () => {
  it('shows the sender their own message with its client id, and the other participant neither', () => {
    const mine = messageView(row(), ME, NOW);
    expect(mine).toMatchObject({ mine: true, clientMessageId: 'c-1', isEdited: false, editedAt: null, quote: null, bid: null });
    const theirs = messageView(row(), OTHER, NOW);
    expect(theirs).toMatchObject({ mine: false, clientMessageId: null });
  });

  it('reads a row that travelled as JSON (times as text) through the one message schema', () => {
    const json = JSON.parse(JSON.stringify(row({ edited_at: new Date(NOW - 30_000) }))) as Record<string, unknown>;
    const v = messageView(messageRowSchema.parse(json), ME, NOW);
    expect(v.createdAt).toEqual(new Date(NOW - 60_000));
    expect(v.editedAt).toEqual(new Date(NOW - 30_000));
    expect(v.isEdited).toBe(true);
    // PostgreSQL's JSON writes an offset and microseconds.
    expect(messageRowSchema.parse({ ...json, created_at: '2026-03-01T11:59:00.123456+00:00' }).created_at).toEqual(new Date('2026-03-01T11:59:00.123Z'));
    expect(messageRowSchema.safeParse({ ...json, created_at: 'yesterday' }).success).toBe(false);
  });

  it('totals an offer in integer paise (no floats)', () => {
    const v = messageView(quoteRow({ quantity: 3, unit_price_paise: '999999999999999' }), OTHER, NOW);
    expect(v.quote!.totalPaise).toBe('2999999999999997');
  });

  it('tells an open quote from an expired one by the clock, and an ordered one stays ordered', () => {
    expect(messageView(quoteRow(), OTHER, NOW).quote!.status).toBe('open');
    expect(messageView(quoteRow({ valid_until: new Date(NOW) }), OTHER, NOW).quote!.status).toBe('expired');
    expect(messageView(quoteRow({ valid_until: new Date(NOW - 1), offer_status: 'ordered', order_id: 'o-1' }), OTHER, NOW).quote).toMatchObject({ status: 'ordered', orderId: 'o-1' });
  });

  it("shows a quote's text as its note only when the seller wrote one or edited it", () => {
    expect(messageView(quoteRow(), OTHER, NOW).quote!.note).toBeNull();
    expect(messageView(quoteRow({ note: 'Delivery in a week', content: 'Delivery in a week' }), OTHER, NOW).quote!.note).toBe('Delivery in a week');
    expect(messageView(quoteRow({ edited_at: new Date(NOW), content: 'Best price' }), OTHER, NOW).quote!.note).toBe('Best price');
  });

  it('shows a bid with its status, its unit and the quote that answered it', () => {
    const v = messageView(
      row({ kind: 'bid', offer_kind: 'bid', product_id: 'p', product_title: 'Rice', unit: 'kg', quantity: 2, unit_price_paise: '150', offer_status: 'countered', quote_message_id: 'q', note: 'Bulk' }),
      OTHER,
      NOW,
    );
    expect(v.quote).toBeNull();
    expect(v.bid).toEqual({ productId: 'p', productTitle: 'Rice', unit: 'kg', quantity: 2, unitPricePaise: '150', totalPaise: '300', note: 'Bulk', status: 'countered', quoteMessageId: 'q' });
    // An event row from before offers kept their unit (or an unknown one): a piece.
    expect(messageView(row({ kind: 'bid', offer_kind: 'bid', product_id: 'p', product_title: 'Rice', quantity: 2, unit_price_paise: '150', offer_status: 'open' }), OTHER, NOW).bid!.unit).toBe('piece');
    expect(messageView(row({ kind: 'bid', offer_kind: 'bid', product_id: 'p', product_title: 'Rice', unit: 'furlong', quantity: 2, unit_price_paise: '150', offer_status: 'open' }), OTHER, NOW).bid!.unit).toBe('piece');
  });
});

describe('chatEventView', () => {
  const event = (over: Partial<ChatEventMessage> = {}): ChatEventMessage => ({
    type: 'message',
    conversationId: 'c',
    messageId: 'm',
    actorId: OTHER,
    readPosition: null,
    position: '4',
    otherUserId: OTHER,
    message: row({ sender_id: OTHER }) as unknown as Record<string, unknown>,
    unread: [2, 5],
    ...over,
  });

  it("gives the subscriber the message as they see it and their own unread counts", () => {
    const v = chatEventView(ME, event(), NOW);
    expect(v).toMatchObject({ type: 'message', otherUserId: OTHER, position: '4', readerId: null, unreadCount: 2, unreadTotal: 5 });
    expect(v.message).toMatchObject({ mine: false, clientMessageId: null });
  });

  it('names the reader only for a read, which carries no message', () => {
    const v = chatEventView(ME, event({ type: 'read', message: null, messageId: null, readPosition: '4' }), NOW);
    expect(v).toMatchObject({ readerId: OTHER, readPosition: '4', message: null });
  });
});

describe('preview', () => {
  it('is one line, with runs of white space as one space', () => {
    expect(preview('  Hello\n\n  there\tfriend ', 'text')).toBe('Hello there friend');
  });

  it('keeps 120 characters at most, counting a Devanagari or emoji character as one', () => {
    expect(preview('क'.repeat(120), 'text')).toBe('क'.repeat(120));
    expect(preview('😀'.repeat(121), 'text')).toBe(`${'😀'.repeat(119)}…`);
  });

  it('marks a file with a clip', () => {
    expect(preview('invoice.pdf', 'attachment')).toBe('📎 invoice.pdf');
  });
});

describe('offerSummary', () => {
  it('says what a quote or a bid offers, in rupees, in its unit', () => {
    expect(offerSummary('quote', { productTitle: 'Steel pipe', quantity: 10, unitPricePaise: '50000', unit: 'piece' })).toBe('Quote: 10 pcs x Steel pipe at ₹500 / pc');
    expect(offerSummary('bid', { productTitle: 'Rice', quantity: 2, unitPricePaise: '12345', unit: 'kg' })).toBe('Offer: 2 kg x Rice at ₹123.45 / kg');
    expect(offerSummary('quote', { productTitle: 'Ribbon', quantity: 1, unitPricePaise: '9000', unit: 'roll' })).toBe('Quote: 1 roll x Ribbon at ₹90 / roll');
  });
});
