/**
 * English words and phrases (after Hindi and Hinglish words are translated) that name one category
 * of docs/product.md#categories without doubt. Words that belong to several (printer, keyboard, bike,
 * monitor, chain) are left out: they stay in the searched text and set no category filter.
 */
const WORDS: Record<string, string[]> = {
  Smartphones: ['phone', 'phones', 'mobile', 'mobiles', 'smartphone', 'smartphones', 'iphone', 'android phone', 'tablet', 'tablets', 'ipad', 'mobile phone', 'cell phone', 'cellphone', 'feature phone'],
  Computers: ['laptop', 'laptops', 'notebook', 'notebooks', 'computer', 'computers', 'desktop', 'desktops', 'pc', 'macbook', 'chromebook', 'ultrabook', 'workstation', 'ssd', 'hard disk', 'graphics card', 'motherboard', 'processor', 'ram'],
  Audio: ['headphones', 'headphone', 'earphones', 'earphone', 'earbuds', 'speaker', 'speakers', 'bluetooth speaker', 'soundbar', 'amplifier', 'microphone', 'mic', 'headset', 'airpods', 'home theatre', 'home theater'],
  Cameras: ['camera', 'cameras', 'dslr', 'mirrorless', 'camera lens', 'lens', 'tripod', 'camcorder', 'gopro', 'action camera'],
  Gaming: ['playstation', 'ps4', 'ps5', 'xbox', 'nintendo', 'gaming console', 'console', 'consoles', 'gamepad', 'game controller'],
  Wearables: ['smartwatch', 'smartwatches', 'smart watch', 'fitness band', 'fitness tracker', 'smart band'],
  HomeElectronics: ['tv', 'television', 'led tv', 'smart tv', 'fridge', 'refrigerator', 'ac', 'air conditioner', 'cooler', 'air cooler', 'washing machine', 'microwave', 'water purifier', 'geyser', 'water heater', 'room heater', 'fan', 'ceiling fan', 'table fan', 'iron', 'vacuum cleaner', 'air purifier', 'stabilizer', 'inverter'],
  MensClothing: ['shirt', 'shirts', 'trousers', 'kurta', 'kurtas', 'sherwani', 'blazer', 'mens', 'men clothing', 'lungi', 'dhoti', 'formal shirt'],
  WomensClothing: ['saree', 'sarees', 'kurti', 'kurtis', 'lehenga', 'salwar', 'salwar suit', 'dupatta', 'blouse', 'gown', 'womens', 'ladies', 'women clothing', 'dress material'],
  UnisexClothing: ['tshirt', 't shirt', 't shirts', 'tshirts', 'hoodie', 'hoodies', 'sweatshirt', 'track pants', 'jeans', 'jacket', 'jackets', 'uniform', 'uniforms', 'clothes', 'cloth', 'garments'],
  Shoes: ['shoes', 'shoe', 'sneakers', 'sandals', 'slippers', 'boots', 'footwear', 'heels', 'loafers', 'safety shoes', 'chappals'],
  Accessories: ['belt', 'belts', 'wallet', 'wallets', 'sunglasses', 'glasses', 'cap', 'caps', 'tie', 'scarf', 'umbrella'],
  Jewelry: ['jewellery', 'jewelry', 'necklace', 'ring', 'rings', 'earrings', 'bangles', 'bracelet', 'pendant', 'wristwatch', 'wristwatches', 'wrist watch', 'analog watch', 'titan watch', 'mangalsutra', 'gold chain', 'silver chain', 'neck chain'],
  Bags: ['bag', 'bags', 'backpack', 'suitcase', 'luggage', 'handbag', 'purse', 'trolley bag', 'briefcase', 'laptop bag', 'school bag'],
  Beauty: ['lipstick', 'makeup', 'cosmetics', 'perfume', 'nail polish', 'kajal', 'face cream', 'beauty'],
  Furniture: ['chair', 'chairs', 'table', 'tables', 'sofa', 'sofas', 'bed', 'beds', 'cupboard', 'wardrobe', 'desk', 'office chair', 'shelf', 'bookshelf', 'rack', 'racks', 'mattress', 'dining table', 'stool', 'furniture', 'office table', 'sofa set'],
  HomeDecor: ['curtains', 'carpet', 'rug', 'lamp', 'table lamp', 'desk lamp', 'study lamp', 'floor lamp', 'wall clock', 'vase', 'cushion', 'cushions', 'decor', 'photo frame', 'wall mirror', 'statue', 'showpiece'],
  Kitchen: ['utensils', 'cooker', 'pressure cooker', 'mixer', 'grinder', 'mixer grinder', 'stove', 'gas stove', 'tawa', 'kadai', 'dinner set', 'crockery', 'cutlery', 'blender', 'juicer', 'induction', 'oven', 'chimney', 'tiffin', 'kitchen'],
  Garden: ['plants', 'plant', 'seeds', 'pot', 'pots', 'planter', 'lawn mower', 'garden hose', 'fertilizer', 'gardening'],
  HomeTools: ['drill', 'drill machine', 'hammer', 'screwdriver', 'tool kit', 'toolkit', 'spanner', 'wrench', 'pliers', 'tools', 'ladder', 'scissors'],
  HomeImprovement: ['paint', 'tiles', 'tap', 'faucet', 'pipe', 'pipes', 'wire', 'wires', 'cement', 'sanitary', 'wash basin', 'plywood', 'bathroom fittings'],
  FitnessEquipment: ['dumbbell', 'dumbbells', 'treadmill', 'exercise cycle', 'gym equipment', 'yoga mat', 'weights', 'kettlebell', 'home gym', 'weight bench'],
  OutdoorGear: ['tent', 'tents', 'sleeping bag', 'camping', 'trekking', 'hiking'],
  SportsEquipment: ['cricket bat', 'bat', 'football', 'cricket', 'badminton', 'racket', 'racquet', 'table tennis', 'hockey', 'volleyball', 'carrom', 'sports'],
  Bicycles: ['bicycle', 'bicycles', 'cycles', 'mtb', 'gear cycle', 'bicycle chain', 'cycle chain'],
  WaterSports: ['life jacket', 'kayak', 'surfboard', 'swimming'],
  WinterSports: ['ski', 'skis', 'snowboard'],
  CarParts: ['tyre', 'tyres', 'tire', 'tires', 'car battery', 'brake pad', 'spark plug', 'headlight', 'bumper'],
  Motorcycles: ['motorcycle', 'motorcycles', 'motorbike', 'scooter', 'scooters', 'scooty', 'activa', 'splendor', 'pulsar', 'bike chain', 'chain sprocket'],
  AutoTools: ['car jack', 'tyre inflator', 'torque wrench', 'obd scanner'],
  CarAccessories: ['car cover', 'seat cover', 'car charger', 'dashcam', 'dash cam', 'car mat', 'car perfume'],
  Books: ['book', 'books', 'novel', 'novels', 'textbook', 'textbooks', 'magazine', 'comics'],
  Music: ['guitar', 'piano', 'tabla', 'harmonium', 'violin', 'flute', 'drums', 'sitar', 'ukulele', 'musical instrument'],
  Movies: ['dvd', 'dvds', 'bluray', 'blu ray', 'movies', 'films'],
  VideoGames: ['video game', 'video games', 'games cd'],
  HealthEquipment: ['bp monitor', 'blood pressure monitor', 'glucometer', 'oximeter', 'pulse oximeter', 'thermometer', 'nebulizer', 'massager'],
  PersonalCare: ['trimmer', 'shaver', 'hair dryer', 'straightener', 'toothbrush', 'razor', 'shampoo', 'soap'],
  Supplements: ['protein', 'whey', 'whey protein', 'vitamins', 'supplements', 'multivitamin', 'creatine'],
  MedicalDevices: ['wheelchair', 'stethoscope', 'oxygen concentrator', 'hospital bed', 'crutches', 'medicine', 'medical'],
  BabyClothing: ['baby clothes', 'onesie', 'romper', 'baby dress'],
  Toys: ['toys', 'toy', 'doll', 'dolls', 'lego', 'board game', 'puzzle', 'rc car', 'remote control car', 'teddy'],
  BabyGear: ['stroller', 'pram', 'baby carrier', 'crib', 'cradle', 'baby high chair', 'baby car seat'],
  KidsElectronics: ['kids tablet', 'kids smartwatch', 'learning tablet'],
  Collectibles: ['coins', 'stamps', 'action figure', 'memorabilia'],
  Antiques: ['antique', 'antiques', 'vintage'],
  Art: ['painting', 'paintings', 'canvas', 'sculpture', 'wall art', 'artwork'],
  Crafts: ['craft', 'crafts', 'yarn', 'knitting', 'embroidery', 'beads', 'handicraft', 'handicrafts'],
  OfficeSupplies: ['stationery', 'pens', 'pen', 'paper', 'a4 paper', 'stapler', 'files', 'file', 'folder', 'notepad', 'register', 'diary', 'markers', 'whiteboard', 'office supplies'],
  IndustrialEquipment: ['generator', 'generators', 'dg set', 'compressor', 'air compressor', 'welding machine', 'welding', 'lathe', 'lathe machine', 'cnc', 'cnc machine', 'motor', 'pump', 'water pump', 'submersible pump', 'drilling machine', 'industrial', 'conveyor', 'forklift', 'boiler', 'hydraulic press', 'crane', 'tractor', 'solar panel'],
  BusinessEquipment: ['pos machine', 'billing machine', 'cash register', 'barcode scanner', 'barcode printer', 'currency counting machine', 'note counting machine', 'photocopier', 'xerox machine', 'projector', 'cctv', 'cctv camera', 'biometric', 'attendance machine', 'weighing machine', 'weighing scale', 'vending machine', 'shredder', 'display counter'],
};

