import { Migration } from '@mikro-orm/migrations';

/**
 * Voice notes in chat (docs/product.md#voice-notes): a message of its own kind, 'voice'. Its facts (duration,
 * waveform, its receiver's first play, its transcript) live with its file in the message's `attachment`.
 */
export class Migration20261128092000_chat_voice_notes extends Migration {
  override name = 'Migration20261128092000_chat_voice_notes';

  up(): void {
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_kind_check";`);
    this.addSql(`alter table "chat_messages" add constraint "chat_messages_kind_check" check ("kind" in ('text', 'attachment', 'inquiry', 'quote', 'bid', 'system', 'voice'));`);
  }

  override down(): void {
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_kind_check";`);
    this.addSql(`alter table "chat_messages" add constraint "chat_messages_kind_check" check ("kind" in ('text', 'attachment', 'inquiry', 'quote', 'bid', 'system'));`);
  }
}
