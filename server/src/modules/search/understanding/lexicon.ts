import { CATEGORIES } from '../../products/products.public.js';
import { normalizeQuery } from './normalize.js';

/** Normalizes the keys of a word table once, so entries can be written the way people spell them. */
function normalizedMap(entries: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(entries).map(([k, v]) => [normalizeQuery(k), v]));
}
const normalizedSet = (words: string[]): Set<string> => new Set(words.map((w) => normalizeQuery(w)));

/**
 * Hindi (Devanagari) and Hinglish (Latin letters) words for goods, with the English word sellers
 * list them under. Devanagari loanwords (लैपटॉप, प्रिंटर, मोबाइल) must find English listings.
 */
export const TRANSLATIONS = normalizedMap({
  // Devanagari loanwords
  लैपटॉप: 'laptop', लैपटाप: 'laptop', लेपटॉप: 'laptop', कंप्यूटर: 'computer', कम्प्यूटर: 'computer', डेस्कटॉप: 'desktop',
  प्रिंटर: 'printer', स्कैनर: 'scanner', मॉनिटर: 'monitor', कीबोर्ड: 'keyboard', माउस: 'mouse', राउटर: 'router',
  मोबाइल: 'mobile', मोबाईल: 'mobile', फोन: 'phone', स्मार्टफोन: 'smartphone', टैबलेट: 'tablet', आईफोन: 'iphone',
  चार्जर: 'charger', केबल: 'cable', बैटरी: 'battery', हेडफोन: 'headphones', ईयरफोन: 'earphones', स्पीकर: 'speaker',
  माइक: 'mic', कैमरा: 'camera', कैमरे: 'camera', टीवी: 'tv', फ्रिज: 'fridge', फ्रीज: 'fridge', एसी: 'ac', कूलर: 'cooler',
  मशीन: 'machine', वाशिंग: 'washing', वॉशिंग: 'washing', सिलाई: 'sewing', जनरेटर: 'generator', मोटर: 'motor', पंप: 'pump',
  कंप्रेसर: 'compressor', इन्वर्टर: 'inverter', इनवर्टर: 'inverter', सोलर: 'solar', पैनल: 'panel', वेल्डिंग: 'welding',
  ड्रिल: 'drill', प्रोजेक्टर: 'projector', स्टेपलर: 'stapler', फाइल: 'file', पेन: 'pen', टेबल: 'table', सोफा: 'sofa',
  फर्नीचर: 'furniture', बैग: 'bag', बाइक: 'bike', मोटरसाइकिल: 'motorcycle', स्कूटर: 'scooter', स्कूटी: 'scooty',
  साइकिल: 'bicycle', कार: 'car', टायर: 'tyre', हेलमेट: 'helmet', गिटार: 'guitar', डंबल: 'dumbbell', ट्रेडमिल: 'treadmill',
  परफ्यूम: 'perfume', क्रीम: 'cream', ओवन: 'oven', मिक्सर: 'mixer', ग्राइंडर: 'grinder', कुकर: 'cooker', स्टोव: 'stove',
  लैंप: 'lamp', बल्ब: 'bulb', पेंटिंग: 'painting', टाइल्स: 'tiles', पेंट: 'paint', पाइप: 'pipe', ट्रैक्टर: 'tractor',
  व्हीलचेयर: 'wheelchair', साड़ी: 'saree', शर्ट: 'shirt', जींस: 'jeans', कुर्ता: 'kurta', कुर्ती: 'kurti', लहंगा: 'lehenga',
  जैकेट: 'jacket', घड़ी: 'watch', घडी: 'watch', स्मार्टवॉच: 'smartwatch', गेमिंग: 'gaming', कंसोल: 'console',
  प्लेस्टेशन: 'playstation', नोटबुक: 'notebook', नोटबुक्स: 'notebooks', होलसेल: 'wholesale', बिलिंग: 'billing', सीसीटीवी: 'cctv', प्रेस: 'press', ऑफिस: 'office',
  // Brands in Devanagari
  डेल: 'dell', एचपी: 'hp', लेनोवो: 'lenovo', सैमसंग: 'samsung', एप्पल: 'apple', ऐपल: 'apple', सोनी: 'sony', कैनन: 'canon',
  निकॉन: 'nikon', शाओमी: 'xiaomi', रेडमी: 'redmi', वनप्लस: 'oneplus', ओप्पो: 'oppo', वीवो: 'vivo', रियलमी: 'realme',
  बोट: 'boat', एलजी: 'lg', गोदरेज: 'godrej', बजाज: 'bajaj', हीरो: 'hero', होंडा: 'honda', टाटा: 'tata', एसर: 'acer',
  आसुस: 'asus', बॉश: 'bosch', फिलिप्स: 'philips', हैवेल्स: 'havells', उषा: 'usha', प्रेस्टीज: 'prestige', नाइकी: 'nike',
  एडिडास: 'adidas', बाटा: 'bata', टाइटन: 'titan', महिंद्रा: 'mahindra', किर्लोस्कर: 'kirloskar', वोल्टास: 'voltas',
  // Hindi words for goods
  कुर्सी: 'chair', कुर्सियां: 'chair', मेज: 'table', अलमारी: 'cupboard', पलंग: 'bed', बिस्तर: 'bed', गद्दा: 'mattress',
  जूते: 'shoes', जूता: 'shoes', चप्पल: 'slippers', कपड़े: 'clothes', कपड़ा: 'cloth', किताब: 'book', किताबें: 'books',
  पुस्तक: 'book', खिलौना: 'toy', खिलौने: 'toys', पंखा: 'fan', बर्तन: 'utensils', दवा: 'medicine', दवाई: 'medicine',
  कागज: 'paper', गहने: 'jewellery', अंगूठी: 'ring', हार: 'necklace', कंगन: 'bangles', चश्मा: 'glasses', साबुन: 'soap',
  तेल: 'oil', गमला: 'pot', पौधे: 'plants', बीज: 'seeds', तार: 'wire', नल: 'tap', इस्त्री: 'iron', चूल्हा: 'stove',
  थैला: 'bag', बल्ला: 'bat', गेंद: 'ball', कालीन: 'carpet', पर्दे: 'curtains', मूर्ति: 'statue', औजार: 'tools',
  रसोई: 'kitchen', सामान: 'goods', लकड़ी: 'wooden', टी: 't', टन: 'ton', कैंची: 'scissors', तराजू: 'weighing scale', कांटा: 'weighing scale',
  // Hinglish in Latin letters
  kursi: 'chair', kursiyan: 'chair', mez: 'table', mej: 'table', almari: 'cupboard', almirah: 'cupboard', palang: 'bed',
  bistar: 'bed', gadda: 'mattress', joote: 'shoes', joota: 'shoes', jute: 'shoes', juta: 'shoes', chappal: 'slippers',
  kapde: 'clothes', kapda: 'cloth', kapra: 'cloth', kitab: 'book', kitaab: 'book', kitaben: 'books', kitabein: 'books',
  khilona: 'toy', khilone: 'toys', pankha: 'fan', bartan: 'utensils', dawai: 'medicine', dawa: 'medicine', kagaz: 'paper',
  kagaj: 'paper', gehne: 'jewellery', anguthi: 'ring', chashma: 'glasses', sabun: 'soap', gamla: 'pot', beej: 'seeds',
  taar: 'wire', istri: 'iron', chulha: 'stove', thaila: 'bag', balla: 'bat', ghadi: 'watch', ghari: 'watch',
  cycle: 'bicycle', saari: 'saree', sari: 'saree', mobail: 'mobile', kempyutar: 'computer', laptap: 'laptop',
  lakdi: 'wooden', lakadi: 'wooden', machin: 'machine', masheen: 'machine', silai: 'sewing', tarazu: 'weighing scale', kainchi: 'scissors',
});

