import type { Synonyms } from '../../../adapters/search/search-engine.js';

/**
 * Words buyers and sellers use for the same goods (Indian and American English, trade names).
 * Both engines get these: a query for one word finds listings that use another.
 */
export const SYNONYMS: Synonyms = [
  ['laptop', 'notebook'],
  ['mobile', 'phone', 'smartphone', 'cellphone'],
  ['tv', 'television'],
  ['fridge', 'refrigerator'],
  ['ac', 'air conditioner'],
  ['bike', 'motorcycle', 'motorbike'],
  ['bicycle', 'cycle'],
  ['cupboard', 'wardrobe', 'almirah'],
  ['sofa', 'couch'],
  ['tyre', 'tire'],
  ['jewellery', 'jewelry'],
  ['colour', 'color'],
  ['trousers', 'pants'],
  ['earphones', 'earbuds'],
  ['genset', 'generator'],
  ['photocopier', 'xerox'],
  ['spectacles', 'glasses'],
  ['scooty', 'scooter'],
  ['saree', 'sari'],
  ['utensils', 'cookware'],
  ['cooker', 'pressure cooker'],
  ['tshirt', 't-shirt'],
  ['kadai', 'kadhai', 'karahi', 'wok'],
  ['glucometer', 'glucose meter', 'sugar test machine'],
  ['dumbbell', 'dumbbells'],
  ['wristwatch', 'watch'],
  ['pot', 'planter', 'gamla'],
  ['statue', 'idol', 'murti', 'sculpture'],
  ['ganesha', 'ganesh', 'ganpati', 'ganapati'],
  ['kit', 'set'],
  ['swing', 'jhula', 'jhoola'],
  ['tiffin', 'lunch box', 'lunchbox'],
  ['woollen', 'woolen'],
  ['fake', 'artificial'],
];

/**
 * Words that, right after a goods word in a listing's title, make it an accessory or a part of those
 * goods rather than the goods ('Laptop stand', 'Mobile cover', 'Bicycle chain', 'Table lamp'): a
 * search for the goods leaves such titles out unless it names the accessory too.
 */
export const ACCESSORY_WORDS: string[] = [
  'stand', 'stands', 'bag', 'bags', 'cover', 'covers', 'case', 'cases', 'pouch', 'sleeve', 'skin', 'charger', 'chargers', 'adapter',
  'adaptor', 'battery', 'batteries', 'guard', 'protector', 'holder', 'mount', 'bracket', 'cable', 'cables', 'part', 'parts', 'spare',
  'spares', 'accessory', 'accessories', 'cooler', 'pad', 'lock', 'strap', 'straps', 'tray', 'remote', 'cartridge', 'cartridges',
  'toner', 'ink', 'refill', 'lens', 'lamp', 'fan', 'tennis', 'cloth', 'cushion', 'cushions', 'gasket', 'filter', 'filters', 'blade',
  'blades', 'wheel', 'wheels', 'tyre', 'tyres', 'tube', 'chain', 'seat', 'bell', 'helmet', 'frame', 'sticker', 'stickers', 'repair',
  'cleaner', 'mat', 'mats', 'trolley',
];
