import { z } from 'zod';
import { outboxTopic } from '../../outbox/outbox.js';

/**
 * `product.changed`: a product changed (created, edited, stock taken or given back, disabled, deleted),
 * written with the change. Search re-indexes the product from it; each api process drops the copy it
 * keeps for visitors when its commit is heard (visitor-product-cache.ts).
 */
export const productChanged = outboxTopic('product.changed', z.object({ productId: z.uuid() }));
/** The topic's name (the search module routes it). */
export const PRODUCT_CHANGED = productChanged.name;