/**
 * More goods words in Devanagari (Hindi words and loanwords) and in Latin letters (Hinglish), with
 * the English word sellers list under. Kept apart from the first table only for reading.
 */
const MORE_TRANSLATIONS: Record<string, string> = {
  // Kitchen
  कड़ाही: 'kadhai', कढ़ाही: 'kadhai', कढ़ाई: 'embroidery', तवा: 'tawa', बेलन: 'belan', चकला: 'chakla', पतीला: 'patila',
  पतीली: 'patila', देगची: 'degchi', भगोना: 'patila', चम्मच: 'spoon', चम्मचें: 'spoons', कटोरी: 'katori', कटोरियां: 'katori', थाली: 'thali',
  गिलास: 'tumbler', प्लेट: 'plate', प्लेटें: 'plates', कप: 'cups', मग: 'mug', जग: 'jug', बोतल: 'bottle', टिफिन: 'tiffin', डिब्बा: 'box',
  कुकर: 'cooker', प्रेशर: 'pressure', मिक्सी: 'mixer grinder', चक्की: 'flour mill', केतली: 'kettle', छलनी: 'strainer', कद्दूकस: 'grater',
  चाकू: 'knife', तंदूर: 'tandoor', भट्टी: 'bhatti', मटका: 'matka', सुराही: 'surahi', चिमनी: 'chimney', इंडक्शन: 'induction', टोस्टर: 'toaster',
  // Home, decor, furniture
  झाड़ू: 'broom', पोछा: 'mop', बाल्टी: 'bucket', चटाई: 'mat', दरी: 'rug', चादर: 'bedsheet', चादरें: 'bedsheets', तकिया: 'pillow',
  तकिए: 'pillows', रजाई: 'razai', कंबल: 'blanket', कम्बल: 'blanket', पर्दा: 'curtain', परदे: 'curtains', झूला: 'jhula', दीया: 'diya',
  दीये: 'diyas', दिया: 'diya', मोमबत्ती: 'candle', मोमबत्तियां: 'candles', अगरबत्ती: 'agarbatti', झूमर: 'chandelier', आईना: 'mirror',
  शीशा: 'mirror', फूलदान: 'flower vase', तस्वीर: 'photo frame', दीवार: 'wall', चारपाई: 'charpai', खाट: 'khaat', दीवान: 'diwan',
  सोफ़ा: 'sofa', मेज़: 'table', कुर्सियाँ: 'chairs', कुर्सियों: 'chairs', अलमारियां: 'almirah', रैक: 'rack', स्टूल: 'stool', बेंच: 'bench',
  गद्दे: 'mattress', लैंप: 'lamp', बत्ती: 'light', लाइट: 'light', लाइटें: 'lights', घड़ियां: 'watches', घड़ियाँ: 'watches',
  // Clothes
  टोपी: 'cap', दुपट्टा: 'dupatta', चुन्नी: 'dupatta', घाघरा: 'ghagra', चोली: 'choli', सलवार: 'salwar', पजामा: 'pyjama', पायजामा: 'pyjama',
  बनियान: 'vest', मोज़े: 'socks', मोजे: 'socks', सैंडल: 'sandals', जूतियां: 'jutti', जूती: 'jutti', स्वेटर: 'sweater', शॉल: 'shawl',
  कोट: 'coat', पैंट: 'trousers', पतलून: 'trousers', टीशर्ट: 'tshirt', वर्दी: 'uniform', यूनिफॉर्म: 'uniform', ड्रेस: 'dress', फ्रॉक: 'frock',
  झबला: 'jhabla', झबले: 'jhabla', नाइटी: 'nighty', लेगिंग: 'leggings', ब्लाउज: 'blouse', रूमाल: 'handkerchief', रुमाल: 'handkerchief',
  // Jewellery and accessories
  पायल: 'payal', बिछिया: 'bichiya', झुमका: 'jhumka', झुमके: 'jhumka', मंगलसूत्र: 'mangalsutra', चूड़ी: 'bangles', चूड़ियां: 'bangles',
  चूड़ियाँ: 'bangles', कड़ा: 'kada', नथ: 'nath', बाली: 'earrings', बालियां: 'earrings', लॉकेट: 'locket', ज्वेलरी: 'jewellery',
  आभूषण: 'jewellery', जेवर: 'jewellery', बटुआ: 'wallet', पर्स: 'purse', बेल्ट: 'belt', छाता: 'umbrella', छतरी: 'umbrella',
  अटैची: 'suitcase', सूटकेस: 'suitcase', बस्ता: 'school bag', झोला: 'jhola', थैले: 'bags',
  // Toys, books, stationery, music
  गुड़िया: 'doll', पतंग: 'kite', लट्टू: 'lattu', कॉपी: 'exercise book', कॉपियां: 'exercise book', पेंसिल: 'pencil', रबड़: 'eraser',
  कलम: 'pen', स्याही: 'ink', रजिस्टर: 'register', डायरी: 'diary', लिफाफा: 'envelope', लिफाफे: 'envelopes', कैलकुलेटर: 'calculator',
  ढोलक: 'dholak', ढोल: 'dhol', तबला: 'tabla', हारमोनियम: 'harmonium', बांसुरी: 'bansuri', सितार: 'sitar', वायलिन: 'violin',
  // Garden, tools, building
  पौधा: 'plant', पौधों: 'plants', गमले: 'pots', खाद: 'fertilizer', फावड़ा: 'shovel', खुरपी: 'khurpi', हथौड़ा: 'hammer', हथौड़ी: 'hammer',
  पेचकस: 'screwdriver', प्लास: 'pliers', आरी: 'saw', कील: 'nails', ताला: 'lock', ताले: 'locks', सीढ़ी: 'ladder', रंग: 'paint',
  पुट्टी: 'putty', सीमेंट: 'cement', ईंट: 'bricks', ईंटें: 'bricks', सरिया: 'sariya', रेत: 'sand', टंकी: 'water tank', दरवाजा: 'door',
  खिड़की: 'window', प्लाईवुड: 'plywood', नलके: 'taps', टोंटी: 'tap', वायर: 'wire', स्विच: 'switches', बोरवेल: 'borewell pump',
  // Health and personal care
  पट्टी: 'bandage', थर्मामीटर: 'thermometer', ग्लूकोमीटर: 'glucometer', ऑक्सीमीटर: 'oximeter', नेबुलाइज़र: 'nebulizer',
  नेबुलाइजर: 'nebulizer', स्टेथोस्कोप: 'stethoscope', मास्क: 'mask', सैनिटाइज़र: 'sanitizer', सैनिटाइजर: 'sanitizer', कंघी: 'comb',
  शैम्पू: 'shampoo', मंजन: 'toothpaste', टूथपेस्ट: 'toothpaste', उस्तरा: 'razor', ट्रिमर: 'trimmer', वॉकर: 'walker', बैसाखी: 'crutches',
  मालिश: 'massager', प्रोटीन: 'protein', विटामिन: 'vitamins', डायपर: 'diapers',
  // Vehicles
  बेबी: 'baby', गाड़ी: 'vehicle', स्कूटर्स: 'scooters', एक्टिवा: 'activa', पल्सर: 'pulsar', बुलेट: 'bullet', ट्यूब: 'tube', सीट: 'seat', ब्रेक: 'brake',
  इंजन: 'engine', पुर्जे: 'parts', पुर्ज़े: 'parts', स्पेयर: 'spare', ऑटो: 'auto', ट्रक: 'truck', रिक्शा: 'rickshaw',
  // Sports and fitness
  बैडमिंटन: 'badminton', क्रिकेट: 'cricket', फुटबॉल: 'football', कैरम: 'carrom', शतरंज: 'chess', रस्सी: 'rope', तंबू: 'tent', टेंट: 'tent',
  डम्बल: 'dumbbells', डंबल्स: 'dumbbells', जिम: 'gym', योगा: 'yoga', मैट: 'mat', साइकिलें: 'bicycles',
  // Office and business machines
  जेरॉक्स: 'xerox', ज़ेरॉक्स: 'xerox', फोटोकॉपी: 'photocopier', कैश: 'cash', काउंटर: 'counter', कैमरे: 'cameras', बारकोड: 'barcode',
  तिजोरी: 'cash safe', अग्निशामक: 'fire extinguisher', वज़न: 'weighing', वजन: 'weighing', कांटे: 'weighing scale', गिनने: 'counting',
  नोट: 'note', पैकिंग: 'packing', सिलाई: 'sewing', आटा: 'atta', तेल: 'oil',
  // Hinglish (Latin letters)
  kadhai: 'kadhai', karahi: 'kadhai', kadahi: 'kadhai', tava: 'tawa', patila: 'patila', patilaa: 'patila', bhagona: 'patila',
  chammach: 'spoon', chamach: 'spoon', katoriyan: 'katori', gilas: 'tumbler', glass: 'tumbler', dabba: 'box', dibba: 'box', dabbe: 'box',
  mixie: 'mixer grinder', mixi: 'mixer grinder', chakki: 'flour mill', ketli: 'kettle', chalni: 'strainer', chaku: 'knife', matka: 'matka',
  jhadu: 'broom', jharu: 'broom', pocha: 'mop', pochha: 'mop', balti: 'bucket', chatai: 'mat', dari: 'rug', chadar: 'bedsheet',
  chaddar: 'bedsheet', takiya: 'pillow', rajai: 'razai', kambal: 'blanket', parda: 'curtain', parde: 'curtains', jhoola: 'jhula',
  mombatti: 'candle', deewar: 'wall', diwar: 'wall', aaina: 'mirror', sheesha: 'mirror', charpai: 'charpai', khaat: 'khaat',
  topi: 'cap', chunni: 'dupatta', pajama: 'pyjama', payjama: 'pyjama', baniyan: 'vest', moze: 'socks', joote: 'shoes', jooti: 'jutti',
  jutiyan: 'jutti', frock: 'frock', jhabla: 'jhabla', rumal: 'handkerchief', payal: 'payal', bichhiya: 'bichiya', jhumke: 'jhumka',
  chudi: 'bangles', chudiyan: 'bangles', chudiya: 'bangles', kangan: 'bangles', haar: 'necklace', angoothi: 'ring', batua: 'wallet',
  chhata: 'umbrella', chata: 'umbrella', chhatri: 'umbrella', attachi: 'suitcase', basta: 'school bag', jhola: 'jhola', gudiya: 'doll',
  patang: 'kite', kalam: 'pen', rabar: 'eraser', lifafa: 'envelope', baja: 'harmonium', paudha: 'plant', paudhe: 'plants', gamle: 'pots',
  khad: 'fertilizer', phawda: 'shovel', hathoda: 'hammer', hathodi: 'hammer', pechkas: 'screwdriver', aari: 'saw', keel: 'nails',
  tala: 'lock', taala: 'lock', seedhi: 'ladder', sariya: 'sariya', cement: 'cement', int: 'bricks', eent: 'bricks', tanki: 'water tank',
  darwaza: 'door', darwaja: 'door', khidki: 'window', tonti: 'tap', patti: 'bandage', kanghi: 'comb', manjan: 'toothpaste',
  malish: 'massager', gaadi: 'vehicle', gadi: 'vehicle', purje: 'parts', tambu: 'tent', rassi: 'rope', shatranj: 'chess',
  tijori: 'cash safe', vajan: 'weighing', wajan: 'weighing', kanta: 'weighing scale', kaanta: 'weighing scale', silai: 'sewing',
  scooty: 'scooty', dumbel: 'dumbbells', dambal: 'dumbbells', dumble: 'dumbbells', dumbles: 'dumbbells', jeans: 'jeans', jins: 'jeans',
  kurti: 'kurti', kurtiyan: 'kurti', lehnga: 'lehenga', lengha: 'lehenga', sharwani: 'sherwani', sadi: 'saree', saaree: 'saree',
  saariyan: 'saree', sadiyan: 'saree', ghadiyan: 'watches', kursiyon: 'chairs', mejh: 'table', palna: 'cradle', agarbatti: 'agarbatti',
  diya: 'diya', diye: 'diyas', bhatti: 'bhatti', tandoor: 'tandoor', khilono: 'toys', kitabon: 'books', copiyan: 'exercise book',
  xerox: 'xerox', zerox: 'xerox', jerox: 'xerox', photocopy: 'photocopier', gensat: 'genset', janretar: 'generator', jenretar: 'generator',
  motar: 'motor', pamp: 'pump', inwertar: 'inverter', invertor: 'inverter', stabliser: 'stabilizer', stablizer: 'stabilizer',
  fridge: 'fridge', frij: 'fridge', freez: 'fridge', kular: 'cooler', pankhe: 'fan', geezer: 'geyser', gizer: 'geyser', mobil: 'mobile',
  mobaile: 'mobile', laptab: 'laptop', leptop: 'laptop', kampyutar: 'computer', computar: 'computer', printar: 'printer', cyclein: 'bicycles',
  saikil: 'bicycle', saikal: 'bicycle', cycal: 'bicycle', fan: 'fan', sofa: 'sofa', almira: 'almirah', almaari: 'almirah',
};
for (const [k, v] of Object.entries(MORE_TRANSLATIONS)) if (!TRANSLATIONS.has(normalizeQuery(k))) TRANSLATIONS.set(normalizeQuery(k), v);

