import { UnrecoverableError, type Job } from 'bullmq';
import type { Infra } from '../../app/infra.js';
import { jobDataOf } from '../../outbox/outbox.js';
import { RFQ_QUEUE, rfqChanged } from './rfq-events.js';
import type { RfqService } from './rfqs.service.js';

const changed = jobDataOf(rfqChanged);

/** BullMQ processor of requirements: topping a requirement's sellers up after a decline. */
export function registerRfqJobs({ infra, rfqs }: { infra: Infra; rfqs: RfqService }): void {
  infra.queues.register(RFQ_QUEUE, async (job: Job) => {
    const parsed = changed.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('requirement event without its fields');
    await rfqs.match(infra.orm.em, parsed.data.rfqId);
  });
}
