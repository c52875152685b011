import { UnrecoverableError, type Job } from 'bullmq';
import { PermanentDeliveryError } from '../../adapters/delivery-error.js';
import type { Infra } from '../../app/infra.js';
import type { VerificationService } from './verification.service.js';
import { OTP_QUEUE, otpRequested } from './otp-events.js';

// The job's data is the event's payload (and its id, which delivery does not need).
const jobData = otpRequested.schema;

/** The `otp-delivery` processor: sends one code; retried with backoff, never sends a second code. */
export function registerVerificationJobs({ verification, infra }: { verification: VerificationService; infra: Pick<Infra, 'queues' | 'config'> }): void {
  infra.queues.register(OTP_QUEUE, async (job: Job) => {
    const parsed = jobData.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('otp-delivery job without an otpId');
    try {
      return await verification.deliver(parsed.data.otpId);
    } catch (err) {
      // A refusal for good (bad address, number outside the sandbox) is not retried.
      if (err instanceof PermanentDeliveryError) throw new UnrecoverableError(err.message);
      throw err;
    }
  });
  // Codes whose job Redis lost (docs/operations.md#redis), from PostgreSQL's state.
  infra.queues.registerSweep('otp-delivery', infra.config.SWEEP_SECONDS * 1000, () => verification.deliverAwaiting());
}