/**
 * What a machine or tool does, in Hindi and Hinglish verb forms ('baal katne wali machine', 'नोट
 * गिनने की मशीन', 'gaadi uthane wala jack'): the English gerund, so the English goods phrase
 * ('hair cutting machine', 'note counting machine') names the goods whatever the sentence around it.
 */
const VERBS: Record<string, string> = {
  katne: 'cutting', kaatne: 'cutting', katai: 'cutting', काटने: 'cutting', कटाई: 'cutting', ginne: 'counting', गिनने: 'counting',
  sukhane: 'drying', sukhaane: 'drying', सुखाने: 'drying', jaanchne: 'checking', janchne: 'checking', जांचने: 'checking', जाँचने: 'checking',
  napne: 'checking', naapne: 'checking', नापने: 'checking', taulne: 'weighing', tolne: 'weighing', तौलने: 'weighing',
  तोलने: 'weighing', bharne: 'filling', भरने: 'filling', uthane: 'lifting', uthaane: 'lifting', उठाने: 'lifting', banane: 'making',
  बनाने: 'making', dhone: 'washing', धोने: 'washing', pisne: 'grinding', peesne: 'grinding', पीसने: 'grinding', silne: 'sewing',
  सिलने: 'sewing', dabane: 'massage', dabaane: 'massage', दबाने: 'massage', malish: 'massage', maalish: 'massage', मालिश: 'massage',
  मसाज: 'massage', massaj: 'massage', saaf: 'cleaning', safai: 'cleaning', सफाई: 'cleaning', thanda: 'cooling', ठंडा: 'cooling',
  garam: 'heating', गरम: 'heating', chhapne: 'printing', छापने: 'printing', pack: 'packing', sil: 'sealing', seal: 'sealing',
};
/**
 * More everyday words of a product taxonomy's vocabulary, in Devanagari and Hinglish (materials of
 * crafts, garden, tools, household and vehicle words that were missing), with the English word.
 */
