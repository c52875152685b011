import { ELECTRONICS_STOCK } from './demo-stock-electronics.js';
import { FASHION_STOCK } from './demo-stock-fashion.js';
import { HOME_STOCK } from './demo-stock-home.js';
import { SPORTS_VEHICLES_STOCK } from './demo-stock-sports-vehicles.js';
import { BOOKS_HEALTH_STOCK } from './demo-stock-books-health.js';
import { KIDS_TRADE_STOCK } from './demo-stock-kids-trade.js';

/**
 * What the demo shops sell, per category, written as Indian sellers list goods (some in Hindi).
 *
 * Each item is one line: `title | price | tags | min-max | condition`
 * - price: rupees; empty means price on request (an inquiry)
 * - tags: comma-separated
 * - min-max: minimum order and quantity available (default 1-1)
 * - condition: new (default), like_new, good, fair or poor; anything but new lists it as used
 *
 * `notes` are sentences the descriptions are built from (see demo-catalogue.ts).
 */
export interface CategoryStock {
  notes: string[];
  items: string[];
}

/** Every category's stock, in the order the demo lists it (each part in its own file). */
export const DEMO_STOCK: Record<string, CategoryStock> = {
  ...ELECTRONICS_STOCK,
  ...FASHION_STOCK,
  ...HOME_STOCK,
  ...SPORTS_VEHICLES_STOCK,
  ...BOOKS_HEALTH_STOCK,
  ...KIDS_TRADE_STOCK,
};
