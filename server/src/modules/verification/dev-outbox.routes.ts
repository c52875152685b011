import type { Request, Response, Router } from 'express';
import type { DevOutboxMessage } from '../../adapters/dev-outbox/dev-outbox-message.entity.js';
import type { Infra } from '../../app/infra.js';
import type { VerificationService } from './verification.service.js';
import { isPageLoad } from '../../http/client-pages.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toJson = (m: DevOutboxMessage) => ({
  id: m.id,
  channel: m.channel,
  to: m.recipient,
  subject: m.subject,
  body: m.body,
  created_at: m.createdAt.toISOString(),
});

function page(messages: DevOutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr><td>${esc(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${esc(m.channel)}</td><td>${esc(m.recipient)}</td>
<td>${m.subject ? `<strong>${esc(m.subject)}</strong><br>` : ''}<pre>${esc(m.body)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development outbox · Bol Bazaar</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1f2937}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;font:inherit}
form{margin:1rem 0;display:flex;gap:.5rem}input{padding:.4rem;min-width:18rem}</style></head><body>
<h1>Development outbox</h1>
<p>Every email and WhatsApp message of this (non-production) server, newest first. Also as JSON: <code>GET /dev/outbox?to=…</code> with <code>Accept: application/json</code>.</p>
<form method="get" action="/dev/outbox"><label>To <input name="to" value="${esc(to ?? '')}" placeholder="email or +91…"></label><button>Filter</button> <a href="/dev/outbox">All</a></form>
${messages.length ? `<table><thead><tr><th>Time (UTC)</th><th>Channel</th><th>To</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages.</p>'}
</body></html>`;
}

/**
 * `GET /dev/outbox` (never in production): JSON for API calls, a small page for browsers. Mounted
 * as a public route, so it answers before the web app's page-load rule would serve the SPA.
 */
export function devOutboxRoutes(r: Router, { infra, verification }: { infra: Pick<Infra, 'config'>; verification: VerificationService }): void {
  if (infra.config.isProduction) return;
  r.get('/dev/outbox', async (req: Request, res: Response) => {
    const messages = await verification.outboxMessages(req.query);
    res.setHeader('Cache-Control', 'no-store');
    if (isPageLoad(req)) {
      res.type('html').send(page(messages, typeof req.query.to === 'string' ? req.query.to : undefined));
      return;
    }
    res.json({ messages: messages.map(toJson) });
  });
}