const VOCABULARY: Record<string, string> = {
  // Body and people words that make up goods names
  baal: 'hair', बाल: 'hair', पैर: 'foot', पैरों: 'foot', kamar: 'waist', कमर: 'waist',
  // Crafts and sewing
  ऊन: 'wool', oon: 'wool', un: 'wool', सलाई: 'knitting needles', salai: 'knitting needles', धागा: 'thread', dhaga: 'thread', dhage: 'thread',
  धागे: 'thread', सुई: 'needle', sui: 'needle', बटन: 'buttons', मोती: 'beads', moti: 'beads',
  // Home and decoration
  सजावट: 'decoration', सजाने: 'decoration', सजाना: 'decoration', sajawat: 'decoration', sajavat: 'decoration', sajane: 'decoration',
  sajana: 'decoration', घर: 'home', ghar: 'home', पालना: 'cradle', खिड़की: 'window', khidki: 'window', ताला: 'lock', tala: 'lock',
  टंकी: 'tank', tanki: 'tank', टॉर्च: 'torch', छाता: 'umbrella', chhata: 'umbrella', chata: 'umbrella', रस्सी: 'rope', rassi: 'rope',
  // Garden
  खाद: 'fertilizer', khad: 'fertilizer', khaad: 'fertilizer', मिट्टी: 'soil', mitti: 'soil', घास: 'grass', ghas: 'grass', ghaas: 'grass',
  गमले: 'pots', gamle: 'pots', पौधा: 'plant', paudha: 'plant', paudhe: 'plants', सिंचाई: 'irrigation', sinchai: 'irrigation',
  // Tools and building
  हथौड़ा: 'hammer', हथौडा: 'hammer', hathoda: 'hammer', hathauda: 'hammer', पेचकस: 'screwdriver', pechkas: 'screwdriver', छेनी: 'chisel',
  chheni: 'chisel', cheni: 'chisel', सीढ़ी: 'ladder', seedhi: 'ladder', sidhi: 'ladder', बोरी: 'sack', bori: 'sack', सीमेंट: 'cement', दाढ़ी: 'beard', dadhi: 'beard', daadhi: 'beard',
  // Vehicles, sport and health
  जैक: 'jack', jaik: 'jack', तैराकी: 'swimming', tairaki: 'swimming', tairne: 'swimming', तैरने: 'swimming', ऑक्सीजन: 'oxygen',
  सिलेंडर: 'cylinder', silendar: 'cylinder', cylender: 'cylinder', बटुआ: 'wallet', batua: 'wallet', बटुए: 'wallet', पर्स: 'purse',
  धूप: 'sun', dhoop: 'sun', dhup: 'sun', स्टेशनरी: 'stationery', stationary: 'stationery', फिटनेस: 'fitness', बैंड: 'band',
  वजन: 'weight', vajan: 'weight', wajan: 'weight', vazan: 'weight', मैट: 'mat', बाली: 'baali', बालियां: 'baali', baaliyan: 'baali',
  kaan: 'ear', कान: 'ear', jhola: 'bag', झोला: 'bag', हेलीकॉप्टर: 'helicopter', helicaptor: 'helicopter', पार्लर: 'parlour',
  गोलियां: 'pills', गोलियाँ: 'pills', goliyan: 'pills', गोली: 'pills', goli: 'pills', डिस्क: 'disc', गेम्स: 'games', गेम: 'game',
  // Materials goods are made of, and what they are for or like
  पीतल: 'brass', peetal: 'brass', pital: 'brass', pittal: 'brass', तांबा: 'copper', tamba: 'copper', tanba: 'copper',
  सागौन: 'teak', सागवान: 'teak', sagwan: 'teak', sagwaan: 'teak', sagon: 'teak', संगमरमर: 'marble', sangmarmar: 'marble',
  ऊनी: 'woollen', ooni: 'woollen', नकली: 'artificial', nakli: 'artificial', naqli: 'artificial', सादी: 'plain', सादा: 'plain',
  saada: 'plain', गोल: 'round', गले: 'neck', गला: 'neck', सर्दी: 'winter', सर्दियों: 'winter', sardi: 'winter', sardiyon: 'winter',
  // Everyday goods words
  संदूक: 'chest', सन्दूक: 'chest', sandook: 'chest', sanduk: 'chest', sandooq: 'chest', माचिस: 'matchbox', machis: 'matchbox',
  maachis: 'matchbox', कहानी: 'story', कहानियां: 'stories', कहानियों: 'stories', kahani: 'story', kahaani: 'story', kahaniyan: 'stories',
  फूल: 'flowers', phool: 'flowers', phoolon: 'flowers', फूलों: 'flowers', tt: 'table tennis', खेत: 'farm', khet: 'farm', kheton: 'farms',
  // Loanwords the sound tables hear as other words
  टेनिस: 'tennis', रनिंग: 'running', शूज: 'shoes', लेगिंग्स: 'leggings', 'टी-शर्ट': 'tshirt', 'टी शर्ट': 'tshirt',
  // Whom goods are for (who clothes are for still decides which: word-classes.ts AUDIENCE_WORDS)
  बच्चों: 'kids', bacchon: 'kids', bachchon: 'kids', bachon: 'kids',
};
for (const [k, v] of [...Object.entries(VERBS), ...Object.entries(VOCABULARY)]) if (!TRANSLATIONS.has(normalizeQuery(k))) TRANSLATIONS.set(normalizeQuery(k), v);


/**
 * Phrases (Hindi, Hinglish and English) that mean one kind of goods as a whole, matched before
 * their words are translated one by one: 'शुगर जांच मशीन' is a glucometer, not any machine.
 */
