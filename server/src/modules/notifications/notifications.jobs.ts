import { UnrecoverableError, type Job } from 'bullmq';
import type { Infra } from '../../app/infra.js';
import { jobDataOf, type OutboxTopic } from '../../outbox/outbox.js';
import type { NotificationService } from './notifications.service.js';

/** BullMQ queue of notifiable events (job name = the event's topic). */
export const NOTIFY_QUEUE = 'notifications';

/**
 * The processor of notifiable events (their notices stored and, when due, sent) and the sweep that sends the
 * notices whose time came (a bundle's window, the end of quiet hours, the hour's allowance).
 */
export function registerNotificationJobs(
  { notifications, infra }: { notifications: NotificationService; infra: Pick<Infra, 'queues' | 'config'> },
  topics: OutboxTopic[],
): void {
  const schemas = new Map(topics.map((t) => [t.name, jobDataOf(t)]));
  infra.queues.register(NOTIFY_QUEUE, async (job: Job) => {
    const schema = schemas.get(job.name);
    const parsed = schema?.safeParse(job.data);
    if (!parsed?.success) throw new UnrecoverableError(`notifiable event ${job.name} without its fields`);
    const { eventId: _eventId, ...payload } = parsed.data as Record<string, unknown> & { eventId: string };
    await notifications.onEvent(job.name, payload);
  });
  infra.queues.registerSweep('notifications', infra.config.NOTIFY_SWEEP_SECONDS * 1000, () => notifications.deliverDue());
}
