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