export const PHRASE_TRANSLATIONS: Map<string, string> = normalizedMap({
  'शुगर जांच मशीन': 'glucometer', 'शुगर जाँच मशीन': 'glucometer', 'शुगर टेस्ट मशीन': 'glucometer', 'शुगर मशीन': 'glucometer',
  'शुगर चेक करने की मशीन': 'glucometer', 'sugar check machine': 'glucometer', 'sugar test machine': 'glucometer', 'sugar machine': 'glucometer',
  'sugar testing machine': 'glucometer', 'sugar checking machine': 'glucometer', 'bp check machine': 'bp machine',
  'bp checking machine': 'bp machine', 'bp testing machine': 'bp machine', 'sugar jaanch machine': 'glucometer', 'sugar janch machine': 'glucometer', 'बीपी मशीन': 'bp machine', 'बीपी नापने की मशीन': 'bp machine',
  'bp naapne ki machine': 'bp machine', 'bp napne ki machine': 'bp machine', 'बुखार नापने का': 'thermometer', 'ऑक्सीजन मशीन': 'oxygen concentrator',
  'oxygen machine': 'oxygen concentrator', 'भाप की मशीन': 'steam inhaler', 'भाप मशीन': 'steam inhaler', 'सांस की मशीन': 'nebulizer',
  'बच्चों की ड्रेस': 'kids dress', 'बच्चों के कपड़े': 'kids clothing', 'बच्चों का कपड़ा': 'kids clothing', 'बच्चों के ड्रेस': 'kids dress',
  'छोटे बच्चों के कपड़े': 'baby clothes', 'बच्चे के कपड़े': 'kids clothing', 'bachon ke kapde': 'kids clothing', 'bachchon ke kapde': 'kids clothing',
  'bacchon ke kapde': 'kids clothing', 'bachon ki dress': 'kids dress', 'bachchon ki dress': 'kids dress', 'bacchon ki dress': 'kids dress',
  'baby ke kapde': 'baby clothes', 'बेबी के कपड़े': 'baby clothes', 'बच्चों के खिलौने': 'kids toys', 'bachon ke khilone': 'kids toys',
  'bachchon ke khilone': 'kids toys', 'बच्चों की साइकिल': 'kids bicycle', 'bachon ki cycle': 'kids bicycle', 'bachchon ki cycle': 'kids bicycle',
  'बच्चों के जूते': 'kids shoes', 'bachon ke joote': 'kids shoes', 'बच्चों की किताबें': 'kids books', 'bachon ki kitaben': 'kids books',
  'दूध की बोतल': 'feeding bottle', 'doodh ki bottle': 'feeding bottle', 'बच्चा गाड़ी': 'baby stroller', 'baby gaadi': 'baby stroller',
  'बेबी गाड़ी': 'baby stroller', 'महिलाओं के कपड़े': 'womens clothing', 'लेडीज़ कपड़े': 'ladies dress', 'ladies kapde': 'ladies dress',
  'औरतों के कपड़े': 'womens clothing', 'पुरुषों के कपड़े': 'mens clothing', 'mardon ke kapde': 'mens clothing', 'जेंट्स कपड़े': 'mens clothing',
  'दीवार घड़ी': 'wall clock', 'दीवार की घड़ी': 'wall clock', 'deewar ghadi': 'wall clock', 'diwar ghadi': 'wall clock', 'deewar ki ghadi': 'wall clock',
  'हाथ घड़ी': 'wristwatch', 'हाथ की घड़ी': 'wristwatch', 'kalai ghadi': 'wristwatch', 'haath ghadi': 'wristwatch', 'hath ki ghadi': 'wristwatch',
  'स्मार्ट घड़ी': 'smartwatch', 'smart ghadi': 'smartwatch', 'अलार्म घड़ी': 'alarm clock', 'टेबल लैंप': 'table lamp', 'पढ़ाई का लैंप': 'study lamp',
  'साइकिल की चेन': 'bicycle chain', 'साइकिल चेन': 'bicycle chain', 'cycle ki chain': 'bicycle chain', 'bike ki chain': 'bike chain',
  'सोने की चेन': 'gold chain', 'sone ki chain': 'gold chain', 'चांदी की चेन': 'silver chain', 'chandi ki chain': 'silver chain',
  'प्रेशर कुकर': 'pressure cooker', 'pressure kukar': 'pressure cooker', 'गैस चूल्हा': 'gas stove', 'gas chulha': 'gas stove',
  'मिक्सर ग्राइंडर': 'mixer grinder', 'पानी की बोतल': 'water bottle', 'pani ki bottle': 'water bottle', 'पानी की टंकी': 'water tank',
  'pani ki tanki': 'water tank', 'पानी की मोटर': 'water pump', 'pani ki motor': 'water pump', 'पानी का फिल्टर': 'water purifier',
  'पानी साफ करने की मशीन': 'water purifier', 'paani saaf machine': 'water purifier', 'pani saaf machine': 'water purifier', 'आटा चक्की': 'atta chakki', 'atta chakki': 'atta chakki', 'रोटी मशीन': 'roti maker',
  'roti machine': 'roti maker', 'रोटी बनाने की मशीन': 'roti maker', 'roti banane ki machine': 'roti maker', 'सिलाई मशीन': 'sewing machine',
  'silai machine': 'sewing machine', 'वेल्डिंग मशीन': 'welding machine', 'ज़ेरॉक्स मशीन': 'xerox machine', 'जेरॉक्स मशीन': 'xerox machine',
  'फोटोकॉपी मशीन': 'photocopier', 'xerox wali machine': 'xerox machine', 'नोट गिनने की मशीन': 'note counting machine',
  'note ginne ki machine': 'note counting machine', 'पैसे गिनने की मशीन': 'note counting machine', 'paise ginne ki machine': 'note counting machine',
  'वजन मशीन': 'weighing machine', 'वज़न मशीन': 'weighing machine', 'वजन तौलने की मशीन': 'weighing machine', 'vajan machine': 'weighing machine',
  'wajan machine': 'weighing machine', 'kanta machine': 'weighing machine', 'बिलिंग मशीन': 'billing machine', 'हाजिरी मशीन': 'attendance machine',
  'hajri machine': 'attendance machine', 'haziri machine': 'attendance machine', 'पैकिंग मशीन': 'packing machine', 'packing machine': 'packing machine',
  'धान की मशीन': 'thresher', 'कुट्टी मशीन': 'chaff cutter', 'kutti machine': 'chaff cutter', 'चारा मशीन': 'chaff cutter', 'chara machine': 'chaff cutter',
  'कपड़े धोने की मशीन': 'washing machine', 'kapde dhone ki machine': 'washing machine', 'बर्फ की मशीन': 'ice machine',
  'दो पहिया': 'two wheeler', 'दोपहिया': 'two wheeler', 'do pahiya': 'two wheeler', 'दो पहिया वाहन': 'two wheeler', 'गाड़ी के पुर्जे': 'vehicle parts',
  'gaadi ke parts': 'vehicle parts', 'gadi ke parts': 'vehicle parts', 'कार के पुर्जे': 'car parts', 'बाइक के पुर्जे': 'bike parts',
  'bike ke parts': 'bike parts', 'car ke parts': 'car parts', 'साइकिल के पुर्जे': 'bicycle parts', 'cycle ke parts': 'cycle parts',
  'जिम का सामान': 'gym equipment', 'gym ka saman': 'gym equipment', 'gym ka samaan': 'gym equipment', 'कसरत का सामान': 'gym equipment',
  'kasrat ka saman': 'gym equipment', 'खेल का सामान': 'sports', 'khel ka saman': 'sports', 'रसोई का सामान': 'kitchen', 'rasoi ka saman': 'kitchen',
  'kitchen ka saman': 'kitchen', 'ऑफिस का सामान': 'office supplies', 'office ka saman': 'office supplies', 'दफ्तर का सामान': 'office supplies',
  'स्टेशनरी का सामान': 'stationery', 'पूजा का सामान': 'pooja items', 'pooja ka saman': 'pooja items', 'puja ka saman': 'pooja items',
  'सजावट का सामान': 'decor', 'sajawat ka saman': 'decor', 'घर की सजावट': 'home decor', 'ghar ki sajawat': 'home decor',
  'बागवानी का सामान': 'gardening', 'bagwani ka saman': 'gardening', 'गमले और पौधे': 'plant pots', 'मेकअप का सामान': 'makeup',
  'makeup ka saman': 'makeup', 'श्रृंगार का सामान': 'cosmetics', 'shringar ka saman': 'cosmetics', 'दवाई का सामान': 'medical',
  'अस्पताल का सामान': 'hospital equipment', 'hospital ka saman': 'hospital equipment', 'गाड़ी का सामान': 'car accessories',
  'car ka saman': 'car accessories', 'बाथरूम का सामान': 'bathroom fittings', 'bathroom ka saman': 'bathroom fittings',
  'बिजली का सामान': 'electrical wire', 'bijli ka saman': 'electrical wire', 'हार्डवेयर का सामान': 'hardware', 'hardware ka saman': 'hardware',
  'प्लंबिंग का सामान': 'plumbing', 'plumbing ka saman': 'plumbing', 'कैंपिंग का सामान': 'camping', 'camping ka saman': 'camping',
  'फर्श की टाइल्स': 'floor tiles', 'दीवार का पेंट': 'wall paint', 'deewar ka paint': 'wall paint', 'लकड़ी का दरवाजा': 'wooden door',
  'हवा भरने की मशीन': 'tyre inflator', 'hawa bharne ki machine': 'tyre inflator', 'गाड़ी धोने की मशीन': 'car washer',
  'gaadi dhone ki machine': 'car washer', 'प्रोटीन पाउडर': 'protein powder', 'बाल काटने की मशीन': 'hair trimmer', 'baal katne ki machine': 'hair trimmer',
  'दाढ़ी की मशीन': 'beard trimmer', 'dadhi ki machine': 'beard trimmer', 'दाढ़ी मशीन': 'beard trimmer', 'बाल सुखाने की मशीन': 'hair dryer',
  'पुरानी किताबें': 'used books', 'पुराने सिक्के': 'old coins', 'purane sikke': 'old coins', 'पुराने डाक टिकट': 'stamps', 'डाक टिकट': 'stamps',
  'dak ticket': 'stamps', 'सिक्के': 'coins', 'sikke': 'coins', 'पेंटिंग्स': 'paintings', 'मधुबनी पेंटिंग': 'madhubani painting',
  'हाथ से बना': 'handicraft', 'haath se bana': 'handicraft', 'हस्तशिल्प': 'handicrafts', 'ऊन का धागा': 'knitting wool', 'oon ka dhaga': 'knitting wool',
  'कढ़ाई का धागा': 'embroidery thread', 'सीसीटीवी कैमरा': 'cctv camera', 'बारकोड स्कैनर': 'barcode scanner', 'आग बुझाने का यंत्र': 'fire extinguisher',
  'aag bujhane ka': 'fire extinguisher', 'लाइफ जैकेट': 'life jacket', 'तैराकी का चश्मा': 'swimming goggles', 'तैरने का चश्मा': 'swimming goggles',
  'tairne ka chashma': 'swimming goggles', 'baal sukhane ki machine': 'hair dryer', 'bal sukhane ki machine': 'hair dryer',
  'gaadi ki battery': 'car battery', 'gadi ki battery': 'car battery', 'car ki battery': 'car battery', 'bike ki battery': 'bike battery',
  'गाड़ी की बैटरी': 'car battery', 'बाइक की बैटरी': 'bike battery', 'drawing copy': 'drawing book', 'school copy': 'exercise book',
  'ड्राइंग कॉपी': 'drawing book', 'बर्फ के जूते': 'snow boots', 'स्की के जूते': 'ski boots',
});

