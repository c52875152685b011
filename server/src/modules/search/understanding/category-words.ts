import { CATEGORIES } from '../../products/products.public.js';
import { normalizeQuery } from './normalize.js';

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
  HealthEquipment: ['massager'],
  PersonalCare: ['trimmer', 'shaver', 'hair dryer', 'straightener', 'toothbrush', 'razor', 'shampoo', 'soap'],
  Supplements: ['protein', 'whey', 'whey protein', 'vitamins', 'supplements', 'multivitamin', 'creatine'],
  MedicalDevices: ['bp monitor', 'blood pressure monitor', 'glucometer', 'oximeter', 'pulse oximeter', 'thermometer', 'nebulizer', 'wheelchair', 'stethoscope', 'oxygen concentrator', 'hospital bed', 'crutches', 'medicine', 'medical'],
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

/**
 * More of the everyday goods words Indian business buyers use, per category (English and the Indian
 * trade names sellers list under; Hinglish and Hindi words reach these through lexicon.ts).
 */
const MORE_WORDS: Record<string, string[]> = {
  Smartphones: ['android', 'keypad phone', 'smart phone', 'galaxy', 'redmi note', 'foldable phone', '5g phone', '4g phone', 'refurbished phone', 'second hand phone', 'tab', 'android tablet', 'phone tablet', 'handset', 'handsets', 'mobile handset', 'dual sim phone', 'senior citizen phone', 'basic phone', 'jio phone'],
  Computers: ['laptop computer', 'desktop computer', 'all in one pc', 'all in one computer', 'mini pc', 'gaming pc', 'cpu cabinet', 'smps', 'computer monitor', 'led monitor', 'computer keyboard', 'computer mouse', 'wireless mouse', 'webcam', 'pen drive', 'pendrive', 'usb drive', 'external hard disk', 'hard drive', 'hdd', 'graphics card', 'gpu', 'network switch', 'wifi router', 'modem', 'ups', 'computer ups', 'inkjet printer', 'laser printer', 'ink tank printer', 'dot matrix printer', 'multifunction printer', 'server', 'rack server', 'thin client', 'macbook air', 'macbook pro', 'thinkpad', 'vivobook', 'ideapad', 'inspiron', 'latitude', 'elitebook', 'pavilion', 'laptops computer'],
  Audio: ['neckband', 'tws', 'true wireless', 'wired earphones', 'party speaker', 'dj speaker', 'tower speaker', 'pa system', 'public address system', 'dj system', 'mixer console', 'audio mixer', 'woofer', 'subwoofer', 'music system', 'radio', 'fm radio', 'walkie talkie', 'collar mic', 'lapel mic', 'wireless mic', 'karaoke', 'hearing amplifier', 'car speaker', 'car stereo', 'audio interface', 'studio monitor'],
  Cameras: ['digital camera', 'camera body', 'prime lens', 'zoom lens', 'camera flash', 'speedlite', 'gimbal', 'ring light', 'softbox', 'studio light', 'photo studio', 'camera tripod', 'monopod', 'memory card', 'sd card', 'instant camera', 'polaroid', 'film camera', 'drone', 'drones', 'video camera', 'photography', 'binoculars', 'telescope'],
  Gaming: ['ps4 controller', 'ps5 controller', 'joystick', 'gaming chair', 'gaming mouse', 'gaming keyboard', 'gaming headset', 'vr headset', 'handheld console', 'nintendo switch', 'xbox series', 'arcade machine', 'gaming console set'],
  Wearables: ['fitness watch', 'apple watch', 'galaxy watch', 'fitbit', 'mi band', 'activity tracker', 'smart ring', 'smart glasses', 'gps watch', 'calling smartwatch'],
  HomeElectronics: ['led television', 'android tv', 'oled tv', 'qled tv', 'split ac', 'window ac', 'inverter ac', 'portable ac', 'desert cooler', 'tower fan', 'pedestal fan', 'wall fan', 'exhaust fan', 'bldc fan', 'double door fridge', 'single door fridge', 'deep freezer', 'freezer', 'visi cooler', 'water dispenser', 'water cooler', 'ro purifier', 'ro water purifier', 'instant geyser', 'immersion rod', 'steam iron', 'dry iron', 'electric iron', 'voltage stabilizer', 'inverter battery', 'home inverter', 'set top box', 'dth', 'emergency light', 'led bulb', 'tubelight', 'tube light', 'led panel light', 'mosquito bat', 'dehumidifier', 'humidifier', 'robot vacuum', 'front load washing machine', 'top load washing machine', 'semi automatic washing machine', 'dryer', 'dishwasher'],
  MensClothing: ['mens shirt', 'formal shirts', 'casual shirt', 'polo shirt', 'formal trousers', 'chinos', 'cargo pants', 'kurta pyjama', 'pathani suit', 'nehru jacket', 'waistcoat', 'three piece suit', 'mens suit', 'vest', 'banian', 'briefs', 'boxers', 'mens innerwear', 'safari suit', 'mens kurta', 'dhoti kurta'],
  WomensClothing: ['sari', 'silk saree', 'cotton saree', 'banarasi saree', 'georgette saree', 'chiffon saree', 'kanjivaram', 'kanjeevaram', 'patola', 'suit salwar', 'churidar', 'anarkali', 'anarkali suit', 'palazzo', 'leggings', 'jeggings', 'nighty', 'nightie', 'nightwear', 'maxi dress', 'ladies top', 'tops', 'crop top', 'tunic', 'saree blouse', 'petticoat', 'shapewear', 'bra', 'panties', 'lingerie', 'ladies kurta', 'ladies suit', 'women kurti', 'chikankari', 'lehenga choli', 'ghagra', 'chaniya choli', 'stole', 'shawl', 'ladies jeans', 'ladies dress'],
  UnisexClothing: ['t-shirt', 'polo tshirt', 'round neck tshirt', 'printed tshirt', 'sweater', 'sweaters', 'cardigan', 'windcheater', 'raincoat', 'rain coat', 'thermal wear', 'thermals', 'tracksuit', 'joggers', 'shorts', 'pyjama', 'pajama', 'denim', 'denim jacket', 'school uniform', 'corporate uniform', 'workwear', 'overalls', 'apron', 'lab coat', 'sportswear', 'gym wear', 'socks', 'caps and hats', 'clothing', 'apparel', 'readymade garments', 'hosiery'],
  Shoes: ['running shoes', 'sports shoes', 'formal shoes', 'leather shoes', 'casual shoes', 'school shoes', 'canvas shoes', 'gumboots', 'gum boots', 'rain boots', 'flip flops', 'hawai chappal', 'kolhapuri', 'kolhapuri chappal', 'mojari', 'jutti', 'juttis', 'jootis', 'crocs', 'clogs', 'wedges', 'ballerinas', 'bellies', 'stilettos', 'moccasins', 'oxfords', 'derby shoes', 'trekking shoes', 'hiking shoes', 'steel toe shoes', 'industrial shoes', 'ladies sandals', 'kids shoes', 'baby shoes', 'shoe'],
  Accessories: ['handkerchief', 'hanky', 'muffler', 'woollen cap', 'beanie', 'hat', 'hats', 'cufflinks', 'tie pin', 'bow tie', 'hair clips', 'hair band', 'hair accessories', 'scrunchies', 'lanyard', 'id card holder', 'keychain', 'key chain', 'goggles', 'spectacle frame', 'spectacles', 'reading glasses', 'card holder', 'money clip', 'suspenders', 'face mask cloth', 'fashion accessories'],
  Jewelry: ['silver jewellery', 'artificial jewellery', 'imitation jewellery', 'fashion jewellery', 'necklace set', 'choker', 'jhumka', 'jhumkas', 'jhumki', 'studs', 'nose pin', 'nose ring', 'nath', 'anklet', 'anklets', 'payal', 'toe ring', 'bichiya', 'maang tikka', 'tikka', 'kundan', 'polki', 'temple jewellery', 'oxidised jewellery', 'bracelets', 'kada', 'kara', 'chudi', 'chudiyan', 'bangle', 'chain pendant', 'locket', 'gold ring', 'silver ring', 'diamond ring', 'engagement ring', 'wedding ring', 'mens watch', 'ladies watch', 'analog watches', 'titan watches', 'fastrack watch', 'casio watch', 'gold plated jewellery', 'american diamond', 'pearl necklace', 'brooch'],
  Bags: ['backpacks', 'school bags', 'college bag', 'office bag', 'laptop backpack', 'trolley bags', 'suitcases', 'duffel bag', 'duffle bag', 'travel bag', 'gym bag', 'sling bag', 'tote bag', 'clutch', 'ladies purse', 'hand bag', 'messenger bag', 'jute bag', 'jute bags', 'cotton bag', 'carry bag', 'carry bags', 'shopping bag', 'non woven bag', 'paper bag', 'paper bags', 'potli', 'waist bag', 'pouches', 'cabin luggage', 'luggage bag', 'rucksack'],
  Beauty: ['lip balm', 'lip gloss', 'foundation', 'compact powder', 'face powder', 'eyeliner', 'mascara', 'eyeshadow', 'kohl', 'sindoor', 'bindi', 'mehndi', 'henna', 'nail paint', 'nail art', 'face wash', 'moisturiser', 'moisturizer', 'sunscreen', 'serum', 'face serum', 'face pack', 'fairness cream', 'night cream', 'deodorant', 'deo', 'body spray', 'attar', 'itra', 'makeup kit', 'makeup brushes', 'beauty products', 'salon chair', 'parlour chair', 'salon equipment', 'hair colour', 'hair color', 'hair dye', 'hair serum', 'hair spa', 'facial kit', 'wax', 'waxing', 'false eyelashes', 'concealer', 'primer', 'blush', 'highlighter makeup'],
  Furniture: ['office chairs', 'executive chair', 'revolving chair', 'visitor chair', 'plastic chair', 'plastic chairs', 'folding chair', 'dining chair', 'mesh chair', 'boss chair', 'sofa cum bed', 'recliner', 'diwan', 'divan', 'double bed', 'single bed', 'king size bed', 'queen size bed', 'bunk bed', 'steel almirah', 'almirah', 'wardrobes', 'dressing table', 'study table', 'computer desk', 'centre table', 'center table', 'coffee table', 'side table', 'tv unit', 'tv cabinet', 'shoe rack', 'book shelf', 'bookcase', 'filing cabinet', 'steel cabinet', 'locker', 'conference table', 'meeting table', 'workstation table', 'office workstation', 'modular workstation', 'reception table', 'reception counter', 'school desk', 'bench', 'benches', 'school bench', 'bean bag', 'ottoman', 'pouf', 'computer table', 'cot', 'charpai', 'khaat', 'jhula', 'swing', 'mattresses', 'foam mattress', 'spring mattress', 'furnitures', 'office furniture', 'restaurant furniture', 'cafe chairs', 'hotel furniture', 'school furniture'],
  HomeDecor: ['curtain', 'blinds', 'window blinds', 'carpets', 'rugs', 'doormat', 'door mat', 'doormats', 'wall hanging', 'wall hangings', 'wall decor', 'wall clock', 'wall clocks', 'table clock', 'alarm clock', 'photo frames', 'mirror', 'flower vase', 'vases', 'artificial flowers', 'artificial plant', 'artificial plants', 'showpieces', 'idol', 'idols', 'murti', 'diya', 'diyas', 'candle', 'candles', 'candle holder', 'lantern', 'fairy lights', 'string lights', 'decorative lights', 'chandelier', 'jhoomar', 'wall sticker', 'wallpaper', 'cushion cover', 'cushion covers', 'bedsheet', 'bed sheet', 'bedsheets', 'bed sheets', 'pillow', 'pillows', 'pillow cover', 'bedcover', 'bed cover', 'quilt', 'razai', 'blanket', 'blankets', 'comforter', 'dohar', 'table cover', 'table runner', 'rangoli', 'toran', 'bandhanwar', 'pooja items', 'puja thali', 'macrame', 'dreamcatcher', 'fountain', 'indoor fountain', 'aroma diffuser', 'incense holder', 'lamp shade', 'lamps', 'home decoration', 'decoration items'],
  Kitchen: ['kadhai', 'kadai', 'karahi', 'wok', 'frying pan', 'fry pan', 'non stick', 'nonstick cookware', 'cookware', 'cookware set', 'pressure pan', 'tawa', 'dosa tawa', 'roti tawa', 'patila', 'tope', 'handi', 'degchi', 'pateela', 'saucepan', 'sauce pan', 'casserole', 'hot pot', 'lunch box', 'lunchbox', 'tiffin box', 'water bottle', 'steel bottle', 'copper bottle', 'flask', 'thermos', 'thali', 'thali set', 'plates', 'plate', 'bowls', 'bowl', 'katori', 'tumbler', 'mugs', 'mug', 'cups', 'tea cups', 'cup saucer', 'spoons', 'spoon', 'forks', 'knife', 'knives', 'chopping board', 'peeler', 'grater', 'kitchen tools', 'spatula', 'ladle', 'karchi', 'masala box', 'spice box', 'masala dabba', 'storage containers', 'kitchen containers', 'jars', 'casseroles', 'dinner sets', 'dinnerware', 'tea set', 'kettle', 'electric kettle', 'toaster', 'sandwich maker', 'sandwich toaster', 'air fryer', 'otg', 'microwave oven', 'induction cooktop', 'induction stove', 'gas burner', 'burner', 'hob', 'kitchen chimney', 'hand blender', 'food processor', 'wet grinder', 'atta chakki', 'flour mill', 'chapati machine', 'roti maker', 'rice cooker', 'electric cooker', 'coffee maker', 'coffee machine', 'tea maker', 'water filter', 'kitchen sink', 'sink', 'cooker gasket', 'commercial kitchen', 'bhatti', 'tandoor', 'commercial mixer', 'idli maker', 'idli stand', 'appam patra', 'belan', 'chakla', 'rolling pin', 'sil batta', 'mortar pestle', 'kitchenware', 'kitchen items', 'steel utensils', 'aluminium utensils', 'copper utensils', 'brass utensils', 'dining set'],
  Garden: ['plant pot', 'plant pots', 'flower pot', 'flower pots', 'planters', 'hanging planter', 'grow bag', 'grow bags', 'vegetable seeds', 'flower seeds', 'saplings', 'sapling', 'indoor plants', 'outdoor plants', 'bonsai', 'succulent', 'succulents', 'money plant', 'tulsi plant', 'potting soil', 'potting mix', 'compost', 'vermicompost', 'cocopeat', 'manure', 'organic fertilizer', 'urea', 'pesticide', 'garden tools', 'pruner', 'pruning shears', 'secateurs', 'watering can', 'sprinkler', 'drip irrigation', 'garden pipe', 'hose pipe', 'garden hose pipe', 'lawn', 'grass mat', 'artificial grass', 'garden chair', 'garden furniture', 'garden umbrella', 'hammock', 'bird feeder', 'garden light', 'solar light', 'fertiliser'],
  HomeTools: ['power tools', 'hand tools', 'tool box', 'toolbox', 'tool set', 'angle grinder', 'cutter machine', 'marble cutter', 'wood cutter', 'jigsaw', 'circular saw', 'chainsaw', 'hacksaw', 'saw', 'impact driver', 'cordless drill', 'hammer drill', 'rotary hammer', 'heat gun', 'glue gun', 'soldering iron', 'multimeter', 'tester', 'measuring tape', 'measuring tapes', 'spirit level', 'allen key', 'spanner set', 'socket set', 'nut bolt', 'nuts and bolts', 'screws', 'nails', 'fasteners', 'hinges', 'door handle', 'padlock', 'locks', 'door lock', 'clamp', 'vice', 'bench vice', 'chisel', 'file tool', 'sandpaper', 'blower', 'air blower', 'pressure washer', 'car washer', 'step ladder', 'aluminium ladder', 'wheelbarrow', 'shovel', 'hardware', 'tools and hardware', 'crowbar', 'hand saw', 'pipe wrench'],
  HomeImprovement: ['paints', 'wall paint', 'emulsion', 'primer paint', 'putty', 'wall putty', 'distemper', 'waterproofing', 'floor tiles', 'wall tiles', 'vitrified tiles', 'marble', 'granite', 'taps', 'water tap', 'kitchen tap', 'shower', 'geyser pipe', 'pvc pipe', 'cpvc pipe', 'gi pipe', 'pipe fittings', 'plumbing', 'sanitaryware', 'toilet seat', 'commode', 'western toilet', 'wash basins', 'bathroom accessories', 'electrical wire', 'electric wire', 'copper wire', 'switches', 'switch board', 'switchboard', 'mcb', 'distribution board', 'door', 'doors', 'wooden door', 'window', 'windows', 'upvc window', 'glass partition', 'false ceiling', 'gypsum board', 'ply', 'plywood sheet', 'laminate', 'laminates', 'mdf board', 'particle board', 'wooden flooring', 'vinyl flooring', 'water tank', 'overhead tank', 'sintex', 'bricks', 'sand', 'tmt bars', 'steel rods', 'sariya', 'tin sheet', 'roofing sheet', 'construction material', 'building material', 'modular kitchen', 'kitchen cabinets', 'wall panel', 'wpc'],
  FitnessEquipment: ['dumbells', 'gym', 'home gym set', 'barbell', 'weight plates', 'olympic bar', 'gym bench', 'adjustable bench', 'multi gym', 'smith machine', 'cable crossover', 'leg press', 'spin bike', 'spinning bike', 'exercise bike', 'elliptical', 'cross trainer', 'rowing machine', 'stepper', 'ab roller', 'push up bar', 'pull up bar', 'chin up bar', 'resistance band', 'resistance bands', 'skipping rope', 'jump rope', 'gym gloves', 'gym ball', 'exercise ball', 'foam roller', 'hand gripper', 'gym mat', 'yoga mats', 'yoga block', 'punching bag', 'boxing gloves', 'weight lifting belt', 'fitness equipment set', 'commercial gym equipment', 'motorised treadmill', 'walking pad'],
  OutdoorGear: ['camping tent', 'tarpaulin', 'tirpal', 'sleeping bags', 'camping chair', 'camping stove', 'headlamp', 'head torch', 'torch', 'flashlight', 'trekking pole', 'trekking poles', 'hiking backpack', 'rucksack bag', 'water bag', 'hydration pack', 'carabiner', 'climbing rope', 'harness', 'compass', 'poncho', 'mosquito net', 'cooler box', 'ice box', 'outdoor gear', 'hunting knife', 'swiss knife', 'survival kit'],
  SportsEquipment: ['cricket ball', 'cricket kit', 'cricket bats', 'kashmir willow', 'english willow', 'batting pads', 'batting gloves', 'cricket helmet', 'stumps', 'football shoes', 'footballs', 'basketball', 'volleyball net', 'badminton racket', 'badminton rackets', 'shuttlecock', 'shuttle', 'shuttlecocks', 'tennis racket', 'tennis ball', 'tennis balls', 'table tennis bat', 'tt bat', 'tt table', 'table tennis table', 'carrom board', 'chess', 'chess board', 'hockey stick', 'kabaddi mat', 'boxing', 'skates', 'skating shoes', 'roller skates', 'skateboard', 'frisbee', 'sports kit', 'sports goods', 'trophy', 'trophies', 'medals', 'whistle', 'stopwatch', 'goal post', 'basketball hoop', 'throwball', 'archery', 'dartboard', 'pool table', 'snooker table', 'billiards', 'golf', 'golf clubs', 'rugby ball', 'baseball bat'],
  Bicycles: ['kids cycle', 'kids bicycle', 'ladies cycle', 'ladies bicycle', 'mountain bike', 'mountain bicycle', 'road bike', 'hybrid cycle', 'electric cycle', 'electric bicycle', 'e bike', 'ebike', 'e cycle', 'fat bike', 'roadster', 'roadster cycle', 'tricycle', 'cycle rickshaw', 'rickshaw', 'bmx', 'gear cycles', 'cycle tyre', 'bicycle tyre', 'cycle tube', 'cycle seat', 'bicycle seat', 'cycle bell', 'cycle pump', 'cycle lock', 'cycle stand', 'cycle carrier', 'bicycle parts', 'cycle parts', 'cycle spare parts', 'bicycle accessories', 'training wheels', 'bicycle helmet', 'cycle helmet', 'cycle'],
  WaterSports: ['life jackets', 'life vest', 'swimming costume', 'swimsuit', 'swimwear', 'swimming goggles', 'swim goggles', 'swimming cap', 'swimming tube', 'swimming ring', 'float', 'kickboard', 'snorkel', 'snorkeling', 'diving mask', 'wetsuit', 'paddle', 'paddle board', 'sup board', 'canoe', 'raft', 'inflatable boat', 'jet ski', 'water skis', 'lifebuoy', 'life buoy', 'swimming pool', 'inflatable pool', 'pool'],
  WinterSports: ['ski boots', 'ski jacket', 'skiing', 'snowboarding', 'ice skates', 'ice skating', 'sledge', 'sled', 'snow boots', 'snow goggles', 'ski poles', 'ice axe', 'crampons', 'snow shoes', 'winter sports'],
  CarParts: ['car tyre', 'car tyres', 'alloy wheels', 'alloy wheel', 'rim', 'car rim', 'brake pads', 'brake disc', 'brake shoe', 'clutch plate', 'clutch kit', 'car clutch', 'radiator', 'car radiator', 'car ac compressor', 'alternator', 'starter motor', 'spark plugs', 'air filter', 'oil filter', 'fuel filter', 'engine oil', 'car engine', 'gearbox', 'gear box', 'suspension', 'shock absorber', 'shocker', 'car shocker', 'wiper', 'wiper blade', 'wiper blades', 'side mirror', 'rear view mirror', 'tail light', 'tail lamp', 'fog lamp', 'fog light', 'car horn', 'horn', 'silencer', 'exhaust', 'timing belt', 'fan belt', 'car parts', 'car spare parts', 'auto parts', 'car door', 'windshield', 'windscreen', 'car glass', 'car bumper', 'bonnet', 'mudguard', 'axle', 'bearing', 'bearings', 'car battery charger', 'tyre tube', 'truck tyre', 'tractor tyre', 'bus parts', 'truck parts', 'tractor parts', 'vehicle parts', 'automobile parts', 'piston', 'gasket kit', 'coolant', 'brake oil', 'lubricant', 'grease'],
  Motorcycles: ['two wheeler', 'two wheelers', 'twowheeler', 'dopahiya', 'electric scooter', 'e scooter', 'electric bike', 'moped', 'mopeds', 'royal enfield', 'bullet', 'enfield bullet', 'classic 350', 'hunter 350', 'ktm', 'apache', 'platina', 'xl100', 'jupiter', 'dio', 'fascino', 'ntorq', 'ather', 'ola scooter', 'chetak', 'bike helmet', 'motorcycle helmet', 'bike parts', 'bike spare parts', 'motorcycle parts', 'scooter parts', 'bike tyre', 'bike tyres', 'scooter tyre', 'bike battery', 'bike cover', 'bike seat cover', 'saree guard', 'crash guard', 'bike accessories', 'bike silencer', 'bike chain sprocket', 'chain sprocket kit', 'motorbikes', 'superbike', 'sports bike', 'cruiser bike'],
  AutoTools: ['jack', 'hydraulic jack', 'bottle jack', 'trolley jack', 'scissor jack', 'car lift', 'vehicle lift', 'two post lift', 'wheel alignment', 'wheel alignment machine', 'wheel balancer', 'wheel balancing machine', 'tyre changer', 'tyre changer machine', 'tyre inflators', 'diagnostic scanner', 'obd', 'obd2', 'car scanner', 'battery charger', 'battery tester', 'jump starter', 'jumper cables', 'tow rope', 'towing rope', 'garage equipment', 'garage tools', 'car washing machine', 'high pressure washer', 'foam wash', 'grease gun', 'oil can', 'impact wrench', 'torque wrenches', 'spark plug spanner', 'mechanic tools', 'puncture kit', 'tyre puncture kit', 'automotive tools'],
  CarAccessories: ['car accessories', 'seat covers', 'car seat covers', 'car mats', 'floor mats', 'car floor mat', 'steering cover', 'steering wheel cover', 'car body cover', 'car covers', 'car sunshade', 'sun shade', 'car organizer', 'car vacuum', 'car vacuum cleaner', 'car air freshener', 'air freshener', 'car mobile holder', 'car phone holder', 'car stand', 'car fm', 'car bluetooth', 'car music system', 'android stereo', 'reverse camera', 'reverse parking sensor', 'parking sensor', 'car gps', 'gps tracker', 'car polish', 'car wax', 'car shampoo', 'microfiber cloth', 'car led', 'car lights', 'car neck pillow', 'car cushion', 'car accessory', 'dashboard camera', 'dash camera', 'tyre pressure monitor', 'car inverter', 'car fridge', 'car pillow', 'number plate', 'car stickers', 'car decor'],
  Books: ['novel books', 'story books', 'storybook', 'kids books', 'children books', 'comic', 'comic books', 'school books', 'college books', 'ncert', 'ncert books', 'guide', 'guides', 'question bank', 'competitive exam books', 'upsc books', 'ssc books', 'neet books', 'jee books', 'engineering books', 'medical books', 'law books', 'reference books', 'dictionary', 'encyclopedia', 'atlas book', 'religious books', 'gita', 'bhagavad gita', 'ramayan', 'ramayana', 'quran', 'bible', 'self help books', 'biography', 'cookbook', 'recipe book', 'old books', 'used books', 'second hand books', 'ebook reader', 'kindle', 'notebooks for school'],
  Music: ['guitars', 'acoustic guitar', 'electric guitar', 'bass guitar', 'keyboard piano', 'digital piano', 'casio keyboard', 'synthesizer', 'dholak', 'dhol', 'mridangam', 'tanpura', 'sarangi', 'shehnai', 'bansuri', 'santoor', 'veena', 'cajon', 'drum kit', 'drum set', 'electronic drums', 'djembe', 'saxophone', 'trumpet', 'clarinet', 'harmonica', 'mouth organ', 'xylophone', 'tambourine', 'manjira', 'kartal', 'ghungroo', 'guitar strings', 'guitar amplifier', 'musical instruments', 'instruments', 'music instruments', 'capo', 'metronome', 'music stand'],
  Movies: ['dvd player', 'blu ray', 'movie dvd', 'movie cds', 'film dvd', 'tv series dvd', 'vcd', 'vcds', 'cd', 'cds', 'audio cd', 'vinyl', 'vinyl records', 'lp records', 'gramophone records', 'cassette', 'cassettes', 'film posters', 'movie posters', 'box set'],
  VideoGames: ['pc games', 'pc game', 'ps4 games', 'ps5 games', 'xbox games', 'nintendo games', 'game cd', 'game disc', 'game discs', 'gta', 'fifa', 'fifa game', 'cricket game', 'gaming cd', 'game cartridge', 'games'],
  HealthEquipment: ['massager machine', 'body massager', 'foot massager', 'massage chair', 'neck massager', 'back massager', 'heating pad', 'hot water bag', 'physiotherapy', 'tens machine', 'knee support', 'back support', 'lumbar belt', 'cervical collar', 'posture corrector', 'walker', 'walking stick', 'commode chair', 'body weight scale', 'bathroom scale', 'body fat analyzer', 'steam inhaler', 'vaporizer', 'acupressure', 'ortho pillow', 'health equipment', 'health products'],
  PersonalCare: ['beard trimmer', 'hair trimmer', 'hair clipper', 'clipper', 'electric shaver', 'epilator', 'hair straightener', 'curler', 'hair curler', 'hair dryer machine', 'electric toothbrush', 'razors', 'shaving kit', 'shaving cream', 'aftershave', 'body wash', 'shower gel', 'hand wash', 'handwash', 'liquid soap', 'sanitizer', 'hand sanitizer', 'toothpaste', 'mouthwash', 'hair oil', 'coconut oil', 'conditioner', 'sanitary pads', 'sanitary napkins', 'diapers', 'adult diapers', 'tissue paper', 'tissues', 'wet wipes', 'cotton buds', 'comb', 'hair brush', 'nail cutter', 'talcum powder', 'soaps', 'detergent', 'personal care', 'hygiene products'],
  Supplements: ['protein powder', 'mass gainer', 'weight gainer', 'bcaa', 'pre workout', 'omega 3', 'fish oil', 'vitamin', 'vitamin c', 'vitamin d', 'calcium', 'calcium tablets', 'multivitamin tablets', 'vitamin tablets', 'vitamin c tablets', 'supplement tablets', 'iron tablets', 'multivitamins', 'biotin', 'collagen', 'ashwagandha', 'chyawanprash', 'shilajit', 'herbal supplements', 'ayurvedic supplements', 'health drink', 'protein bar', 'protein bars', 'electrolyte', 'glucose powder', 'nutrition', 'nutraceuticals', 'dietary supplements'],
  MedicalDevices: ['bp machine', 'blood pressure machine', 'bp apparatus', 'sphygmomanometer', 'glucose meter', 'sugar machine', 'sugar test machine', 'glucometer strips', 'test strips', 'oximeters', 'fingertip oximeter', 'digital thermometer', 'infrared thermometer', 'thermometers', 'nebuliser', 'nebulizer machine', 'oxygen cylinder', 'oxygen concentrators', 'cpap', 'bipap', 'ventilator', 'ecg machine', 'ecg', 'patient monitor', 'suction machine', 'surgical instruments', 'surgical mask', 'surgical masks', 'n95 mask', 'face masks', 'ppe kit', 'surgical gloves', 'examination gloves', 'syringe', 'syringes', 'bandage', 'bandages', 'first aid kit', 'first aid box', 'hospital equipment', 'hospital furniture', 'stretcher', 'iv stand', 'saline stand', 'autoclave', 'sterilizer', 'dental chair', 'dental equipment', 'hearing aid', 'hearing aids', 'wheel chair', 'wheelchairs', 'medical equipment', 'medical devices', 'medical supplies', 'crutch', 'orthopaedic', 'stethoscopes', 'pulse oximeters', 'blood pressure monitors'],
  BabyClothing: ['baby clothing', 'baby dresses', 'baby frock', 'frock', 'frocks', 'kids dress', 'kids dresses', 'kids clothing', 'kids wear', 'kidswear', 'children clothes', 'childrens clothes', 'children clothing', 'kids kurta', 'kids ethnic wear', 'baby romper', 'rompers', 'onesies', 'bodysuit', 'baby suit', 'jhabla', 'jhablas', 'baby nappy', 'cloth nappy', 'nappies', 'baby socks', 'baby cap', 'mittens', 'baby blanket', 'swaddle', 'baby wrap', 'infant clothes', 'newborn clothes', 'kids clothes', 'kids tshirt', 'kids jeans', 'girls frock', 'boys shirt'],
  Toys: ['soft toy', 'soft toys', 'teddy bear', 'stuffed toy', 'barbie', 'barbie doll', 'action figures', 'toy car', 'toy cars', 'die cast', 'remote car', 'rc helicopter', 'drone toy', 'building blocks', 'blocks', 'lego set', 'jigsaw puzzle', 'puzzles', 'board games', 'ludo', 'snakes and ladders', 'monopoly', 'business game', 'uno', 'playing cards', 'rubik cube', 'rubiks cube', 'kids toys', 'educational toys', 'learning toys', 'wooden toys', 'musical toys', 'ride on', 'ride on car', 'kids car', 'toy train', 'kitchen set toy', 'doctor set', 'play tent', 'water gun', 'pichkari', 'balloons', 'party balloons', 'slime', 'clay', 'play dough', 'kite', 'kites', 'patang', 'spinning top', 'lattu', 'yo yo', 'whistle toy', 'rattle', 'rattles', 'baby toys', 'bath toys', 'toy gun', 'nerf', 'marbles', 'kanche'],
  BabyGear: ['baby stroller', 'baby pram', 'strollers', 'baby walker', 'baby cot', 'baby crib', 'baby bed', 'baby cradle', 'jhoola', 'baby swing', 'baby bouncer', 'rocker', 'high chair', 'feeding chair', 'car seat', 'baby seat', 'baby carrier bag', 'baby sling', 'diaper bag', 'baby bottle', 'feeding bottle', 'feeding bottles', 'sipper', 'sippy cup', 'nipple', 'pacifier', 'teether', 'breast pump', 'baby monitor', 'baby bath tub', 'bath tub', 'baby bather', 'baby potty', 'potty seat', 'baby mattress', 'baby mosquito net', 'baby gear', 'baby products', 'baby care', 'baby wipes', 'baby diapers', 'baby safety gate', 'playpen', 'play yard'],
  KidsElectronics: ['kids smart watch', 'kids watch', 'kids camera', 'kids laptop', 'learning laptop', 'educational tablet', 'writing tablet', 'lcd writing tablet', 'drawing pad', 'drawing tablet', 'talking pen', 'kids walkie talkie', 'kids karaoke', 'kids speaker', 'robot toy', 'coding robot', 'stem kit', 'electronic kit', 'science kit', 'kids headphones', 'kids electronics'],
  Collectibles: ['coin', 'old coins', 'rare coins', 'coin collection', 'stamp', 'stamp collection', 'postage stamps', 'currency notes', 'old notes', 'banknotes', 'figurine', 'figurines', 'action figures collectible', 'funko', 'model car', 'model cars', 'diecast model', 'scale model', 'autograph', 'autographed', 'signed bat', 'trading cards', 'cricket cards', 'sports memorabilia', 'medal collection', 'matchbox', 'collectible', 'collectibles'],
  Antiques: ['antique furniture', 'antique clock', 'antique lamp', 'antique coins', 'brass antique', 'old brass', 'brass items', 'vintage radio', 'vintage camera', 'gramophone', 'old gramophone', 'antique telephone', 'old telephone', 'antique watch', 'pocket watch', 'antique statue', 'antique jewellery', 'old furniture', 'teak furniture', 'antique box', 'antique mirror', 'antique chest', 'bronze statue', 'old paintings', 'vintage items'],
  Art: ['oil painting', 'oil paintings', 'canvas painting', 'acrylic painting', 'watercolour painting', 'watercolor', 'madhubani', 'madhubani painting', 'warli', 'warli art', 'pattachitra', 'tanjore painting', 'kalamkari', 'gond art', 'pichwai', 'mural', 'murals', 'sketch', 'portrait', 'portraits', 'abstract painting', 'modern art', 'wall painting', 'art print', 'art prints', 'poster', 'posters', 'calligraphy', 'sculptures', 'stone sculpture', 'metal sculpture', 'wooden sculpture', 'art supplies', 'paint brushes', 'easel', 'canvas board', 'acrylic colours', 'oil colours', 'sketch pens', 'art'],
  Crafts: ['craft supplies', 'craft items', 'knitting wool', 'wool', 'woollen yarn', 'crochet', 'embroidery thread', 'embroidery kit', 'sewing kit', 'threads', 'thread', 'buttons', 'lace', 'laces', 'ribbon', 'ribbons', 'sequins', 'glitter', 'craft paper', 'origami', 'quilling', 'glue', 'fevicol', 'clay craft', 'pottery', 'pottery wheel', 'terracotta', 'candle making', 'soap making', 'resin art', 'resin', 'macrame cord', 'jute craft', 'bamboo craft', 'cane craft', 'handmade items', 'hobby', 'hobbies', 'diy kit', 'diy', 'stencils', 'fabric paint', 'block printing', 'tie dye', 'beadwork'],
  OfficeSupplies: ['ball pen', 'ballpoint pen', 'gel pen', 'gel pens', 'pencil', 'pencils', 'eraser', 'sharpener', 'highlighter', 'permanent marker', 'whiteboard marker', 'a4 sheets', 'a4 paper rim', 'copier paper', 'printing paper', 'paper ream', 'ream', 'envelope', 'envelopes', 'file folder', 'box file', 'lever arch file', 'binder', 'clipboard', 'stapler pins', 'staples', 'punching machine', 'paper punch', 'paper clips', 'binder clips', 'rubber bands', 'cello tape', 'cellotape', 'tape', 'sticky notes', 'post it', 'calculator', 'calculators', 'desk organizer', 'pen stand', 'stamp pad', 'rubber stamp', 'visiting card', 'visiting cards', 'letterhead', 'bill book', 'receipt book', 'cash book', 'ledger', 'account book', 'spiral notebook', 'drawing book', 'exam pad', 'school stationery', 'office stationery', 'white board', 'notice board', 'soft board', 'pin board', 'duster', 'chalk', 'footrest', 'id cards', 'laminating machine', 'laminator', 'paper cutter', 'office items', 'exercise book'],
  IndustrialEquipment: ['diesel generator', 'genset', 'silent generator', 'petrol generator', 'air compressors', 'screw compressor', 'reciprocating compressor', 'welding set', 'arc welding machine', 'mig welding machine', 'tig welding', 'spot welding', 'gas cutting', 'plasma cutter', 'lathe machines', 'milling machine', 'vmc', 'cnc router', 'cnc lathe', 'laser cutting machine', 'laser cutter', 'power press', 'press machine', 'hydraulic machine', 'shearing machine', 'bending machine', 'pipe bending machine', 'grinding machine', 'surface grinder', 'drilling machines', 'radial drill', 'bandsaw', 'band saw', 'hacksaw machine', 'motors', 'electric motor', 'induction motor', 'gear motor', 'gearbox industrial', 'pumps', 'monoblock pump', 'centrifugal pump', 'submersible', 'borewell pump', 'openwell pump', 'dewatering pump', 'hydraulic pump', 'gear pump', 'dosing pump', 'valve', 'valves', 'ball valve', 'gate valve', 'industrial fan', 'exhaust blower', 'cooling tower', 'chiller', 'heat exchanger', 'boilers', 'steam boiler', 'furnace', 'kiln', 'dryer machine', 'conveyor belt', 'conveyors', 'material handling', 'pallet truck', 'hand pallet truck', 'stacker', 'forklifts', 'hoist', 'chain hoist', 'electric hoist', 'winch', 'eot crane', 'packing machine', 'packaging machine', 'sealing machine', 'band sealer', 'strapping machine', 'shrink wrap machine', 'filling machine', 'labelling machine', 'injection moulding machine', 'moulding machine', 'extruder', 'extrusion machine', 'mixer machine', 'ribbon blender', 'pulverizer', 'grinder machine', 'crusher', 'stone crusher', 'concrete mixer', 'cement mixer', 'vibrator', 'road roller', 'jcb', 'excavator', 'earth mover', 'tractors', 'tractor trolley', 'rotavator', 'cultivator', 'harvester', 'thresher', 'power tiller', 'chaff cutter', 'flour mill machine', 'oil mill', 'oil expeller', 'rice mill', 'dal mill', 'food processing machine', 'sewing machine', 'industrial sewing machine', 'embroidery machine', 'knitting machine', 'loom', 'power loom', 'printing machine', 'offset printing machine', 'screen printing machine', 'flex printing machine', 'paper cup machine', 'paper plate machine', 'dona machine', 'agarbatti machine', 'incense stick machine', 'candle machine', 'soap machine', 'brick machine', 'paver block machine', 'solar panels', 'solar inverter', 'solar pump', 'transformer', 'transformers', 'panel board', 'control panel', 'plc', 'vfd', 'cable industrial', 'industrial equipment', 'machinery', 'heavy machinery', 'industrial machine', 'industrial machines', 'plant machinery', 'weighbridge', 'industrial scale', 'ro plant', 'water treatment plant', 'stp', 'dust collector', 'air dryer', 'fire pump'],
  BusinessEquipment: ['pos system', 'pos terminal', 'billing software', 'billing printer', 'receipt printer', 'thermal printer', 'label printer', 'barcode', 'barcode reader', 'qr scanner', 'cash drawer', 'cash counting machine', 'money counting machine', 'currency counter', 'fake note detector', 'xerox', 'photocopy machine', 'copier', 'multifunction copier', 'digital duplicator', 'projector screen', 'interactive panel', 'smart board', 'interactive whiteboard', 'cctv cameras', 'security camera', 'ip camera', 'dvr', 'nvr', 'biometric machine', 'biometric attendance', 'fingerprint scanner', 'face attendance', 'access control', 'door access', 'epabx', 'intercom', 'landline phone', 'ip phone', 'fax machine', 'token machine', 'queue management', 'electronic weighing scale', 'weighing balance', 'digital scale', 'platform scale', 'counting scale', 'jewellery scale', 'price computing scale', 'vending machines', 'coffee vending machine', 'tea vending machine', 'water vending machine', 'paper shredder', 'display rack', 'display racks', 'supermarket rack', 'showcase', 'glass counter', 'shop counter', 'billing counter', 'cash counter', 'signage', 'led sign board', 'sign board', 'glow sign board', 'acrylic board', 'standee', 'visiting card printer', 'id card printer', 'mobile shop equipment', 'fire extinguisher', 'fire extinguishers', 'fire alarm', 'smoke detector', 'cash safe', 'locker safe', 'franking machine', 'stamping machine', 'atm', 'swipe machine', 'card machine', 'edc machine', 'shop equipment', 'office equipment', 'business equipment', 'retail equipment', 'hotel equipment', 'restaurant equipment'],
};
for (const [category, words] of Object.entries(MORE_WORDS)) WORDS[category] = [...WORDS[category], ...words];

