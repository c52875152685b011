import { Field, ObjectType } from 'type-graphql';

/** Something that happened to the viewer's account, pushed to their open sockets. */
@ObjectType('AccountEvent')
export class AccountEvent {
  @Field({ description: 'PASSWORD_CHANGED, EMAIL_VERIFIED, WHATSAPP_VERIFIED, SETTINGS_CHANGED, ...' })
  type!: string;

  @Field()
  at!: Date;
}
