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
];