/** Words that carry no search meaning (filler, politeness, grammar) in English, Hinglish and Hindi. */
export const STOPWORDS = normalizedSet([
  // English
  'i', 'im', 'i am', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'want', 'wanted', 'need', 'needs', 'looking', 'look',
  'search', 'searching', 'find', 'show', 'get', 'give', 'buy', 'buying', 'purchase', 'order', 'please', 'pls', 'plz',
  'a', 'an', 'the', 'some', 'any', 'for', 'of', 'with', 'without', 'in', 'on', 'at', 'from', 'to', 'and', 'or', 'is',
  'are', 'be', 'that', 'this', 'these', 'those', 'which', 'who', 'can', 'could', 'would', 'should', 'do', 'does', 'have',
  'has', 'there', 'here', 'it', 'its', 'good', 'nice', 'best', 'great', 'quality', 'price', 'prices', 'priced', 'cost',
  'costing', 'rate', 'rates', 'budget', 'product', 'products', 'item', 'items', 'thing', 'things', 'stuff', 'available',
  'sale', 'supplier', 'suppliers', 'seller', 'sellers', 'dealer', 'dealers', 'vendor', 'vendors', 'manufacturer',
  'manufacturers', 'wholesaler', 'shop', 'store', 'near', 'nearby', 'around', 'also', 'just', 'only', 'too', 'very',
  'really', 'hi', 'hello', 'hey', 'ok', 'okay', 'thanks', 'thank', 'something', 'one', 'ones', 'kind', 'type', 'like',
  'options', 'option', 'range', 'under', 'condition', 'piece', 'pieces', 'about', 'regarding',
  'am', 'as', 'was', 'were', 'been', 'so', 'if', 'then', 'than', 'will', 'shall', 'may', 'might', 'must', 'what', 'where',
  'when', 'how', 'why', 'they', 'their', 'them', 'he', 'she', 'his', 'her', 'him', 'by', 'into', 'up', 'out',
  'somebody', 'someone', 'anyone', 'morning', 'evening', 'afternoon', 'greetings', 'namaste', 'namaskar', 'pranam', 'hmm',
  'hm', 'umm', 'uh', 'yes', 'yeah', 'haan', 'han', 'sahab', 'saheb', 'sahib', 'sab', 'dear', 'friend',
  // Hinglish
  'mujhe', 'muje', 'humein', 'hume', 'hamein', 'chahiye', 'chahie', 'chaiye', 'chahiya', 'dikhao', 'dikha', 'dikhaiye',
  'batao', 'bataiye', 'dhundo', 'khojo', 'lena', 'leni', 'lene', 'kharidna', 'hai', 'hain', 'ho', 'tha', 'ka', 'ki', 'ke',
  'ko', 'se', 'me', 'mein', 'mai', 'main', 'par', 'pe', 'aur', 'ya', 'ek', 'koi', 'kuch', 'accha', 'acha', 'achha',
  'badhiya', 'sa', 'si', 'wala', 'wali', 'wale', 'vala', 'vali', 'vale', 'bhai', 'ji', 'sir', 'kya', 'kaun', 'kahan',
  'tak', 'kitne', 'kitna', 'daam', 'dam', 'keemat', 'kimat', 'rate', 'bhi', 'sirf', 'bas', 'liye', 'lie', 'chahta', 'chahti',
  'dijiye', 'do', 'de', 'dena', 'wale', 'milega', 'milenge', 'mil', 'jaye', 'sakta', 'sakte', 'dukan', 'dukaan', 'saman', 'samaan',
  'jo', 'jaise', 'jaisa', 'jaisi', 'kare', 'karo', 'karna', 'kar', 'karke', 'karta', 'karti', 'karte', 'kiya', 'rahe', 'raha', 'rahi',
  'hota', 'hoti', 'hote', 'hona', 'chalega', 'chalegi', 'sake', 'jisme', 'jismein', 'jiske', 'jiska', 'jiski', 'apne', 'apna',
  'apni', 'mera', 'meri', 'mere', 'hamara', 'hamari', 'hamare', 'humara', 'humari', 'humare', 'hum', 'tum', 'aap', 'aapka',
  'aapki', 'aapke', 'yeh', 'ye', 'woh', 'wo', 'vo', 'abhi', 'bahut', 'thoda', 'thodi', 'kuchh', 'vaaste', 'vaste', 'waaste',
  'chahte', 'chahiyen', 'dekhna', 'dekho', 'batana', 'bataye', 'bataen', 'kaise', 'kyunki', 'taaki', 'lekar', 'wahi',
  // Hindi
  'मुझे', 'हमें', 'चाहिए', 'चाहिये', 'दिखाओ', 'दिखाइए', 'दिखाएं', 'बताओ', 'बताइए', 'ढूंढो', 'खोजो', 'लेना', 'खरीदना',
  'है', 'हैं', 'हो', 'था', 'का', 'की', 'के', 'को', 'से', 'में', 'मे', 'पर', 'और', 'या', 'एक', 'कोई', 'कुछ', 'अच्छा',
  'अच्छी', 'बढ़िया', 'सा', 'सी', 'वाला', 'वाली', 'वाले', 'भाई', 'जी', 'क्या', 'कौन', 'कहां', 'कितने', 'दाम', 'कीमत',
  'भी', 'सिर्फ', 'बस', 'लिए', 'चाहता', 'चाहती', 'दीजिए', 'दो', 'दे', 'मिलेगा', 'सप्लायर', 'विक्रेता', 'डीलर',
  'दुकान', 'रेट', 'प्राइस', 'बजट', 'प्रोडक्ट', 'उत्पाद', 'पीस',
  'नमस्ते', 'नमस्कार', 'प्रणाम', 'साहब', 'जो', 'जैसे', 'जैसा', 'करे', 'करो', 'कर', 'रहा', 'रही', 'रहे', 'होता', 'होती', 'होते',
  'अपने', 'अपना', 'अपनी', 'मेरा', 'मेरी', 'मेरे', 'हमारा', 'हमारी', 'हमारे', 'आप', 'आपका', 'आपकी', 'आपके', 'यह', 'ये', 'वह',
  'वो', 'बहुत', 'थोड़ा', 'थोड़ी', 'हाँ', 'हां', 'चलेगा', 'चलेगी', 'सके', 'जिसमें', 'जिसके', 'ताकि', 'क्योंकि', 'कैसे', 'वाले',
]);

