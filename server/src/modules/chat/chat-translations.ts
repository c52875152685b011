import type { EntityManager } from '@mikro-orm/postgresql';
import type { Translator } from '../../adapters/translation/translator.js';
import { AppError } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { MessageView } from './chat-views.js';
import { chatMessages } from './chat.messages.js';

/**
 * Translation on tap (docs/product.md#translation): a message's text (a voice note's transcript) in the other
 * language, through the translation port, kept per message version and language so a second tap (either
 * participant's) asks nothing; an edit asks again. The original stays as it is.
 */
export class ChatTranslations {
  constructor(
    private readonly translator: Translator,
    private readonly clock: Clock,
  ) {}

  get available(): boolean {
    return this.translator.name !== 'off';
  }

  async translate(em: EntityManager, message: MessageView, language: 'en' | 'hi'): Promise<{ text: string; cached: boolean }> {
    if (!this.available) throw new AppError('SERVICE_UNAVAILABLE', chatMessages.translationOff);
    const original = message.kind === 'voice' ? (message.attachment?.voice?.transcript ?? '') : message.content;
    if (!original.trim()) throw new AppError('BAD_USER_INPUT', chatMessages.nothingToTranslate);
    const [kept] = await em.execute<Array<{ text: string }>>(
      `select t.text from chat_translations t join chat_messages m on m.id = t.message_id and m.version = t.version where t.message_id = ? and t.language = ?`,
      [message.id, language],
    );
    if (kept) return { text: kept.text, cached: true };
    let text: string;
    try {
      text = await this.translator.translate(original, language);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', chatMessages.translationFailed);
    }
    await em.execute(
      `insert into chat_translations (message_id, version, language, text, created_at)
       select id, version, ?, ?, ? from chat_messages where id = ? on conflict do nothing`,
      [language, text, this.clock.now(), message.id],
    );
    return { text, cached: false };
  }
}
