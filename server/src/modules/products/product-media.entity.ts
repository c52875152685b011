import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { v7 as uuidv7 } from 'uuid';

export const MEDIA_TYPES = ['picture', 'video', 'obj', 'other'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** One gallery item of a product, in gallery order (`position`). */
@Entity({ tableName: 'product_media' })
export class ProductMedia {
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'uuid', fieldName: 'product_id' })
  productId!: string;

  @Property({ type: 'text', fieldName: 'item_type' })
  itemType!: MediaType;

  /** Pictures: the base key of their webp variants; other files: the file's own key. */
  @Property({ type: 'text', fieldName: 'storage_key' })
  storageKey!: string;

  @Property({ type: 'text', fieldName: 'content_type' })
  contentType!: string;

  /** Size of the file as uploaded. */
  @Property({ type: new BigIntType('number'), fieldName: 'size_bytes' })
  sizeBytes!: number;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Opt<Date> = new Date();
}
