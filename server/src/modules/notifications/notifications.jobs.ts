import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Infra } from '../../app/infra.js';
import { jobDataOf, type OutboxTopic } from '../../outbox/outbox.js';
import type { NotificationService } from './notifications.service.js';

/** BullMQ queue of notifiable events (job name = the event's topic). */
export const NOTIFY_QUEUE = 'notifications';
/** BullMQ queue of delayed email digests (one job per user and time: `scheduleDigest`). */
export const DIGEST_QUEUE = 'notification-digests';

const digestJob = z.object({ userId: z.uuid() });

/** Adds the delayed job of a user's digest at `at` (once per user and time: a burst adds one). */
export async function scheduleDigest(infra: Pick<Infra, 'queues' | 'clock'>, userId: string, at: Date): Promise<void> {
  const delay = Math.max(0, at.getTime() - infra.clock.now().getTime());
  await infra.queues.queue(DIGEST_QUEUE).add('digest', { userId }, { jobId: `digest-${userId}-${at.getTime()}`, delay });
}

/**
 * The processor of notifiable events (their notices stored and, when due, sent) and the sweep that sends the
 * notices whose time came (a bundle's window, the end of quiet hours, the hour's allowance); the delayed email
 * digest jobs, and the same digests from the sweep should Redis lose the jobs.
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
  infra.queues.register(DIGEST_QUEUE, async (job: Job) => {
    const parsed = digestJob.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('digest job without its user');
    await notifications.sendDigest(parsed.data.userId);
  });
  infra.queues.registerSweep('notifications', infra.config.NOTIFY_SWEEP_SECONDS * 1000, async () => {
    await notifications.deliverDue();
    await notifications.digestDue();
  });
}
