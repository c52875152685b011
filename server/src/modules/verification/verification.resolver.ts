import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { VerificationService } from './verification.service.js';
import { UserType } from '../users/user.types.js';
import {
  EmailVerifiedType,
  OtpSentType,
  SendEmailOtpInput,
  SendWhatsappOtpInput,
  VerifyEmailOtpInput,
  VerifyWhatsappOtpInput,
  WhatsappStatusType,
} from './verification.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ verification: VerificationService }>;

/**
 * Errors carry `extensions.details.otpStatus` (invalid, expired, used, not_sent, too_many_attempts,
 * cooldown, daily_limit, already_verified) so a client can show the right state.
 */
@Resolver()
export class VerificationResolver {
  @Mutation(() => OtpSentType, { description: 'Sends a new code to the email of an account that is not verified yet (no session needed)' })
  async sendEmailOtp(@Arg('input') input: SendEmailOtpInput, @Ctx() { ctx, services }: Context): Promise<OtpSentType> {
    return { ...(await services.verification.sendEmailOtp(ctx, { ...input })), sandbox: null };
  }

  @Mutation(() => EmailVerifiedType, { description: 'Verifies the email with its code; does not log in' })
  verifyEmailOtp(@Arg('input') input: VerifyEmailOtpInput, @Ctx() { ctx, services }: Context): Promise<EmailVerifiedType> {
    return services.verification.verifyEmailOtp(ctx, { ...input });
  }

  @Mutation(() => OtpSentType, { description: "Sends a code to a WhatsApp number of the viewer's" })
  sendWhatsappOtp(@Arg('input') input: SendWhatsappOtpInput, @Ctx() { ctx, services }: Context): Promise<OtpSentType> {
    return services.verification.sendWhatsappOtp(ctx, { ...input });
  }

  @Mutation(() => WhatsappStatusType, { description: "Verifies the code; the number becomes the viewer's verified WhatsApp number" })
  verifyWhatsappOtp(@Arg('input') input: VerifyWhatsappOtpInput, @Ctx() { ctx, services }: Context): Promise<WhatsappStatusType> {
    return services.verification.verifyWhatsappOtp(ctx, { ...input });
  }

  @Query(() => WhatsappStatusType, { description: "The viewer's WhatsApp number, whether it is verified, and the sandbox instruction" })
  whatsappStatus(@Ctx() { ctx, services }: Context): Promise<WhatsappStatusType> {
    return services.verification.whatsappStatus(ctx);
  }
}

/** What the verification module adds to the account itself (User is only ever given to its own account). */
@Resolver(() => UserType)
export class UserVerificationResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Seconds until another email code can be asked for (the countdown after register); null once the email is verified',
  })
  emailCodeResendAfterSeconds(@Root() user: UserType, @Ctx() { ctx, services }: Context): Promise<number | null> {
    return services.verification.emailResendAfterSeconds(ctx.em, user);
  }
}
