import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { AppError, notFound, unauthenticated } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import { CONVERSATION_NOT_FOUND, DELETED_USER, LOG_IN_TO_CHAT, MESSAGE_NOT_FOUND, NOT_YOURSELF, USER_NOT_FOUND } from './chat-texts.js';
import { isoTime } from '../../outbox/outbox.js';
import { blockedSql, blockRefusal } from '../blocks/blocks.public.js';
import { messageRowSchema } from './chat-events.js';
import { messageView, preview, type ChatUserView, type ConversationView, type MessageKind, type MessageVersionView, type MessageView } from './chat-views.js';
import type { z } from 'zod';

/** A message row as SQL answers it (times as text: the driver keeps them so), or as JSON carries it. */
export type RawMessageRow = z.input<typeof messageRowSchema>;

/** A conversation's key: one per pair of users, `user_a` the lesser id. */
export interface Conv {
  id: string;
  user_a: string;
  user_b: string;
}

/** The other participant, as read with the viewer in one round trip, and whether the viewer blocked them or they the viewer. */
export type Party = Omit<ChatUserView, 'deleted' | 'canMessage'> & { blockedMe: boolean };

/** The refusal to write to this participant (a block either way), or null. */
export const contactRefusal = (p: Party) => blockRefusal({ byFirst: p.blockedByMe, bySecond: p.blockedMe });

/** A message with its offer's columns (a MessageRow); a caller adds `where`, `order by`, `limit`. */
export const SELECT_MESSAGES = `
  select m.id, m.conversation_id, m.sender_id, m.kind, m.content, m.created_at, m.edited_at, m.version,
    m.position::text as position, m.change_position::text as change_position, m.client_message_id, m.inquiry, m.attachment,
    o.kind as offer_kind, o.product_id, o.product_title, o.unit, o.quantity, o.unit_price_paise::text as unit_price_paise, o.note,
    o.valid_until, o.status as offer_status, o.order_id, o.bid_message_id, o.quote_message_id
  from chat_messages m left join chat_offers o on o.message_id = m.id`;

/**
 * How many messages of the other side a user (4 parameters: the user's id) has not read, over their
 * conversations `c2` (a caller narrows it with `and c2.id = ...`).
 */
export const unreadSql = (user: string) => `select count(*) from conversations c2 join chat_messages m2 on m2.conversation_id = c2.id
  where (c2.user_a = ${user} or c2.user_b = ${user}) and m2.sender_id <> ${user}
    and m2.position > (case when c2.user_a = ${user} then c2.a_read_position else c2.b_read_position end)`;
export const UNREAD_SQL = unreadSql('?');
export const unreadParams = (userId: string) => [userId, userId, userId, userId];

/** The most messages one refetch after a reconnect answers (`hasMore` beyond). */
const CHANGES_PAGE = 500;
/** The most conversations a list shows. */
const CONVERSATIONS_PAGE = 200;

/**
 * The conversation store: chat's reads and the small writes of its tables (conversations, read
 * positions, edits), in plain SQL. Only a conversation's two participants can see anything of it:
 * every read of a message is narrowed to them, and anyone else is told it does not exist.
 */
export class ConversationStore {
  constructor(private readonly clock: Clock) {}

  /** A row (read here, or carried by an event) as `viewerId` sees it now. */
  view(row: RawMessageRow, viewerId: string): MessageView {
    return messageView(messageRowSchema.parse(row), viewerId, this.clock.now().getTime());
  }

