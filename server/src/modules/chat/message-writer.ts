import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { notFound, unauthenticated } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { addOutboxEvent, addWrittenOutboxEvent, type WrittenEvent } from '../../outbox/outbox.js';
import { currentTraceparent } from '../../observability/trace.js';
import { bumpPositionsSql } from '../../pubsub/positions.js';
import { blockedSql, blockRefusal } from '../blocks/blocks.public.js';
import { chatChanged, type ChatChangedEvent, type ChatEventKind } from './chat-events.js';
import { LOG_IN_TO_CHAT, USER_NOT_FOUND } from './chat-texts.js';
import type { ChatAttachmentView, InquiryView, MessageKind, MessageView } from './chat-views.js';
import { SELECT_MESSAGES, UNREAD_SQL, unreadParams, unreadSql, type ConversationStore, type RawMessageRow } from './conversation-store.js';
import type { Unit } from '../products/products.public.js';
import type { StrangerAllowance } from './new-accounts.js';
import type { SendAllowance } from './send-allowance.js';

/** An offer a message carries (a quote or a bid), written beside it in `chat_offers`. */
export interface NewOffer {
  kind: 'quote' | 'bid';
  productId: string;
  productTitle: string;
  /** The product's unit now: the offer keeps it. */
  unit: Unit;
  quantity: number;
  unitPricePaise: string;
  note: string | null;
  validDays: number | null;
  /** Hours the quote holds, instead of days (a requirement's quote). */
  validHours?: number;
  bidMessageId: string | null;
}

/** A message to store. */
export interface NewMessage {
  kind: MessageKind;
  content: string;
  clientMessageId: string | null;
  attachment?: ChatAttachmentView;
  inquiry?: InquiryView;
  offer?: NewOffer;
}

/** Work to do in the transaction that stores a message (answering a bid with a quote, say); it may refuse. */
export type AlsoInTx = (tx: EntityManager, messageId: string) => Promise<void>;

/** What the statement inserting a message answers (see insertMessage). */
interface InsertedRow {
  me_ok: boolean;
  other_ok: boolean;
  /** The sender blocked the recipient (nothing is written then). */
  blocked_by_me: boolean;
  /** The recipient blocked the sender (nothing is written then). */
  blocked_me: boolean;
  /** The sender's message already stored under the same client message id (then nothing is written). */
  prior: RawMessageRow | null;
  /** The conversation (null: none yet, or nothing to write). */
  id: string | null;
  user_a: string | null;
  user_b: string | null;
  /** Null when the sender's client message id was stored already (or, on its own, the read was not exact). */
  position: string | null;
  /** Whether the statement's read was exact (nothing else changed the conversation meanwhile). */
  alone: boolean | null;
  /** The payload of the event the statement wrote, or null: none written. */
  event: ChatChangedEvent | null;
}

/** The row, unless it says the message is refused: the viewer logged out, the other participant gone, a block either way. */
function refused(row: InsertedRow): InsertedRow {
  if (!row.me_ok) throw unauthenticated(LOG_IN_TO_CHAT);
  if (!row.other_ok) throw notFound(USER_NOT_FOUND);
  // A retry of a message stored before the block still answers it.
  const blocked = row.prior ? null : blockRefusal({ byFirst: row.blocked_by_me, bySecond: row.blocked_me });
  if (blocked) throw blocked;
  return row;
}

export interface MessageWriterDeps {
  store: ConversationStore;
  allowance: SendAllowance;
  /** A new account's tighter allowance for messages to people who have not written to it. */
  strangers: StrangerAllowance;
  clock: Clock;
  /** Publishes the events of a change that committed as one statement of its own (the outbox relay). */
  outbox: { publishCommitted(events: WrittenEvent[]): Promise<void> };
}

/**
 * The message writer: every change to a conversation bumps its position (the order every reader
 * sees) in the statement or transaction of the change, and writes a `chat.changed` outbox event
 * carrying what its subscribers are shown (the message as committed, both participants' unread
 * counts); the relay publishes both participants' live events after commit.
 */
export class MessageWriter {
  constructor(private readonly deps: MessageWriterDeps) {}

