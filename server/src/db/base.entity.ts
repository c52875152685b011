import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDv7 ids and timestamps shared by every table. */
export abstract class BaseEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