/**
 * Goods named by what they do, as Hindi and Hinglish buyers say it ('baal katne wali machine' ->
 * 'hair cutting machine', lexicon.ts turns the verb into the gerund), and goods words found missing
 * on held-out queries (by kind, never one query's words).
 */
const DOING_WORDS: Record<string, string[]> = {
  HealthEquipment: ['massage', 'massage machine', 'foot massage machine', 'body massage machine', 'foot massage', 'body massager'],
  PersonalCare: ['hair cutting machine', 'hair trimming machine', 'hair drying machine', 'shaving machine', 'hair cutting', 'shaving', 'beard making machine', 'shaving making machine'],
  Garden: ['grass cutting machine', 'grass cutter', 'lawn cutter', 'irrigation', 'soil'],
  MedicalDevices: ['bp checking machine', 'sugar checking machine', 'oxygen cylinder', 'oxygen', 'bp check machine', 'sugar check machine'],
  AutoTools: ['jack', 'lifting jack', 'vehicle lifting jack', 'puncture kit', 'air filling machine'],
  VideoGames: ['games', 'ps4 game', 'ps5 game', 'xbox game', 'game disc', 'game cd', 'pc game', 'pc games'],
  Crafts: ['knitting needles', 'needle', 'rangoli colours', 'rangoli colors'],
  Supplements: ['vitamin', 'pills', 'vitamin tablets', 'calcium tablets', 'iron tablets', 'protein tablets', 'health supplements'],
  // A monitor alone is a computer's; 'bp monitor', 'baby monitor' say otherwise.
  Computers: ['monitor', 'monitors'],
  HomeDecor: ['decoration', 'decorations'],
  Kitchen: ['roti making machine', 'gas cylinder'],
  BusinessEquipment: ['note checking machine', 'weighing scale machine'],
  WinterSports: ['skiing', 'ski gloves', 'ski jacket', 'snow boots', 'ski goggles'],
};
for (const [category, words] of Object.entries(DOING_WORDS)) WORDS[category] = [...WORDS[category], ...words];
// Goods words found missing on held-out batch C (by kind: toys, vehicle tools, eyewear, ear jewellery).
const MORE_GOODS: Record<string, string[]> = {
  Toys: ['helicopter', 'rc helicopter', 'remote control helicopter', 'toy helicopter', 'remote helicopter'],
  Accessories: ['aviator', 'aviators', 'ray ban', 'rayban', 'wayfarer'],
  Jewelry: ['baali', 'bali', 'ear rings', 'ear ring'],
  HomeTools: ['cutting machine', 'metal cutting machine', 'iron cutting machine', 'wood cutting machine'],
  OutdoorGear: ['camping stove', 'camping lantern'],
};
for (const [category, words] of Object.entries(MORE_GOODS)) WORDS[category] = [...WORDS[category], ...words.filter((w) => !Object.values(WORDS).some((list) => list.includes(w)))];

