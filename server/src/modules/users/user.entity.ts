import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../db/base.entity.js';

@Entity({ tableName: 'users' })
export class User extends BaseEntity {
  /** Lower-cased; unique. */
  @Property({ type: 'text' })
  @Unique({ name: 'users_email_unique' })
  email!: string;

  /** Lower-cased; unique. */
  @Property({ type: 'text' })
  @Unique({ name: 'users_username_unique' })
  username!: string;

  @Property({ type: 'text', fieldName: 'password_hash', hidden: true })
  passwordHash!: string;

  @Property({ type: 'boolean', fieldName: 'email_verified' })
  emailVerified: Opt<boolean> = false;

  @Property({ type: 'text', fieldName: 'whatsapp_number', nullable: true })
  whatsappNumber: string | null = null;

  @Property({ type: 'boolean', fieldName: 'whatsapp_verified' })
  whatsappVerified: Opt<boolean> = false;

  @Property({ type: 'text', default: 'en' })
  language: Opt<'en' | 'hi'> = 'en';

  @Property({ type: 'boolean', fieldName: 'email_notifications' })
  emailNotifications: Opt<boolean> = true;

  /** An operator of the site (docs/product.md#operators-and-reports): set only by the `operator add` command. */
  @Property({ type: 'boolean' })
  operator: Opt<boolean> = false;

  /** Set while an operator has suspended the account: no login, no session, listings hidden. */
  @Property({ type: 'timestamptz', fieldName: 'suspended_at', nullable: true })
  suspendedAt: Date | null = null;

  /** Set when the account is deleted; personal fields are anonymised at the same time. */
  @Property({ type: 'timestamptz', fieldName: 'deleted_at', nullable: true })
  deletedAt: Date | null = null;
}