/** English phrase -> category id. */
export const CATEGORY_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries(WORDS).flatMap(([category, words]) => words.map((w): [string, string] => [w, category])),
);

/** Every category id that has words. */
export const CATEGORIES_WITH_WORDS = Object.keys(WORDS);

/** Categories where a buyer usually has a brand in mind. */
export const BRANDED_CATEGORIES = new Set([
  'Smartphones', 'Computers', 'Audio', 'Cameras', 'Gaming', 'Wearables', 'HomeElectronics', 'Shoes', 'Motorcycles',
  'Kitchen', 'HomeTools', 'IndustrialEquipment', 'BusinessEquipment', 'PersonalCare', 'Bicycles', 'Jewelry',
]);

/** Categories bought for a line of business, where 'what industry is this for?' narrows well. */
export const TRADE_CATEGORIES = new Set(['IndustrialEquipment', 'BusinessEquipment', 'OfficeSupplies', 'Furniture', 'Kitchen', 'HomeTools']);

/**
 * Words that name a whole category rather than goods in it ('furniture', 'jewellery', 'footwear').
 * Said alone they set the category and are not searched as words: every listing of the category is
 * such goods whether it says so or not. Every other category word is more specific than its category
 * ('laptop' in 'Computers & Laptops'): it sets the category and stays a required word.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'furniture', 'jewellery', 'jewelry', 'clothes', 'cloth', 'garments', 'footwear', 'kitchen', 'tools', 'medical', 'cosmetics',
  'makeup', 'beauty', 'toys', 'toy', 'stationery', 'office supplies', 'gym equipment', 'sports', 'gardening', 'camping',
  'handicraft', 'handicrafts', 'craft', 'crafts', 'antique', 'antiques', 'vintage', 'supplements', 'industrial', 'decor',
  'musical instrument', 'computer', 'computers', 'mens', 'womens', 'ladies', 'men clothing', 'women clothing', 'luggage',
  'sanitary', 'crockery', 'cutlery', 'artwork', 'memorabilia', 'fitness equipment', 'home decor', 'car accessories',
  'car parts', 'baby clothes', 'baby products', 'kids clothes', 'medical equipment', 'health equipment', 'personal care',
  'business equipment', 'industrial equipment', 'books',
]);

/**
 * Goods words that belong to several categories, so they set none and stay required words:
 * 'watch' (a wristwatch or a wall clock), 'chain' (jewellery or a bicycle part), 'printer' (office
 * machines or computers), 'bike' (a motorcycle or a bicycle). A longer phrase settles it ('gold
 * chain', 'bicycle chain', 'wall clock', 'smart watch').
 */
