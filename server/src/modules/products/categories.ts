/**
 * The product categories (docs/product.md#categories): a stable id (stored in `products.category`) with
 * its English and Hindi display names.
 */
export interface Category {
  id: string;
  name: string;
  nameHi: string;
  /** Offered by the create form (48 of them, docs/product.md#categories). */
  inCreateForm: boolean;
  /** The create form's own label where it differs from the display name (it keeps 'Movies'). */
  formName?: string;
  formNameHi?: string;
}

type Row = [id: string, name: string, nameHi: string, extra?: Partial<Category>];

// The create form offers 48: it has no UnisexClothing, and (our reading of "48", the spec does not
// name them) folds VideoGames into Gaming and KidsElectronics into Toys. Every id stays valid, so
// products in those categories can still be edited and searched.
const ROWS: Row[] = [
  ['Smartphones', 'Smartphones & Tablets', 'स्मार्टफ़ोन और टैबलेट'],
  ['Computers', 'Computers & Laptops', 'कंप्यूटर और लैपटॉप'],
  ['Audio', 'Audio & Headphones', 'ऑडियो और हेडफ़ोन'],
  ['Cameras', 'Cameras & Photography', 'कैमरा और फ़ोटोग्राफ़ी'],
  ['Gaming', 'Gaming Consoles', 'गेमिंग कंसोल'],
  ['Wearables', 'Wearables & Smartwatches', 'पहनने योग्य उपकरण और स्मार्टवॉच'],
  ['HomeElectronics', 'Home Electronics', 'घरेलू इलेक्ट्रॉनिक्स'],
  ['MensClothing', "Men's Clothing", 'पुरुषों के कपड़े'],
  ['WomensClothing', "Women's Clothing", 'महिलाओं के कपड़े'],
  ['UnisexClothing', 'Unisex Clothing', 'यूनिसेक्स कपड़े', { inCreateForm: false }],
  ['Shoes', 'Shoes & Footwear', 'जूते और चप्पल'],
  ['Accessories', 'Fashion Accessories', 'फ़ैशन एक्सेसरीज़'],
  ['Jewelry', 'Jewellery & Watches', 'आभूषण और घड़ियाँ'],
  ['Bags', 'Bags & Luggage', 'बैग और सामान'],
  ['Beauty', 'Beauty & Cosmetics', 'सौंदर्य और प्रसाधन'],
  ['Furniture', 'Furniture', 'फ़र्नीचर'],
  ['HomeDecor', 'Home Decor', 'घर की सजावट'],
  ['Kitchen', 'Kitchen & Dining', 'रसोई और भोजन'],
  ['Garden', 'Garden & Outdoor', 'बगीचा और आउटडोर'],
  ['HomeTools', 'Tools & Hardware', 'औज़ार और हार्डवेयर'],
  ['HomeImprovement', 'Home Improvement', 'घर सुधार'],
  ['FitnessEquipment', 'Fitness Equipment', 'फ़िटनेस उपकरण'],
  ['OutdoorGear', 'Outdoor & Camping Gear', 'आउटडोर और कैंपिंग सामान'],
  ['SportsEquipment', 'Sports Equipment', 'खेल उपकरण'],
  ['Bicycles', 'Bicycles', 'साइकिल'],
  ['WaterSports', 'Water Sports', 'जल क्रीड़ा'],
  ['WinterSports', 'Winter Sports', 'शीतकालीन खेल'],
  ['CarParts', 'Car Parts', 'कार के पुर्ज़े'],
  ['Motorcycles', 'Motorcycles & Scooters', 'मोटरसाइकिल और स्कूटर'],
  ['AutoTools', 'Automotive Tools', 'ऑटोमोटिव औज़ार'],
  ['CarAccessories', 'Car Accessories', 'कार एक्सेसरीज़'],
  ['Books', 'Books', 'किताबें'],
  ['Music', 'Music & Instruments', 'संगीत और वाद्य यंत्र'],
  ['Movies', 'Movies & TV', 'फ़िल्में और टीवी', { formName: 'Movies', formNameHi: 'फ़िल्में' }],
  ['VideoGames', 'Video Games', 'वीडियो गेम', { inCreateForm: false }],
  ['HealthEquipment', 'Health Equipment', 'स्वास्थ्य उपकरण'],
  ['PersonalCare', 'Personal Care', 'व्यक्तिगत देखभाल'],
  ['Supplements', 'Vitamins & Supplements', 'विटामिन और सप्लीमेंट'],
  ['MedicalDevices', 'Medical Devices', 'चिकित्सा उपकरण'],
  ['BabyClothing', 'Baby Clothing', 'शिशु के कपड़े'],
  ['Toys', 'Toys & Games', 'खिलौने और खेल'],
  ['BabyGear', 'Baby Gear', 'शिशु का सामान'],
  ['KidsElectronics', "Kids' Electronics", 'बच्चों के इलेक्ट्रॉनिक्स', { inCreateForm: false }],
  ['Collectibles', 'Collectibles', 'संग्रहणीय वस्तुएँ'],
  ['Antiques', 'Antiques', 'प्राचीन वस्तुएँ'],
  ['Art', 'Art', 'कला'],
  ['Crafts', 'Crafts & Hobbies', 'शिल्प और शौक'],
  ['OfficeSupplies', 'Office Supplies', 'कार्यालय सामग्री'],
  ['IndustrialEquipment', 'Industrial Equipment', 'औद्योगिक उपकरण'],
  ['BusinessEquipment', 'Business Equipment', 'व्यावसायिक उपकरण'],
  ['Other', 'Other', 'अन्य'],
];

export const CATEGORIES: readonly Category[] = ROWS.map(([id, name, nameHi, extra]) => ({ id, name, nameHi, inCreateForm: true, ...extra }));

/** Every category id (51). */
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const DEFAULT_CATEGORY = 'Other';

const byId = new Map(CATEGORIES.map((c) => [c.id, c]));

export const findCategory = (id: string): Category | undefined => byId.get(id);

export const isCategoryId = (id: string): boolean => byId.has(id);

/** The display name of a category in a language (the id itself for an unknown one). */
export function categoryName(id: string, locale: 'en' | 'hi'): string {
  const c = byId.get(id);
  if (!c) return id;
  return locale === 'hi' ? c.nameHi : c.name;
}
