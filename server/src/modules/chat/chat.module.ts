import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductMediaStore } from '../products/products.public.js';
import { createSpeechToText } from '../../adapters/speech/create-speech-to-text.js';
import { createTranslator } from '../../adapters/translation/create-translator.js';
import type { SpeechToText } from '../../adapters/speech/speech-to-text.js';
import { queueTranscript, registerChatJobs } from './chat.jobs.js';
import { chatLiveRoute } from './chat.live.js';
import { ChatResolver } from './chat.resolver.js';
import { chatRoutes, chatUploadRoutes } from './chat.routes.js';
import { routeOf } from '../../outbox/outbox.js';
import { chatChanged } from './chat-events.js';
import { chatNotifiable } from './chat-notifiable.js';
import { ChatService } from './chat.service.js';

/** Chat: conversations, messages, inquiries, quotes and bids, live chat events. */
/** The services this module's routes, jobs and seed take (each names its own). */
type ChatDeps = { chat: ChatService; storage: Storage; speech: SpeechToText; infra: Pick<Infra, 'config' | 'queues' | 'orm'> };

export const chatModule: AppModule<ChatDeps> = {
  name: 'chat',
  resolvers: [ChatResolver],
  routes: chatRoutes,
  rawRoutes: chatUploadRoutes,
  // Each committed chat event: both participants' live events.
  topics: [routeOf(chatChanged, chatLiveRoute)],
  // ... and the notices of a new message, quote or offer answer (a read clears the reader's): pushed, and by
  // email in the notifications' digest of what stayed unread.
  notifiable: [chatNotifiable],
  jobs: registerChatJobs,
};

/** The chat service, given accounts, orders (quotes become orders) and the catalogue's media store. */
export function createChatServices(infra: Infra, deps: { auth: AuthService; orders: OrderService; media: ProductMediaStore }) {
  const { config } = infra;
  const speech = createSpeechToText(config);
  const chat = new ChatService({
    speech,
    translator: createTranslator(config),
    // With speech on, each stored voice note gets a transcription job (its transcript arrives as an 'edited' event).
    voiceNoteSent: speech.name === 'off' ? undefined : (messageId) => queueTranscript(infra.queues, messageId),
    ...deps,
    db: sqlDbOf(infra.orm),
    redis: infra.redis.cmd,
    clock: infra.clock,
    publicUrl: config.PUBLIC_URL,
    messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE,
    newAccounts: { days: config.NEW_ACCOUNT_DAYS, perHour: config.NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR },
    live: infra.pubSub,
    outbox: infra.relay,
  });
  return { chat, speech };
}
export type ChatServices = ReturnType<typeof createChatServices>;
