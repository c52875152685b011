import type { Config } from '../../config/env.js';
import type { DevOutbox } from '../dev-outbox/dev-outbox.js';
import type { MailSender } from './mail-sender.js';
import { OutboxMailSender } from './outbox-mail-sender.js';
import { SmtpMailSender } from './smtp-mail-sender.js';

/** The mail sender MAIL_DRIVER names. */
export function createMailSender(config: Pick<Config, 'MAIL_DRIVER' | 'SMTP_URL' | 'MAIL_FROM'>, outbox: DevOutbox): MailSender {
  if (config.MAIL_DRIVER === 'smtp') return new SmtpMailSender(config.SMTP_URL!, config.MAIL_FROM);
  return new OutboxMailSender(outbox);
}
