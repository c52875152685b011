import type { SearchFilters } from '../understanding/filters.js';

/** The query-understanding table: real-looking queries with the words and filters they must give. */

/** Expected filters in rupees (whole numbers) for readability. */
export interface Expect {
  category?: string;
  min?: number;
  max?: number;
  type?: 'new' | 'used';
  purchase?: 'buy_now' | 'inquire';
  location?: string;
  qty?: number;
  sort?: 'newest';
  bulk?: true;
  direction?: 'lower' | 'higher';
}

/** A batch of held-out queries (held-out-cases.ts): what the buyer said or typed, and the filters it states. */
export type Cases = Array<[string, Expect]>;

const rupees = (n: number | undefined) => (n === undefined ? undefined : BigInt(n) * 100n);

export function expectedFilters(e: Expect): SearchFilters {
  const f: SearchFilters = {
    category: e.category,
    minPricePaise: rupees(e.min),
    maxPricePaise: rupees(e.max),
    productType: e.type,
    purchaseType: e.purchase,
    location: e.location,
    minQuantity: e.qty,
    bulk: e.bulk,
    sort: e.sort,
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as SearchFilters;
}

// [what the buyer said or typed, the text searched, the filters understood]
export const ENGLISH: Array<[string, string, Expect]> = [
  ['used laptop under 30000', 'laptop', { category: 'Computers', type: 'used', max: 30000 }],
  ['laptop below 5k', 'laptop', { category: 'Computers', max: 5000 }],
  ['printer 2000 to 5000', 'printer', { min: 2000, max: 5000 }],
  ['office chair around 10000', 'office chair', { category: 'Furniture', min: 8000, max: 12000 }],
  ['new iPhone 13 under ₹60,000', 'iphone 13', { category: 'Smartphones', type: 'new', max: 60000 }],
  ['Samsung phone under Rs. 15000', 'samsung phone', { category: 'Smartphones', max: 15000 }],
  ['second hand generator in Pune', 'generator', { category: 'IndustrialEquipment', type: 'used', location: 'Pune' }],
  ['cotton sarees from Surat', 'cotton sarees', { category: 'WomensClothing', location: 'Surat' }],
  ['100 pieces steel water bottle', 'steel water bottle', { category: 'Kitchen', qty: 100 }],
  ['bulk A4 paper', 'a4 paper', { category: 'OfficeSupplies', bulk: true }],
  ['welding machine between 10000 and 25000', 'welding machine', { category: 'IndustrialEquipment', min: 10000, max: 25000 }],
  ['laptop 1 lakh', 'laptop', { category: 'Computers', min: 80000, max: 120000 }],
  ['DSLR camera under 1.5 lakh', 'dslr camera', { category: 'Cameras', max: 150000 }],
  ['cheap office chairs', 'office chairs', { category: 'Furniture', direction: 'lower' }],
  ['refurbished Dell laptop with 16gb ram', 'dell laptop 16gb ram', { category: 'Computers', type: 'used' }],
  ['brand new split AC 1.5 ton', 'split ac 1.5 ton', { category: 'HomeElectronics', type: 'new' }],
  ['LED TV 4k 55 inch', 'led tv 4k 55 inch', { category: 'HomeElectronics' }],
  ['gaming laptop over 80000', 'gaming laptop', { category: 'Computers', min: 80000 }],
  ['mobile phones above 20k', 'mobile phones', { category: 'Smartphones', min: 20000 }],
  ['sofa set for office in Mumbai', 'sofa set office', { category: 'Furniture', location: 'Mumbai' }],
  ['wholesale t-shirts 500 pcs', 'tshirts', { category: 'UnisexClothing', qty: 500 }],
  ['buy now laptop', 'laptop', { category: 'Computers', purchase: 'buy_now' }],
  ['CCTV camera for shop under 20000', 'cctv camera', { category: 'BusinessEquipment', max: 20000 }],
  ['printers in Bangalore', 'printers', { location: 'Bengaluru' }],
  ['latest smartphones', 'smartphones', { category: 'Smartphones', sort: 'newest' }],
  ['treadmill for home gym less than 40000 rupees', 'treadmill home gym', { category: 'FitnessEquipment', max: 40000 }],
  ['Honda Activa used', 'honda activa', { category: 'Motorcycles', type: 'used' }],
  ['notebook', 'notebook', { category: 'Computers' }],
  ['POS billing machine', 'pos billing machine', { category: 'BusinessEquipment' }],
  ['electric scooter around 70k', 'electric scooter', { category: 'Motorcycles', min: 56000, max: 84000 }],
  ['5000 rs bluetooth speaker', 'bluetooth speaker', { category: 'Audio', min: 4000, max: 6000 }],
  ['HP printer cartridge under 1500', 'hp printer cartridge', { max: 1500 }],
  ['kids toys', 'kids toys', { category: 'Toys' }],
  ['wheelchair for hospital', 'wheelchair hospital', { category: 'MedicalDevices' }],
  ['lathe machine in Ludhiana', 'lathe machine', { category: 'IndustrialEquipment', location: 'Ludhiana' }],
  ['I need 50 office chairs', 'office chairs', { category: 'Furniture', qty: 50 }],
  ['show me used cars', 'cars', { type: 'used' }],
  ['cheapest mixer grinder', 'mixer grinder', { category: 'Kitchen', direction: 'lower' }],
  ['premium leather bags', 'leather bags', { category: 'Bags', direction: 'higher' }],
  ['generator 10000 to 50000 rupees in Gujarat', 'generator', { category: 'IndustrialEquipment', min: 10000, max: 50000, location: 'Gujarat' }],
  // No exchange rate: a dollar amount is neither a rupee filter nor words to search.
  ['laptops under $500', 'laptops', { category: 'Computers' }],
  ['printer around 200 dollars', 'printer', {}],
  ['Cricket bats under 2,000', 'cricket bats', { category: 'SportsEquipment', max: 2000 }],
  ['digital weighing scale for shop', 'digital weighing scale', { category: 'BusinessEquipment' }],
  ['A4 paper 10 boxes', 'a4 paper', { category: 'OfficeSupplies', qty: 10 }],
  ['8k tv', '8k tv', { category: 'HomeElectronics' }],
  ['price range 5000-10000', '', { min: 5000, max: 10000 }],
  ['laptop between 30k and 50k', 'laptop', { category: 'Computers', min: 30000, max: 50000 }],
  ['under 5000', '', { max: 5000 }],
  ['around 2.5 lakh tractor', 'tractor', { category: 'IndustrialEquipment', min: 200000, max: 300000 }],
  ['used bike in pune under 40k', 'bike', { type: 'used', location: 'Pune', max: 40000 }],
  ['Dell Latitude 5490', 'dell latitude 5490', { category: 'Computers' }],
  ['like new macbook', 'macbook', { category: 'Computers', type: 'used' }],
  ['printer for office use in New Delhi', 'printer office use', { location: 'Delhi' }],
  ['5 dozen cotton towels', 'cotton towels', { qty: 60 }],
  ['inquire about industrial boiler', 'industrial boiler', { category: 'IndustrialEquipment', purchase: 'inquire' }],
  ['laptp under 30000', 'laptop', { category: 'Computers', max: 30000 }],
  ['second hand genrator in Pune', 'generator', { category: 'IndustrialEquipment', type: 'used', location: 'Pune' }],
  ['match box wholesale', 'match box', { bulk: true }],
  ['printer 5000/-', 'printer', { min: 4000, max: 6000 }],
  ['printers in Navi Mumbai', 'printers', { location: 'Navi Mumbai' }],
  ['used laptop Mumbai', 'laptop', { category: 'Computers', type: 'used', location: 'Mumbai' }],
  ['wholesale t-shirts', 'tshirts', { category: 'UnisexClothing', bulk: true }],
  ['color printer', 'color printer', {}],
  // Follow-ups that only describe (they refine the current search: see the assistant turn tests).
  ['with 16gb ram', '16gb ram', {}],
  ['black color', 'black', {}],
];

export const HINGLISH: Array<[string, string, Expect]> = [
  ['purana laptop 30 hazar se kam', 'laptop', { category: 'Computers', type: 'used', max: 30000 }],
  ['naya mobile 10000 ke andar', 'mobile', { category: 'Smartphones', type: 'new', max: 10000 }],
  ['Surat ke supplier saree', 'saree', { category: 'WomensClothing', location: 'Surat' }],
  ['mujhe sasta printer chahiye', 'printer', { direction: 'lower' }],
  ['5000 se kam headphones', 'headphones', { category: 'Audio', max: 5000 }],
  ['kursi 2000 se 5000 tak', 'chair', { category: 'Furniture', min: 2000, max: 5000 }],
  ['do lakh tak ki bike', 'bike', { max: 200000 }],
  ['second hand fridge Pune mein', 'fridge', { category: 'HomeElectronics', type: 'used', location: 'Pune' }],
  ['thok me t shirts', 'tshirts', { category: 'UnisexClothing', bulk: true }],
  ['laptop lagbhag 40 hazar', 'laptop', { category: 'Computers', min: 32000, max: 48000 }],
  ['ek accha sa phone dikhao 15k tak', 'phone', { category: 'Smartphones', max: 15000 }],
  ['purane kapde wholesale Delhi se', '', { category: 'UnisexClothing', type: 'used', location: 'Delhi', bulk: true }],
  ['joote 500 rupaye tak', 'shoes', { category: 'Shoes', max: 500 }],
  ['das hazar ke aaspaas ghadi', 'watch', { min: 8000, max: 12000 }],
  ['Ahmedabad mein welding machine supplier', 'welding machine', { category: 'IndustrialEquipment', location: 'Ahmedabad' }],
  ['naya fridge 20 se 30 hazar', 'fridge', { category: 'HomeElectronics', type: 'new', min: 20000, max: 30000 }],
  ['sasta pankha', 'fan', { category: 'HomeElectronics', direction: 'lower' }],
  ['mehenga wala watch', 'watch', { direction: 'higher' }],
  ['mujhe 200 piece kursi chahiye', 'chair', { category: 'Furniture', qty: 200 }],
  ['dedh lakh tak car', 'car', { max: 150000 }],
  ['Jaipur ke kapde', '', { category: 'UnisexClothing', location: 'Jaipur' }],
  ['purani cycle 3000 tak', 'bicycle', { category: 'Bicycles', type: 'used', max: 3000 }],
  ['laptop 50k se upar', 'laptop', { category: 'Computers', min: 50000 }],
  ['bartan wholesale me', 'utensils', { category: 'Kitchen', bulk: true }],
  ['almari lakdi wali', 'cupboard wooden', { category: 'Furniture' }],
  ['Mumbai se printer 8000 ke neeche', 'printer', { location: 'Mumbai', max: 8000 }],
  ['refurbished iphone 25 hazar ka', 'iphone', { category: 'Smartphones', type: 'used', min: 20000, max: 30000 }],
  ['generator kirloskar 5 lakh tak Pune', 'generator kirloskar', { category: 'IndustrialEquipment', max: 500000, location: 'Pune' }],
  ['naye joote', 'shoes', { category: 'Shoes', type: 'new' }],
  ['pune me purani bike chahiye 40 hazar tak', 'bike', { type: 'used', location: 'Pune', max: 40000 }],
  ['5 hazar se zyada ka mixer', 'mixer', { category: 'Kitchen', min: 5000 }],
  ['Ludhiana ke wholesaler se 1000 pcs socks', 'socks', { category: 'UnisexClothing', location: 'Ludhiana', qty: 1000 }],
  ['kitaben 200 rs se kam', '', { category: 'Books', max: 200 }],
  ['silai machine Surat', 'sewing machine', { category: 'IndustrialEquipment', location: 'Surat' }],
  ['khilone bulk me', '', { category: 'Toys', bulk: true }],
  ['navi mumbai me purana fridge', 'fridge', { category: 'HomeElectronics', type: 'used', location: 'Navi Mumbai' }],
];

export const HINDI: Array<[string, string, Expect]> = [
  ['पुराना लैपटॉप 30000 से कम', 'laptop', { category: 'Computers', type: 'used', max: 30000 }],
  ['नया मोबाइल 5 हज़ार से कम', 'mobile', { category: 'Smartphones', type: 'new', max: 5000 }],
  ['प्रिंटर', 'printer', {}],
  ['सस्ता प्रिंटर दिखाओ', 'printer', { direction: 'lower' }],
  ['पुणे में कुर्सी', 'chair', { category: 'Furniture', location: 'Pune' }],
  ['सूरत के साड़ी सप्लायर', 'saree', { category: 'WomensClothing', location: 'Surat' }],
  ['100 पीस टी शर्ट', 'tshirt', { category: 'UnisexClothing', qty: 100 }],
  ['दो लाख तक की कार', 'car', { max: 200000 }],
  ['लगभग 10 हज़ार का फोन', 'phone', { category: 'Smartphones', min: 8000, max: 12000 }],
  ['नया फ्रिज 20000 से 30000 के बीच', 'fridge', { category: 'HomeElectronics', type: 'new', min: 20000, max: 30000 }],
  ['मुझे थोक में बर्तन चाहिए', 'utensils', { category: 'Kitchen', bulk: true }],
  ['नोटबुक', 'notebook', { category: 'Computers' }],
  ['पुरानी नोटबुक 20 हज़ार तक', 'notebook', { category: 'Computers', type: 'used', max: 20000 }],
  ['बल्क में कुर्सी', 'chair', { category: 'Furniture', bulk: true }],
  ['नवी मुंबई में प्रिंटर', 'printer', { location: 'Navi Mumbai' }],
  ['प्रिंटर 5000/-', 'printer', { min: 4000, max: 6000 }],
  ['दिल्ली से जनरेटर', 'generator', { category: 'IndustrialEquipment', location: 'Delhi' }],
  ['पांच हज़ार के अंदर हेडफोन', 'headphones', { category: 'Audio', max: 5000 }],
  ['सेकंड हैंड मोटरसाइकिल', 'motorcycle', { category: 'Motorcycles', type: 'used' }],
  ['कंप्यूटर 50 हज़ार से ज़्यादा', '', { category: 'Computers', min: 50000 }],
  ['मुंबई में सस्ते जूते', 'shoes', { category: 'Shoes', location: 'Mumbai', direction: 'lower' }],
  ['सैमसंग टीवी', 'samsung tv', { category: 'HomeElectronics' }],
  ['डेल लैपटॉप डेढ़ लाख तक', 'dell laptop', { category: 'Computers', max: 150000 }],
  ['₹५००० से कम घड़ी', 'watch', { max: 5000 }],
  ['लकड़ी की मेज़', 'wooden table', { category: 'Furniture' }],
  ['वॉशिंग मशीन नई', 'washing machine', { category: 'HomeElectronics', type: 'new' }],
  ['अहमदाबाद के कपड़े थोक', '', { category: 'UnisexClothing', location: 'Ahmedabad', bulk: true }],
  ['कैमरा 40000 के आसपास', 'camera', { category: 'Cameras', min: 32000, max: 48000 }],
  ['खिलौने 500 रुपये तक', '', { category: 'Toys', max: 500 }],
  ['सिलाई मशीन सूरत', 'sewing machine', { category: 'IndustrialEquipment', location: 'Surat' }],
  ['किताबें', '', { category: 'Books' }],
  ['एसी 1.5 टन', 'ac 1.5 ton', { category: 'HomeElectronics' }],
  ['प्रोजेक्टर ऑफिस के लिए', 'projector office', { category: 'BusinessEquipment' }],
  ['पुरानी साइकिल तीन हज़ार तक', 'bicycle', { category: 'Bicycles', type: 'used', max: 3000 }],
  ['जयपुर में नई अलमारी', 'cupboard', { category: 'Furniture', type: 'new', location: 'Jaipur' }],
  ['मोबाइल 10000 से 15000 तक', 'mobile', { category: 'Smartphones', min: 10000, max: 15000 }],
  ['कोलकाता से 500 पीस बैग', 'bag', { category: 'Bags', location: 'Kolkata', qty: 500 }],
  ['लैपटॉप बैग', 'laptop bag', { category: 'Bags' }],
  ['महंगा कैमरा', 'camera', { category: 'Cameras', direction: 'higher' }],
  ['नवीनतम मोबाइल', 'mobile', { category: 'Smartphones', sort: 'newest' }],
];

