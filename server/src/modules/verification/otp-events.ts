import { z } from 'zod';
import { outboxTopic } from '../../outbox/outbox.js';

/** `otp.requested`: a code waits for delivery (written with the code; the `otp-delivery` job sends it). */
export const otpRequested = outboxTopic('otp.requested', z.object({ otpId: z.uuid() }));
/** The BullMQ queue `otp.requested` is relayed to. */
export const OTP_QUEUE = 'otp-delivery';