  /**
   * Stores one message: the conversation's position is bumped in the statement that inserts it, so
   * the order of positions is the order the server accepted messages, the same for every reader.
   * The same statement checks both parties (the viewer's account still there, the other's not
   * deleted, neither blocked by the other: docs/product.md#blocking), and answers the sender's message already stored under a repeated `clientMessageId`
   * instead of a new one. The sender's allowance is counted first (a retry counts too; one over the
   * limit is still answered with its message).
   */
  async post(ctx: RequestContext, me: string, otherId: string, m: NewMessage, alsoInTx?: AlsoInTx): Promise<MessageView> {
    const { store } = this.deps;
    try {
      await this.deps.allowance.count(me);
      await this.deps.strangers.count(ctx.em, me, otherId);
    } catch (err) {
      const prior = m.clientMessageId ? await store.byClientId(ctx.em, me, m.clientMessageId) : null;
      if (prior) return prior;
      throw err;
    }
    const now = this.deps.clock.now();
    const id = uuidv7();
    const eventId = uuidv7();
    if (!m.offer && !alsoInTx) {
      const done = await this.postAlone(ctx, id, eventId, me, otherId, now, m);
      if (done) return done;
      // Another change to the conversation committed meanwhile: the transaction below reads again.
    }
    const stored = await ctx.em.transactional(async (tx): Promise<MessageView | RawMessageRow | null> => {
      const row = await this.insertChecked(tx, id, eventId, me, otherId, now, m, false);
      if (row.prior) return store.view(row.prior, me);
      if (row.position === null) return null; // the same client message id committed meanwhile
      if (m.offer) {
        const hours = m.offer.validHours ?? (m.offer.validDays ? m.offer.validDays * 24 : null);
        const validUntil = hours ? new Date(now.getTime() + hours * 3600 * 1000) : null;
        await tx.execute(
          `insert into chat_offers (message_id, kind, product_id, product_title, unit, quantity, unit_price_paise, note, valid_until, status, bid_message_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
          [id, m.offer.kind, m.offer.productId, m.offer.productTitle, m.offer.unit, m.offer.quantity, m.offer.unitPricePaise, m.offer.note, validUntil, m.offer.bidMessageId],
        );
      }
      let message: RawMessageRow | null;
      if (row.event) {
        // The statement wrote the event too (its read was exact): published at commit like any other.
        addWrittenOutboxEvent(tx, chatChanged, { id: eventId, payload: row.event });
        message = row.event.message;
      } else {
        // Another change to the conversation committed between the statement's start and its bump
        // (or the message has an offer row, written after it): read again now that this transaction
        // holds the conversation's position.
        const event = { type: 'message' as const, conversationId: row.id!, userA: row.user_a!, userB: row.user_b!, position: row.position, messageId: id, actorId: me, readPosition: null };
        message = (await this.outbox(tx, event)).message;
      }
      if (alsoInTx) await alsoInTx(tx, id);
      return message;
    });
    if (stored && 'mine' in stored) return stored;
    if (!stored && m.clientMessageId) {
      const prior = await store.byClientId(ctx.em, me, m.clientMessageId);
      if (prior) return prior;
    }
    // The answer is the message as committed (read in the transaction, not again after it).
    return stored ? store.view(stored, me) : store.message(ctx.em, id, me);
  }

  /** Bumps the conversation's position for a change of an existing message (or a read) and writes the event. */
  async changed(tx: EntityManager, conversationId: string, type: ChatEventKind, messageId: string | null, actorId: string, readPosition: string | null = null): Promise<string> {
    const [row] = await tx.execute<Array<{ position: string; user_a: string; user_b: string }>>(
      `with bump as (${bumpPositionsSql('conversation', 'select ?::uuid')}),
       touched as (update chat_messages set change_position = (select position::bigint from bump) where id = ?::uuid returning 1)
       select bump.position, c.user_a, c.user_b from bump, conversations c where c.id = ?`,
      [conversationId, messageId, conversationId],
    );
    await this.outbox(tx, { type, conversationId, userA: row.user_a, userB: row.user_b, position: row.position, messageId, actorId, readPosition });
    return row.position;
  }

  /**
   * A message without an offer in one statement of its own (no transaction: the message, the
   * conversation's position and last message, and the event in the outbox commit together), whose
   * event is then published before the answer (as a transaction's are at its commit). Answers null
   * when the statement's read was not exact and it wrote nothing: the caller's transaction does it.
   */
  private async postAlone(ctx: RequestContext, id: string, eventId: string, me: string, otherId: string, now: Date, m: NewMessage): Promise<MessageView | null> {
    const { store } = this.deps;
    const row = await this.insertChecked(ctx.em, id, eventId, me, otherId, now, m, true);
    if (row.prior) return store.view(row.prior, me);
    if (!row.alone) return null;
    if (!row.event) {
      // The same client message id committed meanwhile.
      const prior = m.clientMessageId ? await store.byClientId(ctx.em, me, m.clientMessageId) : null;
      if (prior) return prior;
      throw new Error('message neither stored nor found');
    }
    await this.deps.outbox.publishCommitted([{ id: eventId, topic: chatChanged.name, payload: row.event }]);
    return store.view(row.event.message!, me);
  }

  /**
   * insertMessage with its refusals (see `refused`), and a pair's
   * first message creating its conversation (or finding the one a concurrent first message committed)
   * before it tries again.
   */
  private async insertChecked(...args: Parameters<MessageWriter['insertMessage']>): Promise<InsertedRow> {
    const [em, , , me, otherId, now] = args;
    let row = refused(await this.insertMessage(...args));
    if (!row.id && !row.prior) {
      await this.deps.store.create(em, me, otherId, now);
      row = refused(await this.insertMessage(...args));
      if (!row.id && !row.prior) throw new Error('conversation not found after its insert');
    }
    return row;
  }

  /**
   * One round trip: checks the parties and looks for the sender's message under the same client
   * message id; unless one is missing or the message exists, finds the pair's conversation, bumps
   * its position (the row lock orders the conversation's changes until commit), inserts the message
   * (nothing on a client message id committed meanwhile), moves the conversation's last message,
   * reads what the event shows (the message as inserted and both participants' unread counts, the
   * new message counted for its recipient: the statement's snapshot does not see its own insert),
   * and writes the event into the outbox when that read is exact: the position bumped is the one
   * after the position the snapshot saw, so no change to the conversation committed between the
   * snapshot and the bump (and the message has no offer, whose row comes after). Answers the event's
   * payload if it wrote it. No conversation (`id` null): none yet. `standalone`: the statement runs on
   * its own (no transaction), so it writes the message only with its event: when its read is not
   * exact it leaves a position unused and writes nothing else (`alone` false in the answer).
   */
  private async insertMessage(tx: EntityManager, id: string, eventId: string, me: string, otherId: string, now: Date, m: NewMessage, standalone: boolean): Promise<InsertedRow> {
    const unread = (user: string, recipient: string) =>
      `(${unreadSql(user)} and c2.id = c.id)::int + (case when ${user} = ${recipient} then 1 else 0 end) as`;
    const total = (user: string, recipient: string) => `(${unreadSql(user)})::int + (case when ${user} = ${recipient} then 1 else 0 end) as`;
    const [row] = await tx.execute<InsertedRow[]>(
      `with ids as (select ?::uuid as me, ?::uuid as other),
       blk as (select ${blockedSql('ids.me', 'ids.other')} as by_me, ${blockedSql('ids.other', 'ids.me')} as by_other from ids),
       p as (
         select coalesce(bool_or(u.id = ?::uuid), false) as me_ok, coalesce(bool_or(u.id = ?::uuid), false) as other_ok
         from users u where u.id in (?::uuid, ?::uuid) and u.deleted_at is null),
       prior as (select row_to_json(x) as message from (${SELECT_MESSAGES} where m.sender_id = ?::uuid and m.client_message_id = ?) x),
       c as (
         select cv.id, cv.user_a, cv.user_b, cv.a_read_position, cv.b_read_position from conversations cv, p, blk
         where cv.user_a = least(?::uuid, ?::uuid) and cv.user_b = greatest(?::uuid, ?::uuid) and p.me_ok and p.other_ok
           and not blk.by_me and not blk.by_other and not exists (select 1 from prior)),
       seen as (select lp.position from live_positions lp, c where lp.scope = 'conversation' and lp.key = c.id),
       bump as (${bumpPositionsSql('conversation', 'select id from c')}),
       fresh as (select coalesce((select position from seen), 0) + 1 = bump.position::bigint as alone from bump),
       ins as (
         insert into chat_messages (id, conversation_id, sender_id, kind, content, created_at, position, change_position, client_message_id, inquiry, attachment)
         select ?, bump.key, ?, ?, ?, ?, bump.position::bigint, bump.position::bigint, ?, ?::jsonb, ?::jsonb from bump, fresh
         where fresh.alone or not ?::boolean
         on conflict (sender_id, client_message_id) do nothing
         returning id, conversation_id, sender_id, kind, content, created_at, edited_at, version, position::text as position,
           change_position::text as change_position, client_message_id, inquiry, attachment),
       upd as (update conversations set last_message_id = ?, last_message_at = ? where id = (select id from c) and exists (select 1 from ins)),
       snap as (
         select c.id, c.user_a, c.user_b, ins.position,
           (select row_to_json(x) from (select ins.*, null::text as offer_kind, null::uuid as product_id, null::text as product_title, null::text as unit, null::int as quantity,
              null::text as unit_price_paise, null::text as note, null::timestamptz as valid_until, null::text as offer_status, null::uuid as order_id,
              null::uuid as bid_message_id, null::uuid as quote_message_id) x) as message,
           ${unread('c.user_a', '?::uuid')} a_unread, ${total('c.user_a', '?::uuid')} a_total,
           ${unread('c.user_b', '?::uuid')} b_unread, ${total('c.user_b', '?::uuid')} b_total
         from c, ins
         where ?::boolean and (select alone from fresh)),
       ev as (
         insert into outbox_events (id, topic, payload, created_at, trace_context)
         select ?, ?, jsonb_build_object('type', 'message', 'conversationId', s.id, 'userA', s.user_a, 'userB', s.user_b, 'position', s.position,
             'messageId', ?::uuid, 'actorId', ?::uuid, 'readPosition', null, 'message', s.message,
             'unread', jsonb_build_object(s.user_a, jsonb_build_array(s.a_unread, s.a_total), s.user_b, jsonb_build_array(s.b_unread, s.b_total))), ?, ?
         from snap s
         returning payload)
       select p.me_ok, p.other_ok, blk.by_me as blocked_by_me, blk.by_other as blocked_me, (select message from prior) as prior,
         c.id, c.user_a, c.user_b, (select position from ins) as position, (select alone from fresh) as alone, (select payload from ev) as event
       from p cross join blk left join c on true`,
      [
        me,
        otherId,
        me,
        otherId,
        me,
        otherId,
        me,
        m.clientMessageId,
        me,
        otherId,
        me,
        otherId,
        id,
        me,
        m.kind,
        m.content,
        now,
        m.clientMessageId,
        m.inquiry ? JSON.stringify(m.inquiry) : null,
        m.attachment ? JSON.stringify(m.attachment) : null,
        standalone,
        id,
        now,
        otherId,
        otherId,
        otherId,
        otherId,
        !m.offer,
        eventId,
        chatChanged.name,
        id,
        me,
        now,
        currentTraceparent(),
      ],
    );
    return row;
  }

  /**
   * Writes the event with the change (the relay publishes both participants' live events after
   * commit), carrying what its subscribers are shown: the message as it now is and both
   * participants' unread counts, read here in one round trip (a delivery then reads nothing).
   */
  private async outbox(tx: EntityManager, event: Omit<ChatChangedEvent, 'message' | 'unread'>): Promise<ChatChangedEvent> {
    const [snap] = await tx.execute<Array<{ message: RawMessageRow | null; a_unread: number; a_total: number; b_unread: number; b_total: number }>>(
      `select (select row_to_json(x) from (${SELECT_MESSAGES} where m.id = ?::uuid) x) as message,
         (${UNREAD_SQL} and c2.id = ?)::int as a_unread, (${UNREAD_SQL})::int as a_total,
         (${UNREAD_SQL} and c2.id = ?)::int as b_unread, (${UNREAD_SQL})::int as b_total`,
      [event.messageId, ...unreadParams(event.userA), event.conversationId, ...unreadParams(event.userA), ...unreadParams(event.userB), event.conversationId, ...unreadParams(event.userB)],
    );
    const full: ChatChangedEvent = {
      ...event,
      message: snap.message,
      unread: { [event.userA]: [snap.a_unread, snap.a_total], [event.userB]: [snap.b_unread, snap.b_total] },
    };
    addOutboxEvent(tx, chatChanged, full);
    return full;
  }
}
