import { defangLinks } from '../../common/defang-links.js';
import { renderMessage, type Message } from '../../common/message.js';
import { latestOf, type NoticeRow } from './notice-store.js';
import { notificationMessages as m } from './notifications.messages.js';

/** An email as the mail port takes it (without its address and key). */
export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The email digest of what stayed unread (docs/product.md#notifications): one entry per conversation, order or
 * requirement (a conversation's three messages are one entry, '3 new messages', with the latest), each with the
 * link to its exact screen, in the user's language. What users wrote is quoted with its links defanged (a mail
 * program would make them clickable).
 */
export function digestEmail(rows: NoticeRow[], language: 'en' | 'hi', publicUrl: string): DigestEmail {
  const text = (msg: Message | string) => (typeof msg === 'string' ? `"${defangLinks(msg)}"` : renderMessage(msg, language));
  const byScope = new Map<string, NoticeRow[]>();
  for (const row of rows) byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);
  const entries = [...byScope.values()].map((group) => {
    const latest = latestOf(group);
    const title =
      group.length === 1 ? text(latest.title)
      : latest.kind === 'message' ? text(m.manyMessagesOnePerson({ count: group.length }))
      : latest.kind === 'quote' ? text(m.manyQuotes({ count: group.length }))
      : text(latest.title);
    return { title, body: text(latest.body), url: `${publicUrl}${latest.url}` };
  });
  const subject = rows.length === 1 ? text(m.digestSubjectOne({ title: entries[0]!.title })) : text(m.digestSubjectMany({ count: rows.length }));
  const intro = text(m.digestIntro);
  const open = text(m.digestOpen);
  const footer = text(m.digestFooter({ url: `${publicUrl}/settings#settings-notifications` }));
  return {
    subject,
    text: [intro, '', ...entries.flatMap((e) => [`- ${e.title}`, `  ${e.body}`, `  ${open}: ${e.url}`, '']), footer].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      '<ul>',
      ...entries.map((e) => `<li><p><strong>${escapeHtml(e.title)}</strong><br>${escapeHtml(e.body)}<br><a href="${escapeHtml(e.url)}">${escapeHtml(open)}</a></p></li>`),
      '</ul>',
      `<p>${escapeHtml(footer)}</p>`,
    ].join(''),
  };
}
