import { badInput } from '../../common/app-error.js';
import type { Product } from './product.entity.js';
import { productRuleIssues, type editProductInput } from './products.inputs.js';
import type { z } from 'zod';

/** What an edit gives (the fields given; `price` and `priceMax` in paise, null to clear them). */
export type ProductEdit = z.infer<typeof editProductInput>;

/** What an edit may change of a product. */
type Edited = Pick<Product, 'purchaseType' | 'pricePaise' | 'priceMaxPaise' | 'minQuantity' | 'maxQuantity' | 'priceTiers'>;

/**
 * An edit applied to a product: the fields given replace the product's, the others keep their
 * values, and the result must pass the rules across fields (a price for Buy now, a maximum of at
 * least the minimum), else it is refused with each field's message. The stock (`maxQuantity`) falls
 * with every order and may be 0 or under the minimum order: an edit that does not set it keeps it
 * (only a quantity the seller enters is checked).
 */
export function applyEdit(p: Product, edit: ProductEdit): void {
  const { price, priceMax, ...patch } = edit;
  const priceTiers = patch.priceTiers ?? p.priceTiers;
  const edited: Edited = {
    purchaseType: patch.purchaseType ?? p.purchaseType,
    // New bands given without a price: the first band's is the product's price.
    pricePaise: price === undefined ? (patch.priceTiers?.[0]?.unitPricePaise ?? p.pricePaise) : price,
    priceMaxPaise: priceMax === undefined ? p.priceMaxPaise : priceMax,
    priceTiers,
    minQuantity: patch.minQuantity ?? p.minQuantity,
    maxQuantity: patch.maxQuantity ?? Math.max(p.maxQuantity, p.minQuantity),
  };
  const issues = productRuleIssues(edited);
  if (issues.length) throw badInput(issues[0]!.message, { fields: Object.fromEntries(issues.map((i) => [i.path, i.message])) });
  Object.assign(p, patch, { pricePaise: edited.pricePaise, priceMaxPaise: edited.priceMaxPaise });
}
