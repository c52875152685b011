/**
 * The product categories (docs/product.md#categories): a stable id (stored in `products.category`) with
 * its English and Hindi display names.
 */
export interface Category {
  id: string;
  name: string;
  nameHi: string;
  /** Offered to listings (50 of the 51): the product form, the home page and the search's categories alike. */
  offered: boolean;
}

type Row = [id: string, name: string, nameHi: string, extra?: Partial<Category>];

// Listings are offered 50 (docs/product.md#categories): every one but UnisexClothing (men's, women's, baby
// clothing and accessories cover it). Its id stays valid, so products in it can still be edited and searched.
const ROWS: Row[] = [
  ['Smartphones', 'Smartphones & Tablets', 'स्मार्टफ़ोन और टैबलेट'],
  ['Computers', 'Computers & Laptops', 'कंप्यूटर और लैपटॉप'],
  ['Audio', 'Audio & Headphones', 'ऑडियो और हेडफ़ोन'],
  ['Cameras', 'Cameras & Photography', 'कैमरा और फ़ोटोग्राफ़ी'],
  ['Gaming', 'Gaming Consoles', 'गेमिंग कंसोल'],
  ['Wearables', 'Wearables & Smartwatches', 'स्मार्टवॉच और फ़िटनेस बैंड'],
  ['HomeElectronics', 'Home Electronics', 'घरेलू इलेक्ट्रॉनिक्स'],
  ['MensClothing', "Men's Clothing", 'पुरुषों के कपड़े'],
  ['WomensClothing', "Women's Clothing", 'महिलाओं के कपड़े'],
  ['UnisexClothing', 'Unisex Clothing', 'यूनिसेक्स कपड़े', { offered: false }],
  ['Shoes', 'Shoes & Footwear', 'जूते और चप्पल'],
  ['Accessories', 'Fashion Accessories', 'फ़ैशन एक्सेसरीज़'],
  ['Jewelry', 'Jewellery & Watches', 'ज्वेलरी और घड़ियाँ'],
  ['Bags', 'Bags & Luggage', 'बैग और सामान'],
  ['Beauty', 'Beauty & Cosmetics', 'ब्यूटी और कॉस्मेटिक्स'],
  ['Furniture', 'Furniture', 'फ़र्नीचर'],
  ['HomeDecor', 'Home Decor', 'घर की सजावट'],
  ['Kitchen', 'Kitchen & Dining', 'किचन और डाइनिंग'],
  ['Garden', 'Garden & Outdoor', 'गार्डन और आउटडोर'],
  ['HomeTools', 'Tools & Hardware', 'औज़ार और हार्डवेयर'],
  ['HomeImprovement', 'Home Improvement', 'घर की मरम्मत'],
  ['FitnessEquipment', 'Fitness Equipment', 'फ़िटनेस उपकरण'],
  ['OutdoorGear', 'Outdoor & Camping Gear', 'आउटडोर और कैंपिंग सामान'],
  ['SportsEquipment', 'Sports Equipment', 'खेल का सामान'],
  ['Bicycles', 'Bicycles', 'साइकिल'],
  ['WaterSports', 'Water Sports', 'वॉटर स्पोर्ट्स'],
  ['WinterSports', 'Winter Sports', 'विंटर स्पोर्ट्स'],
  ['CarParts', 'Car Parts', 'कार के पुर्ज़े'],
  ['Motorcycles', 'Motorcycles & Scooters', 'मोटरसाइकिल और स्कूटर'],
  ['AutoTools', 'Automotive Tools', 'गाड़ी के औज़ार'],
  ['CarAccessories', 'Car Accessories', 'कार एक्सेसरीज़'],
  ['Books', 'Books', 'किताबें'],
  ['Music', 'Music & Instruments', 'म्यूज़िक और वाद्य यंत्र'],
  ['Movies', 'Movies & TV', 'फ़िल्में और टीवी'],
  ['VideoGames', 'Video Games', 'वीडियो गेम'],
  ['HealthEquipment', 'Health Equipment', 'हेल्थ उपकरण'],
  ['PersonalCare', 'Personal Care', 'पर्सनल केयर'],
  ['Supplements', 'Vitamins & Supplements', 'विटामिन और सप्लीमेंट'],
  ['MedicalDevices', 'Medical Devices', 'मेडिकल उपकरण'],
  ['BabyClothing', 'Baby Clothing', 'छोटे बच्चों के कपड़े'],
  ['Toys', 'Toys & Games', 'खिलौने और खेल'],
  ['BabyGear', 'Baby Gear', 'छोटे बच्चों का सामान'],
  ['KidsElectronics', "Kids' Electronics", 'बच्चों के इलेक्ट्रॉनिक्स'],
  ['Collectibles', 'Collectibles', 'कलेक्टिबल्स'],
  ['Antiques', 'Antiques', 'एंटीक सामान'],
  ['Art', 'Art', 'कला'],
  ['Crafts', 'Crafts & Hobbies', 'हस्तशिल्प और शौक़'],
  ['OfficeSupplies', 'Office Supplies', 'ऑफ़िस का सामान'],
  ['IndustrialEquipment', 'Industrial Equipment', 'इंडस्ट्रियल उपकरण'],
  ['BusinessEquipment', 'Business Equipment', 'कारोबार के उपकरण'],
  ['Other', 'Other', 'अन्य'],
];

export const CATEGORIES: readonly Category[] = ROWS.map(([id, name, nameHi, extra]) => ({ id, name, nameHi, offered: true, ...extra }));

/** What a trader looks for first (docs/product.md#categories): these lead every list of categories people see. */
const TRADE_FIRST = ['OfficeSupplies', 'IndustrialEquipment', 'BusinessEquipment', 'HomeTools', 'Kitchen'];

/** The categories as people see them listed: the trade's first, then the rest in their usual order. */
export const LISTED_CATEGORIES: readonly Category[] = [
  ...TRADE_FIRST.map((id) => CATEGORIES.find((c) => c.id === id)!),
  ...CATEGORIES.filter((c) => !TRADE_FIRST.includes(c.id)),
];

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