  /**
   * The viewer and the other participant, read in one round trip (no entities): the viewer's account
   * must still exist (else they are logged out); the other must exist, not be deleted and not be the
   * viewer. (A text message checks both in the statement that stores it.)
   */
  async parties(em: EntityManager, meId: string, peerId: string): Promise<Party> {
    if (peerId === meId) throw new AppError('FORBIDDEN', NOT_YOURSELF);
    const rows = await em.execute<Array<{ id: string; username: string; whatsapp_verified: boolean; by_me: boolean; by_them: boolean }>>(
      `select u.id, u.username, u.whatsapp_verified, ${blockedSql('?::uuid', 'u.id')} as by_me, ${blockedSql('u.id', '?::uuid')} as by_them
         from users u where u.id in (?::uuid, ?::uuid) and u.deleted_at is null`,
      [meId, meId, meId, peerId],
    );
    if (!rows.some((r) => r.id === meId)) throw unauthenticated(LOG_IN_TO_CHAT);
    const other = rows.find((r) => r.id === peerId);
    if (!other) throw notFound(USER_NOT_FOUND);
    return { id: other.id, username: other.username, whatsappVerified: other.whatsapp_verified, blockedByMe: other.by_me, blockedMe: other.by_them };
  }

  /** The conversation of two users, or null before their first message. */
  async find(em: EntityManager, a: string, b: string): Promise<Conv | null> {
    const [conv] = await em.execute<Conv[]>('select id, user_a, user_b from conversations where user_a = least(?::uuid, ?::uuid) and user_b = greatest(?::uuid, ?::uuid)', [a, b, a, b]);
    return conv ?? null;
  }

  /** A pair's conversation (nothing when a concurrent first message created it). */
  async create(tx: EntityManager, a: string, b: string, now: Date): Promise<void> {
    await tx.execute(
      `insert into conversations (id, user_a, user_b, created_at) values (?, least(?::uuid, ?::uuid), greatest(?::uuid, ?::uuid), ?)
       on conflict (user_a, user_b) do nothing`,
      [uuidv7(), a, b, a, b, now],
    );
  }

  /** One message, for one of its conversation's participants; anyone else is told it does not exist. */
  async message(em: EntityManager, id: string, viewerId: string): Promise<MessageView> {
    const [row] = await em
      .fork()
      .execute<RawMessageRow[]>(`${SELECT_MESSAGES} join conversations c on c.id = m.conversation_id where m.id = ? and (c.user_a = ? or c.user_b = ?)`, [id, viewerId, viewerId]);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    return this.view(row, viewerId);
  }

  /** The sender's message stored under a client message id, if any. */
  async byClientId(em: EntityManager, senderId: string, clientMessageId: string): Promise<MessageView | null> {
    const [row] = await em.fork().execute<RawMessageRow[]>(`${SELECT_MESSAGES} where m.sender_id = ? and m.client_message_id = ?`, [senderId, clientMessageId]);
    return row ? this.view(row, senderId) : null;
  }

  /** Every message created or changed after a position, in position order (at most CHANGES_PAGE). */
  async changedAfter(em: EntityManager, conversationId: string, viewerId: string, after: string): Promise<{ items: MessageView[]; hasMore: boolean }> {
    const rows = await em
      .fork()
      .execute<RawMessageRow[]>(`${SELECT_MESSAGES} where m.conversation_id = ? and m.change_position > ? order by m.change_position limit ?`, [conversationId, after, CHANGES_PAGE + 1]);
    const items = rows.slice(0, CHANGES_PAGE).map((r) => this.view(r, viewerId));
    return { items: items.sort((a, b) => Number(BigInt(a.position) - BigInt(b.position))), hasMore: rows.length > CHANGES_PAGE };
  }

  /** The newest `limit` messages (before a position, when paging up), oldest first. */
  async page(em: EntityManager, conversationId: string, viewerId: string, limit: number, before: string | undefined): Promise<{ items: MessageView[]; hasMore: boolean }> {
    const rows = await em
      .fork()
      .execute<RawMessageRow[]>(
        `${SELECT_MESSAGES} where m.conversation_id = ? ${before !== undefined ? 'and m.position < ?' : ''} order by m.position desc limit ?`,
        before !== undefined ? [conversationId, before, limit + 1] : [conversationId, limit + 1],
      );
    return { items: rows.slice(0, limit).reverse().map((r) => this.view(r, viewerId)), hasMore: rows.length > limit };
  }