/** Brands buyers name; naming one means the 'preferred brand' question need not be asked. */
export const BRANDS = new Set([
  'dell', 'hp', 'lenovo', 'asus', 'acer', 'apple', 'macbook', 'samsung', 'sony', 'lg', 'mi', 'xiaomi', 'redmi', 'oneplus',
  'oppo', 'vivo', 'realme', 'nokia', 'motorola', 'iphone', 'canon', 'nikon', 'fujifilm', 'gopro', 'boat', 'jbl', 'bose',
  'sennheiser', 'philips', 'panasonic', 'whirlpool', 'godrej', 'voltas', 'haier', 'bajaj', 'havells', 'usha', 'prestige',
  'hawkins', 'bosch', 'makita', 'stanley', 'kirloskar', 'crompton', 'tata', 'mahindra', 'hero',
  'honda', 'tvs', 'yamaha', 'enfield', 'nike', 'adidas', 'puma', 'reebok', 'bata', 'woodland', 'titan',
  'fastrack', 'casio', 'fossil', 'raymond', 'levis', 'wildcraft', 'tourister',
  'skybags', 'nilkamal', 'featherlite', 'durian', 'ikea', 'epson', 'xerox', 'intel', 'amd', 'microsoft',
  'logitech', 'tplink', 'cisco', 'zebra', 'essae', 'atlas', 'hercules', 'yonex', 'cosco', 'nivia', 'mrf', 'kent', 'aquaguard', 'eureka', 'forbes', 'luminous', 'exide', 'amaron', 'vguard', 'orient',
]);

/** Words that ask for lower prices ('cheaper', 'aur sasta'). */
export const CHEAPER_WORDS = normalizedSet([
  'cheaper', 'cheap', 'cheapest', 'less expensive', 'lower price', 'low price', 'lowest', 'affordable', 'budget friendly',
  'sasta', 'sasti', 'saste', 'sastaa', 'kam daam', 'kam kimat', 'kam keemat', 'सस्ता', 'सस्ती', 'सस्ते', 'कम दाम',
  'कम कीमत', 'किफायती',
]);

/** Words that ask for higher-end goods ('costlier', 'mehenga'). */
export const COSTLIER_WORDS = normalizedSet([
  'costlier', 'expensive', 'more expensive', 'costliest', 'premium', 'high end', 'highend', 'luxury', 'mehenga',
  'mehnga', 'mehengi', 'mehange', 'महंगा', 'महंगी', 'महंगे', 'प्रीमियम',
]);

/** Words asking for the newest listings. */
export const NEWEST_WORDS = normalizedSet(['latest', 'newest', 'recent', 'newly listed', 'नवीनतम', 'लेटेस्ट']);

/** Product type: used goods. Longer phrases first where one contains another ('like new'). */
export const USED_WORDS = normalizedSet([
  'like new', 'second hand', 'secondhand', '2nd hand', 'pre owned', 'preowned', 'used', 'old', 'refurbished', 'purana',
  'purani', 'purane', 'puraana', 'पुराना', 'पुरानी', 'पुराने', 'सेकंड हैंड', 'सेकेंड हैंड', 'इस्तेमाल किया', 'रिफर्बिश्ड',
]);

/** Product type: new goods. */
export const NEW_WORDS = normalizedSet([
  'brand new', 'new', 'unused', 'sealed', 'box packed', 'naya', 'nayi', 'naye', 'nai', 'नया', 'नई', 'नए', 'नयी', 'नये',
]);

/** Purchase type words. */
export const BUY_NOW_WORDS = normalizedSet(['buy now', 'instant buy', 'direct buy', 'turant kharid', 'तुरंत खरीद']);
export const INQUIRE_WORDS = normalizedSet(['inquire', 'enquire', 'inquiry', 'enquiry', 'quote', 'quotation']);

/**
 * Bulk or wholesale buying. Not a hard quantity: most sellers leave the maximum quantity at its
 * default of 1, so 'bulk' only leaves out listings whose maximum says they cannot supply a bulk
 * order (`BULK_QUANTITY` in the engine port).
 */
export const BULK_WORDS = normalizedSet([
  'bulk', 'wholesale', 'in bulk', 'bulk order', 'bulk me', 'bulk mein', 'thok', 'thok me', 'थोक', 'थोक में', 'होलसेल',
  'बल्क', 'बल्क में',
]);

