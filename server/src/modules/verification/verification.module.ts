import { DevOutboxMessage } from '../../adapters/dev-outbox/dev-outbox-message.entity.js';
import type { DevOutbox } from '../../adapters/dev-outbox/dev-outbox.js';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-sender.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AuthService } from '../auth/auth.service.js';
import { devOutboxRoutes } from './dev-outbox.routes.js';
import { OtpCrypto } from './otp-crypto.js';
import { OtpCode } from './otp-code.entity.js';
import { OtpSend } from './otp-send.entity.js';
import { registerVerificationJobs } from './verification.jobs.js';
import { UserVerificationResolver, VerificationResolver } from './verification.resolver.js';
import { verificationRoutes } from './verification.routes.js';
import { routeOf } from '../../outbox/outbox.js';
import { OTP_QUEUE, otpRequested } from './otp-events.js';
import { VerificationService } from './verification.service.js';

/** Email and WhatsApp one-time codes, and the development outbox. */
/** The services this module's routes, jobs and seed take (each names its own). */
type VerificationDeps = { verification: VerificationService; infra: Pick<Infra, 'config' | 'queues'> };

export const verificationModule: AppModule<VerificationDeps> = {
  name: 'verification',
  entities: [OtpCode, OtpSend, DevOutboxMessage],
  resolvers: [VerificationResolver, UserVerificationResolver],
  routes: verificationRoutes,
  publicRoutes: devOutboxRoutes,
  topics: [routeOf(otpRequested, OTP_QUEUE)],
  jobs: registerVerificationJobs,
};

/** One-time codes by email and WhatsApp; sign-in asks them through the auth hooks. */
export function createVerificationServices(
  infra: Infra,
  deps: { auth: AuthService; devOutbox: DevOutbox; mail: MailSender; whatsapp: WhatsAppSender },
) {
  const { config } = infra;
  const verification = new VerificationService({
    config,
    clock: infra.clock,
    orm: infra.orm,
    redis: infra.redis.cmd,
    relay: infra.relay,
    log: infra.log,
    auth: deps.auth,
    crypto: new OtpCrypto(config.OTP_SECRET),
    mail: deps.mail,
    whatsapp: deps.whatsapp,
    devOutbox: deps.devOutbox,
  });
  deps.auth.addHooks(verification.authHooks());
  return { verification };
}
export type VerificationServices = ReturnType<typeof createVerificationServices>;
