import { renderMessage, type Message } from '../../common/message.js';
import { latestOf, type NoticeRow } from './notice-store.js';
import { notificationMessages as m } from './notifications.messages.js';

/** One notification as it goes out: one per order change, one per burst of messages or of quotes. */
export interface Bundle {
  rows: NoticeRow[];
  kind: NoticeRow['kind'];
  urgent: boolean;
  title: string;
  body: string;
  url: string;
  /** Replaces the device's earlier notification of the same tag ('5 new messages' replaces '4 new messages'). */
  tag: string;
}

/**
 * The user's waiting notices as the notifications they become (docs/product.md#notifications): each order notice
 * alone; the messages of every conversation as one ('5 new messages from 2 people'), opening the conversation
 * when there is one, else the chat list; quotes and offers likewise. Only groups with a notice due go out.
 */
export function bundlesOf(rows: NoticeRow[], now: Date, language: 'en' | 'hi'): Bundle[] {
  const text = (msg: Message | string) => (typeof msg === 'string' ? msg : renderMessage(msg, language));
  const bundles: Bundle[] = [];
  const grouped = new Map<string, NoticeRow[]>();
  for (const row of rows) {
    if (row.kind === 'order') {
      if (row.due_at <= now) bundles.push({ rows: [row], kind: row.kind, urgent: row.urgent, title: text(row.title), body: text(row.body), url: row.url, tag: row.scope });
      continue;
    }
    grouped.set(row.kind, [...(grouped.get(row.kind) ?? []), row]);
  }
  for (const [kind, group] of grouped) {
    if (!group.some((r) => r.due_at <= now)) continue;
    const first = group[0]!;
    const scopes = new Set(group.map((r) => r.scope));
    const people = new Set(group.map((r) => r.actor_id ?? r.scope)).size;
    const url = scopes.size === 1 ? first.url : kind === 'message' || kind === 'quote' ? '/chat' : first.url;
    if (group.length === 1) {
      bundles.push({ rows: group, kind: first.kind, urgent: first.urgent, title: text(first.title), body: text(first.body), url, tag: kind });
      continue;
    }
    const title =
      kind === 'message'
        ? people > 1 ? m.manyMessages({ count: group.length, people }) : m.manyMessagesOnePerson({ count: group.length })
        : m.manyQuotes({ count: group.length });
    const latest = latestOf(group);
    bundles.push({ rows: group, kind: first.kind, urgent: group.some((r) => r.urgent), title: text(title), body: people > 1 ? text(m.openToRead) : text(latest.body), url, tag: kind });
  }
  return bundles;
}
