import { UnrecoverableError, type Job } from 'bullmq';
import type { Infra } from '../../app/infra.js';
import type { ChatService } from './chat.service.js';
import { jobDataOf } from '../../outbox/outbox.js';
import { CHAT_QUEUE, chatChanged } from './chat-events.js';

const changed = jobDataOf(chatChanged);

/** BullMQ processor of chat: each committed `chat.changed` event (the email to an absent recipient). */
export function registerChatJobs({ chat, infra }: { chat: ChatService; infra: Pick<Infra, 'queues' | 'orm'> }): void {
  infra.queues.register(CHAT_QUEUE, async (job: Job) => {
    const parsed = changed.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('chat event without its fields');
    const { eventId, ...event } = parsed.data;
    await chat.afterChange(infra.orm.em, eventId, event);
  });
}
