import { Field, InputType, ObjectType } from 'type-graphql';

// Plain shapes only: the service's zod schemas do all validation, for GraphQL and REST alike.

@InputType()
export class RegisterInput {
  @Field() email!: string;
  @Field() username!: string;
  @Field() password!: string;
}

@InputType()
export class LoginInput {
  @Field({ description: 'A username or an email' }) username!: string;
  @Field() password!: string;
}

@InputType()
export class ChangePasswordInput {
  @Field() currentPassword!: string;
  @Field() newPassword!: string;
}

/** Something that happened to the viewer's account, pushed to their open sockets. */
@ObjectType('AccountEvent')
export class AccountEventType {
  @Field({ description: 'PASSWORD_CHANGED, EMAIL_VERIFIED, WHATSAPP_VERIFIED, SETTINGS_CHANGED, ...' })
  type!: string;

  @Field()
  at!: Date;
}
