import { DevOutboxMessage } from '../../adapters/dev-outbox/dev-outbox-message.entity.js';
import type { AppModule } from '../../app/module.js';
import { devOutboxRoutes } from './dev-outbox.routes.js';
import { OtpCode } from './otp-code.entity.js';
import { OtpSend } from './otp-send.entity.js';
import { registerVerificationJobs } from './verification.jobs.js';
import { UserVerificationResolver, VerificationResolver } from './verification.resolver.js';
import { verificationRoutes } from './verification.routes.js';
import { OTP_QUEUE, OTP_TOPIC } from './verification.service.js';

/** Email and WhatsApp one-time codes, and the development outbox. */
export const verificationModule: AppModule = {
  name: 'verification',
  entities: [OtpCode, OtpSend, DevOutboxMessage],
  resolvers: [VerificationResolver, UserVerificationResolver],
  routes: verificationRoutes,
  publicRoutes: devOutboxRoutes,
  topics: { [OTP_TOPIC]: OTP_QUEUE },
  jobs: registerVerificationJobs,
};
