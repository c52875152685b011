import { ArrayType, BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../db/base.entity.js';
import type { PriceTier } from './price-bands.js';
import type { Unit } from './units.js';

export const PRODUCT_TYPES = ['new', 'used'] as const;
export const PURCHASE_TYPES = ['buy_now', 'inquire'] as const;
export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
/** Stored spelling; the edit form and the inquiry chat read these (the create form's are accepted too). */
export const QUESTION_TYPES = ['FreeResponse', 'YesNo'] as const;

export type NewOrUsed = (typeof PRODUCT_TYPES)[number];
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export type Condition = (typeof CONDITIONS)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A buyer question the seller attaches to a product (asked during an inquiry). */
export interface CustomQuestion {
  id: string;
  question: string;
  questionType: QuestionType;
  mandatory: boolean;
}

/**
 * MikroORM's array type writes bare words unquoted, so a tag "null" would become SQL NULL; this
 * one quotes every element.
 */
class TextArrayType extends ArrayType<string> {
  override convertToDatabaseValue(value: string[] | null): string | null {
    if (!value) return value;
    return `{${value.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  }
}

@Entity({ tableName: 'products' })
export class Product extends BaseEntity {
  @Property({ type: 'uuid', fieldName: 'seller_id' })
  sellerId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text', fieldName: 'product_type' })
  productType!: NewOrUsed;

  @Property({ type: 'text', fieldName: 'purchase_type' })
  purchaseType!: PurchaseType;

  @Property({ type: 'text', nullable: true })
  condition: Condition | null = null;

  @Property({ type: 'text' })
  category!: string;

  @Property({ type: TextArrayType, columnType: 'text[]' })
  tags: Opt<string[]> = [];

  /** Integer paise; null when no price is given (inquire-only products). */
  @Property({ type: new BigIntType('string'), fieldName: 'price_paise', nullable: true })
  pricePaise: string | null = null;

  /** The top of a price range in integer paise (inquire-first listings only; above `pricePaise`), or null. */
  @Property({ type: new BigIntType('string'), fieldName: 'price_max_paise', nullable: true })
  priceMaxPaise: string | null = null;

  /** What quantities count (docs/product.md#units). */
  @Property({ type: 'text' })
  unit: Opt<Unit> = 'piece';

  /** HSN code for GST invoices: 4, 6 or 8 digits. */
  @Property({ type: 'text', fieldName: 'hsn_code', nullable: true })
  hsnCode: string | null = null;

  /** GST rate in percent: 0, 5, 12, 18 or 28. */
  @Property({ type: 'smallint', fieldName: 'gst_rate' })
  gstRate: Opt<number> = 18;

  /** Bulk price bands, the first at the minimum order with the product's price (empty: one price). */
  @Property({ type: 'json', fieldName: 'price_tiers' })
  priceTiers: Opt<PriceTier[]> = [];

  @Property({ type: 'integer', fieldName: 'min_quantity' })
  minQuantity: Opt<number> = 1;

  @Property({ type: 'integer', fieldName: 'max_quantity' })
  maxQuantity: Opt<number> = 1;

  @Property({ type: 'text', nullable: true })
  city: string | null = null;

  @Property({ type: 'text', nullable: true })
  state: string | null = null;

  @Property({ type: 'text', nullable: true })
  contact: string | null = null;

  /** Base storage key of the thumbnail's webp variants (`${key}-sm.webp`, -md, -lg). */
  @Property({ type: 'text', fieldName: 'thumbnail_key', nullable: true })
  thumbnailKey: string | null = null;

  @Property({ type: 'json', fieldName: 'custom_questions' })
  customQuestions: Opt<CustomQuestion[]> = [];

  @Property({ type: 'boolean' })
  enabled: Opt<boolean> = true;

  /**
   * Hidden by the team (docs/product.md#operators-and-reports): 'operator' when an operator hid it,
   * 'suspension' while its seller is suspended. A held product stays disabled; its seller cannot show it.
   */
  @Property({ type: 'text', nullable: true })
  held: 'operator' | 'suspension' | null = null;

  @Property({ type: 'timestamptz', fieldName: 'deleted_at', nullable: true })
  deletedAt: Date | null = null;
}