/** Units after a quantity ('100 pieces'); the value is how many pieces one unit is. */
export const QUANTITY_UNITS = new Map<string, number>([
  ...[...normalizedSet(['pieces', 'piece', 'pcs', 'pc', 'units', 'unit', 'nos', 'qty', 'packets', 'packet', 'boxes',
    'sets', 'set', 'pairs', 'pair', 'पीस', 'नग', 'यूनिट', 'पैकेट', 'सेट', 'जोड़ी', 'जोड़े', 'jodi', 'jodiyan', 'jode', 'joda'])].map((w): [string, number] => [w, 1]),
  ['dozen', 12],
  ['dozens', 12],
  [normalizeQuery('दर्जन'), 12],
]);
/** Words before a quantity ('qty 100', 'moq 500'). */
export const QUANTITY_BEFORE = new Set(['qty', 'quantity', 'moq', 'minimum order']);

/** Price words around an amount. Each is matched as a whole phrase of words. */
export const MAX_BEFORE = normalizedSet([
  'under', 'below', 'less than', 'lesser than', 'upto', 'up to', 'within', 'max', 'maximum', 'not more than',
  'no more than', 'cheaper than', 'budget', 'budget of', 'in budget of', 'not above', 'till', 'neeche', 'andar',
]);
export const MAX_AFTER = normalizedSet([
  'se kam', 'se kam ka', 'se kam ki', 'se kam ke', 'tak', 'tak ka', 'tak ki', 'tak ke', 'ke andar', 'ke neeche',
  'ke niche', 'se neeche', 'se niche', 'or less', 'and below', 'or below', 'and under', 'or under', 'max', 'maximum',
  'se sasta', 'ke budget', 'ke budget me', 'ke budget mein', 'budget', 'से कम', 'से कम का', 'से कम की', 'से कम के',
  'से नीचे', 'तक', 'तक का', 'तक की', 'तक के', 'के अंदर', 'के नीचे', 'के भीतर', 'से सस्ता', 'के बजट में',
]);
export const MIN_BEFORE = normalizedSet([
  'above', 'over', 'more than', 'greater than', 'at least', 'atleast', 'min', 'minimum', 'starting', 'starting from',
  'upwards of', 'not below',
]);
export const MIN_AFTER = normalizedSet([
  'se zyada', 'se jyada', 'se zyaada', 'se jyaada', 'se upar', 'ke upar', 'se adhik', 'or more', 'and above',
  'or above', 'plus', '+', 'onwards', 'and up', 'से ज्यादा', 'से ज़्यादा', 'से अधिक', 'से ऊपर', 'के ऊपर',
]);
export const AROUND_BEFORE = normalizedSet([
  'around', 'about', 'approx', 'approximately', 'roughly', 'close to', 'nearly', 'near', 'lagbhag', 'lag bhag',
  'karib', 'kareeb', 'kareeban', 'takreeban', 'taqreeban', 'लगभग', 'करीब', 'करीबन', 'तकरीबन', 'qareeb',
]);
export const AROUND_AFTER = normalizedSet(['ke aaspaas', 'ke aas paas', 'ke aspas', 'के आसपास', 'के आस पास', 'ish']);
export const RANGE_START = normalizedSet(['between', 'from', 'range', 'price range', 'beech']);
export const RANGE_JOIN = normalizedSet(['to', '-', 'and', 'se', 'aur', 'till', 'until', 'से', 'और']);
export const RANGE_END = normalizedSet(['tak', 'ke beech', 'ke bich', 'ke beech me', 'तक', 'के बीच', 'के बीच में']);

/** Words that mark a message as changing the current search rather than starting a new one. */
export const REFINE_WORDS = normalizedSet([
  'only', 'just', 'sirf', 'bas', 'keval', 'सिर्फ', 'केवल', 'बस', 'show more', 'more', 'aur', 'और', 'instead', 'now',
  'ab', 'अब', 'wala', 'wale', 'wali', 'वाला', 'वाले', 'वाली', 'them', 'those', 'these', 'same', 'but', 'lekin', 'लेकिन',
  // 'with 16gb ram', 'having a touch screen': describing what is already being searched for.
  'with', 'having',
]);

// A pram is a 'bachcha gaadi' (a children's cart); 'dabba' is any box ('protein ka dabba'), a tiffin when said so.
for (const [phrase, english] of Object.entries({
  'bachcha gaadi': 'pram', 'bacha gaadi': 'pram', 'bachche ki gaadi': 'pram', 'bacche ki gaadi': 'pram', 'baby ki gaadi': 'pram',
  'बच्चा गाड़ी': 'pram', 'बच्चे की गाड़ी': 'pram', 'बच्चों की गाड़ी': 'pram', 'बेबी की गाड़ी': 'pram', 'tiffin dabba': 'tiffin box',
  'lunch dabba': 'tiffin box', 'khane ka dabba': 'tiffin box', 'टिफिन डिब्बा': 'tiffin box', 'खाने का डिब्बा': 'tiffin box',
})) if (!PHRASE_TRANSLATIONS.has(normalizeQuery(phrase))) PHRASE_TRANSLATIONS.set(normalizeQuery(phrase), english);

/** Answers to a follow-up question that mean 'no preference'. */
export const NO_PREFERENCE_WORDS = normalizedSet([
  'any', 'anything', 'no preference', 'doesnt matter', 'does not matter', 'no', 'none', 'koi bhi', 'kuch bhi', 'koi nahi',
  'nahi', 'कोई भी', 'कुछ भी', 'कोई नहीं', 'नहीं', 'skip',
]);

/** A long phrase list matched as words: the longest match at a position wins. */
export class PhraseSet {
  private readonly byFirst = new Map<string, string[][]>();

  constructor(phrases: Iterable<string>) {
    for (const p of phrases) {
      const words = p.split(' ');
      const list = this.byFirst.get(words[0]) ?? [];
      list.push(words);
      list.sort((a, b) => b.length - a.length);
      this.byFirst.set(words[0], list);
    }
  }

  /** The number of words of the longest phrase starting at `i`, or 0. */
  matchAt(tokens: string[], i: number, taken?: boolean[]): number {
    const candidates = this.byFirst.get(tokens[i] ?? '');
    if (!candidates) return 0;
    for (const words of candidates) {
      if (words.every((w, k) => tokens[i + k] === w && !taken?.[i + k])) return words.length;
    }
    return 0;
  }

  /** The number of words of the longest phrase ending just before `end`, or 0. */
  matchEndingAt(tokens: string[], end: number, taken?: boolean[]): number {
    let best = 0;
    for (let len = 1; len <= Math.min(4, end); len += 1) {
      if (this.matchAt(tokens, end - len, taken) === len) best = len;
    }
    return best;
  }
}

// Each category's Hindi name means the whole category, as its English name does ('घर की सजावट' is
// Home Decor, 'कंप्यूटर और लैपटॉप' Computers & Laptops); a one-word name already translated keeps its
// word (साइकिल is a bicycle).
for (const c of CATEGORIES) {
  const hindi = normalizeQuery(c.nameHi);
  const english = normalizeQuery(c.name.replace(/&/g, ' '));
  if (c.id === 'Other') continue;
  if (hindi.includes(' ')) {
    if (!PHRASE_TRANSLATIONS.has(hindi)) PHRASE_TRANSLATIONS.set(hindi, english);
  } else if (!TRANSLATIONS.has(hindi)) TRANSLATIONS.set(hindi, english);
}