/**
 * Brands and model lines that sell in one category only ('oneplus nord', 'nikon d7500', 'jbl
 * partybox', 'bravia'): with other words but no goods word, they name the category. Brands of
 * several trades (sony, samsung, casio, boat, crompton, exide) are not here.
 */
export const BRAND_CATEGORIES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    Smartphones: ['oneplus', 'redmi', 'realme', 'oppo', 'vivo', 'motorola', 'nord', 'pixel', 'poco', 'iqoo', 'narzo'],
    Computers: ['dell', 'lenovo', 'acer', 'asus', 'intel', 'amd', 'logitech', 'tplink'],
    Cameras: ['nikon', 'fujifilm', 'gopro', 'dslr'],
    Audio: ['jbl', 'bose', 'sennheiser', 'partybox', 'ahuja'],
    HomeElectronics: ['whirlpool', 'voltas', 'haier', 'kent', 'aquaguard', 'bravia', 'luminous', 'daikin', 'bluestar'],
    Kitchen: ['prestige', 'hawkins', 'pigeon', 'milton'],
    Furniture: ['nilkamal', 'featherlite', 'durian', 'wakefit'],
    Motorcycles: ['enfield', 'pulsar', 'bullet', 'apache', 'jupiter'],
    Shoes: ['bata', 'woodland'],
    Bags: ['skybags', 'tourister'],
    Jewelry: ['tanishq'],
    Bicycles: ['hercules', 'btwin'],
    SportsEquipment: ['yonex', 'cosco', 'nivia'],
    BusinessEquipment: ['zebra', 'essae'],
  }).flatMap(([category, brands]) => brands.map((b): [string, string] => [b, category])),
);


