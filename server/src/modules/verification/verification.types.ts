import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { OtpSent, SandboxInstruction, WhatsappStatus } from './verification.service.js';

// Plain shapes only: the service's zod schemas do all validation, for GraphQL and REST alike.

@InputType()
export class SendEmailOtpInput {
  @Field() email!: string;
}

@InputType()
export class VerifyEmailOtpInput {
  @Field() email!: string;
  @Field() otp!: string;
}

@InputType()
export class SendWhatsappOtpInput {
  @Field() whatsappNumber!: string;
}

@InputType()
export class VerifyWhatsappOtpInput {
  @Field() whatsappNumber!: string;
  @Field() otp!: string;
}

@ObjectType('WhatsappSandbox', { description: 'What to send to the provider number before a code can arrive (sandbox senders)' })
export class WhatsappSandboxType implements SandboxInstruction {
  @Field() joinPhrase!: string;
  @Field({ description: 'E.164' }) number!: string;
}

@ObjectType('OtpSent', { description: 'A code is on its way' })
export class OtpSentType implements OtpSent {
  @Field(() => String, { description: 'Always "sent"' }) status!: 'sent';
  @Field(() => String, { description: 'email or whatsapp' }) channel!: 'email' | 'whatsapp';
  @Field({ description: 'The address the code goes to (normalised)' }) to!: string;
  @Field(() => Int) expiresInSeconds!: number;
  @Field(() => Int, { description: 'How long until another code can be requested for this address' }) resendAfterSeconds!: number;
  @Field(() => WhatsappSandboxType, { nullable: true, description: 'WhatsApp only' }) sandbox!: WhatsappSandboxType | null;
}

@ObjectType('EmailVerified')
export class EmailVerifiedType {
  @Field(() => String, { description: 'Always "verified"' }) status!: 'verified';
  @Field() email!: string;
}

@ObjectType('WhatsappStatus')
export class WhatsappStatusType implements WhatsappStatus {
  @Field(() => String, { nullable: true, description: 'The verified number (E.164), or null' }) whatsappNumber!: string | null;
  @Field() whatsappVerified!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'A number a code was sent to that is not verified yet (E.164), until its code is used or another number gets a code',
  })
  pendingNumber!: string | null;
  @Field(() => Int, { description: 'Seconds until another code can be sent to the pending number (0: now)' }) resendAfterSeconds!: number;
  @Field({ description: 'False when WhatsApp sending is off on this server: no code can be sent' }) available!: boolean;
  @Field(() => WhatsappSandboxType) sandbox!: WhatsappSandboxType;
}
