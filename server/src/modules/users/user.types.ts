import { Field, ID, ObjectType } from 'type-graphql';
import type { User } from './user.entity.js';

@ObjectType('User', { description: 'An account. Private fields are only given to the account itself.' })
export class UserType {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field() email!: string;
  @Field() emailVerified!: boolean;
  @Field(() => String, { nullable: true }) whatsappNumber!: string | null;
  @Field() whatsappVerified!: boolean;
  @Field({ description: 'en or hi' }) language!: string;
  @Field() emailNotifications!: boolean;
}

export const toUserType = (u: User): UserType => ({
  id: u.id,
  username: u.username,
  email: u.email,
  emailVerified: u.emailVerified,
  whatsappNumber: u.whatsappNumber,
  whatsappVerified: u.whatsappVerified,
  language: u.language,
  emailNotifications: u.emailNotifications,
});

/** The REST shim's shape of the current user (docs/product.md#rest-shim, GET /auth/user). */
export const toRestUser = (u: User) => ({
  uid: u.id,
  username: u.username,
  email: u.email,
  email_verified: u.emailVerified,
  whatsapp_number: u.whatsappNumber,
  whatsapp_verified: u.whatsappVerified,
  language: u.language,
  email_notifications: u.emailNotifications,
});