export const AMBIGUOUS_GOODS: ReadonlySet<string> = new Set([
  // What the goods are for ('things for my restaurant', 'office'): goods of that place, a new search,
  // looked for in what the product is rather than in what its description mentions.
  'office', 'restaurant', 'restaurants', 'hotel', 'hotels', 'hospital', 'clinic', 'school', 'factory', 'salon', 'gym', 'cafe',
  'canteen', 'dhaba', 'godown', 'warehouse',
  'watch', 'watches', 'clock', 'clocks', 'chain', 'chains', 'printer', 'printers', 'keyboard', 'keyboards', 'monitor', 'monitors',
  'bike', 'bikes', 'machine', 'machines', 'scanner', 'battery', 'batteries', 'charger', 'chargers', 'cable', 'cables', 'mouse',
  'router', 'light', 'lights', 'bulb', 'bulbs', 'stand', 'cover', 'covers', 'case', 'mat', 'mats', 'bottle', 'bottles', 'parts', 'spare parts', 'spares', 'dress', 'dresses', 'suit', 'suits', 'mask', 'masks', 'gloves',
  'helmet', 'helmets', 'net', 'ball', 'balls', 'bench', 'cart', 'trolley', 'sheet', 'sheets', 'panel', 'panels', 'tank',
  'tanks', 'bed', 'scale', 'meter', 'heater', 'cooler', 'stool', 'tray', 'basket', 'container', 'containers', 'jar', 'jars',
]);
