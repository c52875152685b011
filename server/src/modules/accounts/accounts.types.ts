import { Field, InputType } from 'type-graphql';

// Plain shapes only: the service's zod schemas do all validation, for GraphQL and REST alike.

@InputType({ description: 'Only the fields given change' })
export class AccountSettingsInput {
  @Field(() => String, { nullable: true }) username?: string;
  @Field(() => String, { nullable: true, description: 'en or hi: the language of the messages we send' }) language?: string;
  @Field(() => Boolean, { nullable: true }) emailNotifications?: boolean;
}

@InputType()
export class DeleteAccountInput {
  @Field({ description: 'The current password, asked again' }) password!: string;
}
