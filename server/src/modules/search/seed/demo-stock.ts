import { ELECTRONICS_STOCK } from './demo-stock-electronics.js';
import { FASHION_STOCK } from './demo-stock-fashion.js';
import { HOME_STOCK } from './demo-stock-home.js';
import { SPORTS_VEHICLES_STOCK } from './demo-stock-sports-vehicles.js';
import { BOOKS_HEALTH_STOCK } from './demo-stock-books-health.js';
import { KIDS_TRADE_STOCK } from './demo-stock-kids-trade.js';
import type { CategoryStock } from './category-stock.js';

export type { CategoryStock } from './category-stock.js';

/** Every category's stock, in the order the demo lists it (each part in its own file). */
export const DEMO_STOCK: Record<string, CategoryStock> = {
  ...ELECTRONICS_STOCK,
  ...FASHION_STOCK,
  ...HOME_STOCK,
  ...SPORTS_VEHICLES_STOCK,
  ...BOOKS_HEALTH_STOCK,
  ...KIDS_TRADE_STOCK,
};