  /** The earlier versions of a message, oldest first. */
  async versions(em: EntityManager, messageId: string): Promise<MessageVersionView[]> {
    const rows = await em
      .fork()
      .execute<Array<{ version: number; content: string; created_at: string }>>('select version, content, created_at from chat_message_versions where message_id = ? order by version', [messageId]);
    return rows.map((r) => ({ version: r.version, content: r.content, at: isoTime.parse(r.created_at) }));
  }

  /**
   * Replaces the author's text, keeping the earlier version, under the message's row lock (which
   * orders concurrent edits); an ordered quote is refused in the same statement. Answers false then.
   */
  async replaceContent(tx: EntityManager, messageId: string, senderId: string, content: string, now: Date): Promise<boolean> {
    const [old] = await tx.execute<Array<{ content: string; version: number; at: Date }>>(
      `select m.content, m.version, coalesce(m.edited_at, m.created_at) as at from chat_messages m
        where m.id = ? and m.sender_id = ? and not exists (select 1 from chat_offers o where o.message_id = m.id and o.status = 'ordered')
        for update`,
      [messageId, senderId],
    );
    if (!old) return false;
    await tx.execute('insert into chat_message_versions (message_id, version, content, created_at) values (?, ?, ?, ?)', [messageId, old.version, old.content, old.at]);
    await tx.execute('update chat_messages set content = ?, version = version + 1, edited_at = ? where id = ?', [content, now, messageId]);
    return true;
  }

  /**
   * Moves `me`'s read position in a conversation to `position`, never past its last message and never
   * backwards; answers the new position, or null when it did not move.
   */
  async moveRead(tx: EntityManager, conv: Conv, me: string, position: string): Promise<string | null> {
    const mine = conv.user_a === me ? 'a_read_position' : 'b_read_position';
    const [moved] = await tx.execute<Array<{ read: string }>>(
      `update conversations c set ${mine} = least(?::bigint, coalesce((select max(position) from chat_messages m where m.conversation_id = c.id), 0))
        where c.id = ? and ${mine} < least(?::bigint, coalesce((select max(position) from chat_messages m where m.conversation_id = c.id), 0))
        returning ${mine}::text as read`,
      [position, conv.id, position],
    );
    return moved?.read ?? null;
  }

  /** The conversation is the viewer's and exists (for a read or a typing hint), else "not found". */
  async require(em: EntityManager, me: string, peerId: string): Promise<Conv> {
    const conv = await this.find(em, me, peerId);
    if (!conv || peerId === me) throw notFound(CONVERSATION_NOT_FOUND);
    return conv;
  }

  /** `me`'s conversations with a message (or only `onlyId`), the latest activity first. */
  async conversations(em: EntityManager, me: string, onlyId: string | null): Promise<ConversationView[]> {
    const rows = await em.fork().execute<
      Array<{
        id: string;
        last_message_at: string | null;
        preview: string | null;
        preview_kind: MessageKind | null;
        other_read: string;
        unread: string;
        position: string;
        other_id: string;
        other_name: string;
        other_verified: boolean;
        other_deleted: boolean;
        blocked_by_me: boolean;
        blocked_me: boolean;
      }>
    >(
      `select c.id, c.last_message_at, lm.content as preview, lm.kind as preview_kind,
         (case when c.user_a = ? then c.b_read_position else c.a_read_position end)::text as other_read,
         (select count(*) from chat_messages m where m.conversation_id = c.id and m.sender_id <> ?
            and m.position > (case when c.user_a = ? then c.a_read_position else c.b_read_position end))::text as unread,
         coalesce(lp.position, 0)::text as position,
         u.id as other_id, u.username as other_name, u.whatsapp_verified as other_verified, (u.deleted_at is not null) as other_deleted,
         ${blockedSql('?::uuid', 'u.id')} as blocked_by_me, ${blockedSql('u.id', '?::uuid')} as blocked_me
       from conversations c
       join users u on u.id = (case when c.user_a = ? then c.user_b else c.user_a end)
       left join chat_messages lm on lm.id = c.last_message_id
       left join live_positions lp on lp.scope = 'conversation' and lp.key = c.id
       where (c.user_a = ? or c.user_b = ?) and c.last_message_id is not null ${onlyId ? 'and c.id = ?' : ''}
       order by c.last_message_at desc, c.id desc
       limit ${CONVERSATIONS_PAGE}`,
      [me, me, me, me, me, me, me, me, ...(onlyId ? [onlyId] : [])],
    );
    return rows.map((r) => ({
      id: r.id,
      otherUser: {
        id: r.other_id,
        username: r.other_deleted ? DELETED_USER : r.other_name,
        whatsappVerified: !r.other_deleted && r.other_verified,
        deleted: r.other_deleted,
        blockedByMe: r.blocked_by_me,
        canMessage: !r.other_deleted && !r.blocked_by_me && !r.blocked_me,
      },
      lastMessagePreview: r.preview === null ? null : preview(r.preview, r.preview_kind),
      lastMessageAt: r.last_message_at === null ? null : isoTime.parse(r.last_message_at),
      unreadCount: Number(r.unread),
      position: r.position,
      otherLastReadPosition: r.other_read,
    }));
  }

