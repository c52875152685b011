import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Services } from '../../app/create-services.js';
import { CHAT_QUEUE } from './chat-events.js';

const changed = z.object({
  eventId: z.uuid(),
  type: z.enum(['message', 'edited', 'read', 'quote_ordered', 'bid_changed']),
  conversationId: z.uuid(),
  userA: z.uuid(),
  userB: z.uuid(),
  position: z.string(),
  messageId: z.uuid().nullable(),
  actorId: z.uuid(),
  readPosition: z.string().nullable(),
});

/** BullMQ processor of chat: each committed `chat.changed` event (the email to an absent recipient). */
export function registerChatJobs(services: Services): void {
  services.infra.queues.register(CHAT_QUEUE, async (job: Job) => {
    const parsed = changed.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('chat event without its fields');
    const { eventId, ...event } = parsed.data;
    await services.chat.afterChange(services.infra.orm.em, eventId, event);
  });
}