/**
 * Each category's own English name ('Home Decor', 'Computers & Laptops' as 'computers laptops'): said
 * as it is shown (a chip, the assistant's suggestion), it means the whole category.
 */
const NAME_PHRASES = CATEGORIES.filter((c) => c.id !== 'Other').map((c): [string, string] => [normalizeQuery(c.name.replace(/&/g, ' ')), c.id]);
for (const [phrase, category] of NAME_PHRASES) if (!WORDS[category].includes(phrase)) WORDS[category].push(phrase);

/** English phrase -> category id; a phrase also in the plural of its last word ('bike helmets'). */
export const CATEGORY_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries(WORDS).flatMap(([category, words]) =>
    words.flatMap((w): Array<[string, string]> => (w.includes(' ') && !/s$/.test(w) ? [[/(x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`, category], [w, category]] : [[w, category]])),
  ),
);
// A phrase listed in the plural also in the singular ('bathroom fittings' -> 'bathroom fitting'), when no list has that already.
for (const [phrase, category] of [...CATEGORY_WORDS]) {
  const one = phrase.includes(' ') && /[^s]s$/.test(phrase) ? phrase.slice(0, -1) : null;
  if (one && !CATEGORY_WORDS.has(one)) (CATEGORY_WORDS as Map<string, string>).set(one, category);
}

/**
 * Words that say who goods are for ('ladies', 'mens', 'kids'): a category of their own only when
 * nothing else is named ('ladies handbags' are bags, 'mens formal shoes' shoes).
 */
export const FOR_WHOM_WORDS: ReadonlySet<string> = new Set(['ladies', 'mens', 'womens', 'men', 'women', 'gents']);

/**
 * Words that decide the category whatever else is named: an 'antique brass lamp' is an antique, not
 * home decor; a 'toy car' a toy, not a car part.
 */
export const DECIDING_WORDS: ReadonlyMap<string, string> = new Map([
  ['antique', 'Antiques'], ['antiques', 'Antiques'], ['vintage', 'Antiques'], ['toy', 'Toys'], ['toys', 'Toys'],
  // Gear of one sport whatever else is named ('swimming glasses', 'ski gloves').
  ['swimming', 'WaterSports'], ['ski', 'WinterSports'], ['skiing', 'WinterSports'], ['camping', 'OutdoorGear'], ['trekking', 'OutdoorGear'],
  ['hiking', 'OutdoorGear'],
]);

/** Brands of several trades, with their trades: beside an ambiguous goods word they may settle it ('yamaha keyboard'). */
export const BRAND_TRADES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    yamaha: ['Music', 'Motorcycles'], casio: ['Music', 'Jewelry'], hero: ['Motorcycles', 'Bicycles'], honda: ['Motorcycles', 'CarParts'],
    bajaj: ['Motorcycles', 'HomeElectronics', 'Kitchen'], tvs: ['Motorcycles', 'BusinessEquipment'], sony: ['Audio', 'Cameras', 'Gaming', 'HomeElectronics'],
    samsung: ['Smartphones', 'HomeElectronics', 'Wearables'], apple: ['Smartphones', 'Computers', 'Wearables', 'Audio'], titan: ['Jewelry'],
    fastrack: ['Jewelry', 'Accessories', 'Wearables'], boat: ['Audio', 'Wearables'], noise: ['Audio', 'Wearables'], hp: ['Computers', 'OfficeSupplies'],
    epson: ['Computers', 'OfficeSupplies', 'BusinessEquipment'], canon: ['Cameras', 'Computers', 'OfficeSupplies'], atlas: ['Bicycles'],
    hercules: ['Bicycles'], enfield: ['Motorcycles'], logitech: ['Computers', 'Gaming'], roland: ['Music'], korg: ['Music'],
  }),
);
/** The trades an ambiguous goods word may belong to. */
export const AMBIGUOUS_TRADES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    keyboard: ['Computers', 'Music', 'Gaming'], keyboards: ['Computers', 'Music', 'Gaming'], watch: ['Jewelry', 'Wearables', 'HomeDecor'],
    watches: ['Jewelry', 'Wearables', 'HomeDecor'], bike: ['Motorcycles', 'Bicycles'], bikes: ['Motorcycles', 'Bicycles'],
    printer: ['Computers', 'OfficeSupplies', 'BusinessEquipment'], chain: ['Jewelry', 'Bicycles', 'Motorcycles'], helmet: ['Motorcycles', 'Bicycles', 'SportsEquipment'],
    mouse: ['Computers', 'Gaming'], scanner: ['Computers', 'BusinessEquipment', 'AutoTools'], battery: ['CarParts', 'HomeElectronics', 'Smartphones'],
    charger: ['Smartphones', 'Computers', 'CarAccessories'],
  }),
);

/** The word lists as written, per category (a word must be in one list only). */
export const CATEGORY_WORD_LISTS: Readonly<Record<string, readonly string[]>> = WORDS;

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
  ...NAME_PHRASES.map(([phrase]) => phrase),
  'furniture', 'jewellery', 'jewelry', 'clothes', 'cloth', 'garments', 'footwear', 'kitchen', 'tools', 'medical', 'cosmetics',
  'makeup', 'beauty', 'toys', 'toy', 'stationery', 'office supplies', 'gym equipment', 'sports', 'gardening', 'camping',
  'handicraft', 'handicrafts', 'craft', 'crafts', 'antique', 'antiques', 'vintage', 'supplements', 'industrial', 'decor',
  'musical instrument', 'computer', 'computers', 'mens', 'womens', 'ladies', 'men clothing', 'women clothing', 'luggage',
  'sanitary', 'crockery', 'cutlery', 'artwork', 'memorabilia', 'fitness equipment', 'home decor', 'car accessories',
  'car parts', 'baby clothes', 'baby products', 'kids clothes', 'medical equipment', 'health equipment', 'personal care',
  'business equipment', 'industrial equipment', 'books', 'kids dress', 'kids dresses', 'kids clothing', 'kids wear', 'kidswear',
  'children clothes', 'childrens clothes', 'children clothing', 'baby clothing', 'infant clothes', 'newborn clothes', 'kids clothes', 'baby dress',
  'womens clothing', 'mens clothing', 'ladies dress', 'baby gear', 'baby care', 'kitchenware', 'kitchen items', 'sports goods',
  'office stationery', 'office items', 'school stationery', 'hardware', 'tools and hardware', 'car spare parts', 'auto parts',
  'vehicle parts', 'automobile parts', 'two wheeler', 'two wheelers', 'twowheeler', 'medical supplies', 'medical devices',
  'hospital equipment', 'health products', 'hygiene products', 'beauty products', 'musical instruments', 'instruments',
  'music instruments', 'craft supplies', 'craft items', 'collectible', 'collectibles', 'vintage items', 'decoration items',
  'home decoration', 'pooja items', 'furnitures', 'fitness equipment set', 'outdoor gear', 'winter sports', 'machinery',
  'heavy machinery', 'industrial machine', 'industrial machines', 'plant machinery', 'office equipment', 'shop equipment',
  'retail equipment', 'clothing', 'apparel', 'readymade garments', 'fashion accessories', 'video games', 'movies', 'films',
  'dietary supplements', 'nutraceuticals', 'construction material', 'building material', 'automotive tools', 'garage tools',
  'car accessory', 'bicycle accessories', 'bike accessories', 'toys and games', 'kids electronics', 'art supplies',
]);

/**
 * Goods words that belong to several categories, so they set none and stay required words:
 * 'watch' (a wristwatch or a wall clock), 'chain' (jewellery or a bicycle part), 'printer' (office
 * machines or computers), 'bike' (a motorcycle or a bicycle). A longer phrase settles it ('gold
 * chain', 'bicycle chain', 'wall clock', 'smart watch').
 */
/**
 * What the goods are for ('things for my restaurant', 'office'). Said alone they are the goods asked
 * for (office goods: a new search, looked for in what products are rather than in what their
 * descriptions mention); beside goods ('wheelchair for hospital') they only describe.
 */
const PURPOSE_WORDS_LIST = [
  'office', 'restaurant', 'restaurants', 'hotel', 'hotels', 'hospital', 'clinic', 'school', 'factory', 'salon', 'gym', 'cafe',
  'canteen', 'dhaba', 'godown', 'warehouse', 'parlour', 'shop', 'clinic',
];
export const PURPOSE_WORDS: ReadonlySet<string> = new Set(PURPOSE_WORDS_LIST);

export const AMBIGUOUS_GOODS: ReadonlySet<string> = new Set([
  ...PURPOSE_WORDS_LIST,
  'watch', 'watches', 'clock', 'clocks', 'chain', 'chains', 'printer', 'printers', 'keyboard', 'keyboards',
  'bike', 'bikes', 'machine', 'machines', 'scanner', 'battery', 'batteries', 'charger', 'chargers', 'cable', 'cables', 'mouse',
  'router', 'light', 'lights', 'bulb', 'bulbs', 'stand', 'cover', 'covers', 'case', 'mat', 'mats', 'bottle', 'bottles', 'parts', 'spare parts', 'spares', 'dress', 'dresses', 'suit', 'suits', 'mask', 'masks', 'gloves',
  'helmet', 'helmets', 'net', 'ball', 'balls', 'bench', 'cart', 'trolley', 'sheet', 'sheets', 'panel', 'panels', 'tank',
  'tanks', 'bed', 'scale', 'meter', 'heater', 'cooler', 'stool', 'tray', 'basket', 'container', 'containers', 'jar', 'jars',
]);

/**
 * Goods words that mean different goods in different trades: alone they set no category and none is
 * inferred from the catalogue ('watch' may be a wristwatch, a smartwatch or a wall clock; 'chain' a
 * gold chain or a bicycle chain; 'bike' a motorcycle or a bicycle).
 */
/**
 * An ambiguous goods word once its phrase settled the category, and that trade's own word for it:
 * 'mountain bike' is listed as a 'mountain bicycle', 'bike helmet' under motorcycles.
 */
export const SETTLED_SENSES: ReadonlyMap<string, Readonly<Record<string, readonly string[]>>> = new Map([
  ['bike', { Bicycles: ['bicycle', 'cycle'], Motorcycles: ['motorcycle'] }],
  ['bikes', { Bicycles: ['bicycles', 'cycles'], Motorcycles: ['motorcycles'] }],
]);
export const SPLIT_GOODS: ReadonlySet<string> = new Set(['watch', 'watches', 'clock', 'clocks', 'chain', 'chains', 'bike', 'bikes', 'mask', 'masks', 'dress', 'dresses']);