  /** Unread messages of `me` in one conversation, or in all of them. */
  async countUnread(em: EntityManager, me: string, conversationId: string | null): Promise<number> {
    const [row] = await em
      .fork()
      .execute<Array<{ n: string }>>(`select (${UNREAD_SQL} ${conversationId ? 'and c2.id = ?' : ''})::text as n`, [...unreadParams(me), ...(conversationId ? [conversationId] : [])]);
    return Number(row?.n ?? 0);
  }

  /**
   * Sets one fact of a voice note (its receiver's first play, its transcript) once: nothing when the
   * message is no voice note or the fact is set already. Answers the message's conversation and sender
   * when it was set.
   */
  async patchVoice(tx: EntityManager, messageId: string, patch: { playedAt: string } | { transcript: string }, field: 'playedAt' | 'transcript'): Promise<{ conversationId: string; senderId: string } | null> {
    const value = 'playedAt' in patch ? patch.playedAt : patch.transcript;
    const [row] = await tx.execute<Array<{ conversation_id: string; sender_id: string }>>(
      `update chat_messages set attachment = jsonb_set(attachment, array['voice', ?::text], to_jsonb(?::text))
        where id = ? and kind = 'voice' and attachment->'voice' is not null and (attachment->'voice'->>?::text) is null
        returning conversation_id, sender_id`,
      [field, value, messageId, field],
    );
    return row ? { conversationId: row.conversation_id, senderId: row.sender_id } : null;
  }

  /** A voice note's stored file (for the speech port), or null. */
  async voiceNoteFile(em: EntityManager, messageId: string): Promise<{ key: string; contentType: string; fileName: string } | null> {
    const [row] = await em
      .fork()
      .execute<Array<{ key: string; content_type: string; file_name: string }>>(
        `select attachment->>'key' as key, attachment->>'contentType' as content_type, attachment->>'fileName' as file_name from chat_messages where id = ? and kind = 'voice'`,
        [messageId],
      );
    return row ? { key: row.key, contentType: row.content_type, fileName: row.file_name } : null;
  }

  /**
   * A conversation's messages whose text, or voice note's transcript, holds `words` (case-insensitive,
   * taken literally), newest first, at most 50.
   */
  async search(em: EntityManager, conversationId: string, viewerId: string, words: string): Promise<MessageView[]> {
    const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await em
      .fork()
      .execute<RawMessageRow[]>(
        `${SELECT_MESSAGES} where m.conversation_id = ? and (m.content ilike ? or (m.attachment->'voice'->>'transcript') ilike ?) order by m.position desc limit 50`,
        [conversationId, like, like],
      );
    return rows.map((r) => this.view(r, viewerId));
  }

  /** The content and kind of a message (for the email that tells of it). */
  async summary(em: EntityManager, messageId: string | null): Promise<{ content: string; kind: MessageKind } | null> {
    const [m] = await em.execute<Array<{ content: string; kind: MessageKind }>>('select content, kind from chat_messages where id = ?', [messageId]);
    return m ?? null;
  }
}
