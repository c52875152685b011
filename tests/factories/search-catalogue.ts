import type pg from 'pg';

/**
 * A generated catalogue of a few thousand listings across all 50 categories, for the relevance suite
 * (tests/integration/search-relevance-scale.test.ts). Deterministic: a seeded PRNG picks goods,
 * brands, wording (English, Hinglish or Hindi), condition, price, place and quantity, so every run
 * searches the same catalogue. Among the goods are the distractors a search must not confuse: the
 * accessories of goods ('laptop bag', 'laptop stand', 'bicycle chain', 'cricket bat cover'), the
 * same word in other trades ('gold chain' vs 'bicycle chain', 'table lamp' vs 'office table',
 * 'casio keyboard' vs 'wireless keyboard', 'toy car', 'baby high chair', 'printer cartridge').
 */

/** `english | hindi (Devanagari) | hinglish (Latin, the English word when empty) | min-max rupees | bulk` */
type GoodsLine = string;

interface Trade {
  brands: string[];
  goods: GoodsLine[];
  /** Cities the trade clusters in (half its listings), as Indian trades do: pumps in Coimbatore, cycles in Ludhiana. */
  hubs?: string[];
}

/** What each category's sellers list (goods lines as above). */
export const TRADES: Record<string, Trade> = {
  Smartphones: { brands: ['Samsung', 'Redmi', 'Vivo', 'Oppo', 'Realme'], goods: ['smartphone|स्मार्टफोन||6000-60000', 'mobile phone|मोबाइल फोन|mobile|5000-40000', 'tablet|टैबलेट||8000-45000', 'keypad phone|कीपैड फोन||900-2500|bulk'] },
  Computers: { brands: ['Dell', 'HP', 'Lenovo', 'Asus', 'Acer'], goods: ['laptop|लैपटॉप|laptap|14000-90000', 'desktop computer|डेस्कटॉप कंप्यूटर||15000-60000', 'monitor|मॉनिटर||6000-30000', 'laptop stand|लैपटॉप स्टैंड||500-2500|bulk', 'laptop charger|लैपटॉप चार्जर||700-3000|bulk', 'wireless keyboard|वायरलेस कीबोर्ड||700-3500|bulk'], hubs: ['Delhi', 'Bengaluru'] },
  Audio: { brands: ['boAt', 'JBL', 'Sony', 'Ahuja', 'Philips'], goods: ['bluetooth speaker|ब्लूटूथ स्पीकर||1000-15000', 'headphones|हेडफोन||800-12000', 'earphones|ईयरफोन||300-3000|bulk', 'soundbar|साउंडबार||4000-30000', 'amplifier|एम्प्लीफायर||5000-40000'] },
  Cameras: { brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'], goods: ['dslr camera|डीएसएलआर कैमरा||30000-120000', 'camera lens|कैमरा लेंस||8000-80000', 'tripod|ट्राइपॉड||800-8000', 'action camera|एक्शन कैमरा||9000-40000'] },
  Gaming: { brands: ['Sony', 'Microsoft', 'Nintendo'], goods: ['playstation 5 console|प्लेस्टेशन 5|playstation|40000-55000', 'xbox series s console|एक्सबॉक्स|xbox|28000-50000', 'game controller|गेम कंट्रोलर||2500-6000'] },
  Wearables: { brands: ['Noise', 'boAt', 'Fire-Boltt', 'Amazfit'], goods: ['smartwatch|स्मार्टवॉच||1500-15000|bulk', 'fitness band|फिटनेस बैंड||1200-5000|bulk'] },
  HomeElectronics: { brands: ['LG', 'Samsung', 'Whirlpool', 'Voltas', 'Havells'], goods: ['refrigerator|फ्रिज|fridge|12000-60000', 'washing machine|वॉशिंग मशीन||10000-45000', 'split ac|एसी||28000-55000', 'air cooler|कूलर|cooler|5000-15000', 'ceiling fan|पंखा|pankha|1500-5000|bulk', 'led tv|टीवी||10000-80000'], hubs: ['Mumbai', 'Delhi'] },
  MensClothing: { brands: ['Raymond', 'Peter England', 'Fabindia', 'Manyavar'], goods: ['formal shirt|शर्ट||500-2500|bulk', 'cotton kurta|कुर्ता|kurta|400-3000|bulk', 'trousers|पतलून||600-2500|bulk', 'sherwani|शेरवानी||5000-30000'] },
  WomensClothing: { brands: ['Banarasi', 'Kanjivaram', 'Jaipuri', 'Chanderi', 'Biba'], goods: ['silk saree|साड़ी|saree|1200-25000|bulk', 'cotton kurti|कुर्ती|kurti|300-2000|bulk', 'lehenga|लहंगा||3000-40000', 'dupatta|दुपट्टा||200-1500|bulk'], hubs: ['Surat', 'Jaipur', 'Lucknow'] },
  UnisexClothing: { brands: ['Jockey', 'Levis', 'Puma', 'Decathlon'], goods: ['tshirt|टीशर्ट||200-1200|bulk', 'hoodie|हुडी||600-2500|bulk', 'jeans|जींस||700-3000|bulk', 'track pants|ट्रैक पैंट||400-1500|bulk'] },
  Shoes: { brands: ['Bata', 'Woodland', 'Liberty', 'Campus', 'Allen Cooper'], goods: ['safety shoes|सेफ्टी जूते||600-3000|bulk', 'running shoes|जूते|joote|800-5000|bulk', 'sandals|सैंडल||300-2000|bulk', 'slippers|चप्पल|chappal|150-800|bulk'], hubs: ['Kanpur', 'Delhi'] },
  Accessories: { brands: ['Hidesign', 'Fastrack', 'Ray-Ban', 'Tommy'], goods: ['leather belt|बेल्ट||300-2000|bulk', 'leather wallet|वॉलेट|wallet|300-2500|bulk', 'sunglasses|धूप का चश्मा||500-8000|bulk', 'umbrella|छाता||250-900|bulk', 'mobile cover|मोबाइल कवर||100-600|bulk'] },
  Jewelry: { brands: ['Tanishq', 'Kalyan', 'PC Jeweller', 'Titan'], goods: ['gold chain|सोने की चेन||25000-150000', 'jhumka earrings|झुमके|jhumka|500-40000|bulk', 'glass bangles|चूड़ियां|bangles|100-3000|bulk', 'wrist watch|कलाई घड़ी||1500-25000', 'silver payal|पायल|payal|800-6000|bulk'] },
  Bags: { brands: ['Wildcraft', 'Skybags', 'Safari', 'VIP', 'American Tourister'], goods: ['laptop bag|लैपटॉप बैग||800-4000|bulk', 'school backpack|बैग|backpack|500-2500|bulk', 'trolley suitcase|सूटकेस||2500-12000', 'ladies handbag|हैंडबैग|handbag|500-5000|bulk', 'camera bag|कैमरा बैग||900-4000'] },
  Beauty: { brands: ['Lakme', 'Maybelline', 'Nykaa', 'Biotique'], goods: ['lipstick|लिपस्टिक||200-1500|bulk', 'perfume|परफ्यूम||300-5000|bulk', 'face cream|क्रीम||150-1500|bulk', 'kajal|काजल||100-500|bulk'] },
  Furniture: { brands: ['Godrej', 'Nilkamal', 'Featherlite', 'Durian', 'Wakefit'], goods: ['office chair|कुर्सी|kursi|2500-15000|bulk', 'office table|ऑफिस टेबल||5000-25000', 'study table|स्टडी टेबल||3000-12000', 'steel almirah|अलमारी|almari|9000-30000', 'sofa set|सोफा||15000-80000', 'shoe rack|जूता रैक||1200-6000'], hubs: ['Delhi', 'Pune', 'Bengaluru'] },
  HomeDecor: { brands: ['Jaipur Crafts', 'Ajanta', 'Home Centre', 'Ikea'], goods: ['table lamp|टेबल लैंप||600-4000|bulk', 'wall clock|दीवार घड़ी||400-3000|bulk', 'curtains|पर्दे||500-3000|bulk', 'carpet|कालीन||1500-20000', 'flower vase|फूलदान||300-2500|bulk'] },
  Kitchen: { brands: ['Prestige', 'Hawkins', 'Butterfly', 'Bajaj', 'Milton'], goods: ['pressure cooker|प्रेशर कुकर||900-4000|bulk', 'mixer grinder|मिक्सर ग्राइंडर|mixie|2000-8000', 'iron kadhai|कड़ाही|kadhai|400-2000|bulk', 'non stick tawa|तवा|tawa|400-1800|bulk', 'steel water bottle|पानी की बोतल|bottle|200-900|bulk', 'tiffin box|टिफिन|tiffin|250-1200|bulk'], hubs: ['Mumbai', 'Delhi'] },
  Garden: { brands: ['Ugaoo', 'Kraft Seeds', 'TrustBasket', 'Falcon'], goods: ['flower pot|गमला|gamla|150-1500|bulk', 'garden hose|गार्डन पाइप||500-2500', 'vegetable seeds|बीज|beej|50-400|bulk', 'lawn mower|लॉन मूवर||6000-30000', 'organic fertilizer|खाद|khad|200-1200|bulk'] },
  HomeTools: { brands: ['Bosch', 'Stanley', 'Makita', 'Dewalt', 'Taparia'], goods: ['drill machine|ड्रिल मशीन||1500-9000', 'tool kit|टूल किट||800-6000', 'claw hammer|हथौड़ा|hathoda|200-900|bulk', 'screwdriver set|पेचकस|pechkas|200-1500|bulk', 'aluminium ladder|सीढ़ी|seedhi|2500-9000', 'angle grinder|एंगल ग्राइंडर||2000-6000'] },
  HomeImprovement: { brands: ['Asian Paints', 'Kajaria', 'Jaquar', 'Supreme', 'Polycab'], goods: ['wall paint|पेंट|paint|1500-6000|bulk', 'floor tiles|टाइल्स|tiles|400-2500|bulk', 'bathroom tap|नल|nal|500-4000|bulk', 'pvc pipe|पीवीसी पाइप|pipe|150-1500|bulk', 'electric wire|बिजली का तार|taar|900-4000|bulk'] },
  FitnessEquipment: { brands: ['Cockatoo', 'PowerMax', 'Kore', 'Boldfit'], goods: ['dumbbells|डंबल|dumbbell|500-6000|bulk', 'treadmill|ट्रेडमिल||20000-90000', 'yoga mat|योगा मैट||300-1500|bulk', 'exercise cycle|एक्सरसाइज साइकिल||9000-30000', 'kettlebell|केटलबेल||700-3000'] },
  OutdoorGear: { brands: ['Quechua', 'Wildcraft', 'Coleman'], goods: ['camping tent|टेंट|tent|2000-15000', 'sleeping bag|स्लीपिंग बैग||1200-5000', 'trekking pole|ट्रेकिंग पोल||600-2500', 'camping lantern|लालटेन||500-2000'] },
  SportsEquipment: { brands: ['SG', 'SS', 'Nivia', 'Yonex', 'Cosco'], goods: ['cricket bat|बल्ला|balla|800-15000|bulk', 'football|फुटबॉल||400-2500|bulk', 'badminton racket|बैडमिंटन रैकेट||600-6000|bulk', 'cricket ball|क्रिकेट बॉल||150-900|bulk', 'carrom board|कैरम बोर्ड|carrom|1200-6000', 'cricket bat cover|बैट कवर||150-600|bulk'], hubs: ['Ludhiana', 'Jaipur'] },
  Bicycles: { brands: ['Hero', 'Atlas', 'Firefox', 'Btwin', 'Avon'], goods: ['bicycle|साइकिल|cycle|4000-25000|bulk', 'gear cycle|गियर साइकिल||9000-35000', 'bicycle chain|साइकिल की चेन|cycle chain|200-900|bulk', 'cycle tyre|साइकिल टायर||250-1200|bulk', 'kids bicycle|बच्चों की साइकिल||3000-9000'], hubs: ['Ludhiana'] },
  WaterSports: { brands: ['Speedo', 'Nabaiji', 'Viva'], goods: ['life jacket|लाइफ जैकेट||800-4000|bulk', 'swimming goggles|स्विमिंग चश्मा||300-1500|bulk', 'kayak paddle|कयाक पैडल||3000-12000', 'swimming costume|स्विमिंग कॉस्ट्यूम||600-3000|bulk'] },
  WinterSports: { brands: ['Wedze', 'Burton', 'Salomon'], goods: ['ski set|स्की||15000-60000', 'snowboard|स्नोबोर्ड||12000-45000', 'ice skates|आइस स्केट्स||3000-12000'] },
  CarParts: { brands: ['Exide', 'Amaron', 'MRF', 'Bosch', 'Minda'], goods: ['car battery|कार बैटरी||4000-12000', 'car tyre|कार का टायर|tyre|3000-9000|bulk', 'brake pad|ब्रेक पैड||800-3500|bulk', 'headlight|हेडलाइट||1500-8000', 'spark plug|स्पार्क प्लग||150-600|bulk'] },
  Motorcycles: { brands: ['Honda', 'Hero', 'Bajaj', 'TVS', 'Royal Enfield'], goods: ['scooter|स्कूटर|scooty|50000-110000', 'motorcycle|मोटरसाइकिल||60000-220000', 'electric scooter|इलेक्ट्रिक स्कूटर||70000-150000', 'bike helmet|हेलमेट|helmet|800-4000|bulk'] },
  AutoTools: { brands: ['Stanley', 'Bosch', 'Michelin', 'Taparia'], goods: ['hydraulic car jack|कार जैक|jack|1500-6000', 'tyre inflator|टायर इन्फ्लेटर||1500-5000', 'torque wrench|टॉर्क रिंच||2000-9000', 'obd scanner|ओबीडी स्कैनर||1500-12000'] },
  CarAccessories: { brands: ['Autofurnish', 'Portronics', '70mai', 'Elegant'], goods: ['car seat cover|सीट कवर||2500-9000', 'car charger|कार चार्जर||300-1500|bulk', 'dashcam|डैशकैम||3000-9000', 'car floor mat|कार मैट||800-3500', 'car mobile holder|मोबाइल होल्डर||200-1200|bulk'] },
  Books: { brands: ['Arihant', 'NCERT', 'Penguin', 'Rupa', 'Disha'], goods: ['ncert textbook|किताब|kitab|80-600|bulk', 'novel|उपन्यास||150-700', 'upsc guide book|यूपीएससी गाइड||300-1500', 'comics|कॉमिक्स||80-400|bulk', 'english dictionary|शब्दकोश||300-1200'], hubs: ['Kolkata', 'Delhi'] },
  Music: { brands: ['Yamaha', 'Casio', 'Kadence', 'Bina', 'Pearl'], goods: ['acoustic guitar|गिटार|guitar|3000-25000', 'harmonium|हारमोनियम||6000-30000', 'tabla set|तबला|tabla|3500-15000', 'casio keyboard|कीबोर्ड||6000-30000', 'bamboo flute|बांसुरी|bansuri|200-2000', 'sitar|सितार||9000-40000'], hubs: ['Kolkata', 'Delhi'] },
  Movies: { brands: ['Shemaroo', 'T-Series', 'Yash Raj'], goods: ['bollywood dvd|डीवीडी|dvd|99-499|bulk', 'blu ray movies|ब्लू रे||399-1999', 'tv series box set|टीवी सीरीज़ सेट||999-3999'] },
  VideoGames: { brands: ['EA Sports', 'Rockstar', 'Ubisoft'], goods: ['ps5 game|पीएस5 गेम||1999-4999|bulk', 'video game cd|वीडियो गेम||499-2999|bulk'] },
  HealthEquipment: { brands: ['Dr Trust', 'AGARO', 'Lifelong', 'HealthSense'], goods: ['body massager|मसाजर|massager|1200-8000', 'foot massager|फुट मसाजर||3000-15000', 'acupressure mat|एक्यूप्रेशर मैट||400-1500|bulk', 'heating pad|हीटिंग पैड||600-2000'] },
  PersonalCare: { brands: ['Philips', 'Nova', 'Dove', 'Colgate', 'Syska'], goods: ['beard trimmer|ट्रिमर|trimmer|700-3500|bulk', 'hair dryer|हेयर ड्रायर||700-4000|bulk', 'shampoo|शैम्पू||120-800|bulk', 'bathing soap|साबुन|sabun|30-120|bulk', 'electric toothbrush|टूथब्रश||900-4000'] },
  Supplements: { brands: ['MuscleBlaze', 'Optimum Nutrition', 'HealthKart', 'Himalaya'], goods: ['whey protein|प्रोटीन|protein|1800-7000|bulk', 'multivitamin tablets|मल्टीविटामिन||300-1500|bulk', 'creatine|क्रिएटिन||600-2000', 'mass gainer|मास गेनर||1500-4000'] },
  MedicalDevices: { brands: ['Omron', 'Dr Morepen', 'Accu-Chek', 'Karma', 'BPL'], goods: ['bp monitor|बीपी मशीन||1200-4000|bulk', 'glucometer|शुगर जांच मशीन||600-2000|bulk', 'pulse oximeter|ऑक्सीमीटर|oximeter|500-2500|bulk', 'wheelchair|व्हीलचेयर||4000-25000', 'digital thermometer|थर्मामीटर|thermometer|150-600|bulk', 'nebulizer|नेबुलाइज़र||1200-3500'] },
  BabyClothing: { brands: ['Babyhug', 'Mothercare', 'Hopscotch', 'Carters'], goods: ['baby romper|रोम्पर||250-900|bulk', 'baby frock|फ्रॉक|frock|300-1200|bulk', 'cotton jhabla|झबला|jhabla|100-400|bulk', 'baby dress|बच्चों की ड्रेस||300-1500|bulk'] },
  Toys: { brands: ['Funskool', 'Lego', 'Hamleys', 'Mattel'], goods: ['remote control car|रिमोट कार||700-4000|bulk', 'building blocks|बिल्डिंग ब्लॉक्स||500-5000|bulk', 'soft toy teddy|टेडी|teddy|300-2500|bulk', 'barbie doll|गुड़िया|gudiya|400-2500|bulk', 'board game|बोर्ड गेम||300-2500|bulk'] },
  BabyGear: { brands: ['LuvLap', 'R for Rabbit', 'Chicco', 'Mee Mee'], goods: ['baby stroller|स्ट्रोलर|stroller|3000-18000', 'baby cradle|पालना|palna|2500-9000', 'baby carrier|बेबी कैरियर||900-4000', 'baby high chair|बेबी हाई चेयर||2500-9000', 'baby car seat|बेबी कार सीट||5000-15000'] },
  KidsElectronics: { brands: ['VTech', 'Smartivity', 'Noise'], goods: ['kids learning tablet|बच्चों का लर्निंग टैबलेट||1500-6000', 'kids smartwatch|बच्चों की स्मार्टवॉच||1500-5000', 'walkie talkie toy|वॉकी टॉकी||800-3000|bulk'] },
  Collectibles: { brands: ['Heritage', 'Numis', 'Philately'], goods: ['old coins|पुराने सिक्के|purane sikke|500-25000', 'postage stamps|डाक टिकट||200-5000', 'action figure|एक्शन फिगर||800-6000', 'cricket memorabilia|क्रिकेट यादगार||2000-40000'] },
  Antiques: { brands: ['Jaipur Heritage', 'Old Delhi Antiques', 'Chor Bazaar'], goods: ['antique brass lamp|एंटीक पीतल का दीया||3000-25000', 'antique clock|एंटीक घड़ी||5000-60000', 'vintage gramophone|ग्रामोफोन|gramophone|15000-80000', 'antique wooden chest|एंटीक संदूक||8000-50000'] },
  Art: { brands: ['Madhubani Art', 'Warli Studio', 'Tanjore Arts'], goods: ['oil painting|पेंटिंग|painting|2000-60000', 'madhubani painting|मधुबनी पेंटिंग||1500-25000', 'marble sculpture|मूर्ति|murti|3000-50000', 'canvas print|कैनवास||800-6000'] },
  Crafts: { brands: ['Anchor', 'Vardhman', 'Camlin', 'Fevicryl'], goods: ['embroidery kit|कढ़ाई किट||300-1500|bulk', 'knitting yarn|ऊन|oon|100-600|bulk', 'craft beads|मोती||100-800|bulk', 'rangoli colours|रंगोली रंग|rangoli|100-600|bulk'] },
  OfficeSupplies: { brands: ['JK', 'Kangaro', 'Camlin', 'Classmate', 'Cello'], goods: ['a4 paper ream|ए4 कागज|a4 paper|200-400|bulk', 'ball pen|पेन||5-30|bulk', 'stapler|स्टेपलर||80-600|bulk', 'file folder|फाइल|file|20-150|bulk', 'whiteboard|व्हाइटबोर्ड||700-5000', 'printer cartridge|प्रिंटर कार्ट्रिज||600-3500|bulk', 'laser printer|लेजर प्रिंटर|printer|9000-30000'] },
  IndustrialEquipment: { brands: ['Kirloskar', 'Crompton', 'Elgi', 'Esab', 'Cummins'], goods: ['diesel generator|जनरेटर|generator|40000-400000', 'welding machine|वेल्डिंग मशीन||6000-60000', 'air compressor|एयर कंप्रेसर|compressor|12000-90000', 'water pump|पानी का पंप|pump|3000-25000|bulk', 'lathe machine|लेथ मशीन||80000-400000', 'submersible pump|सबमर्सिबल पंप||8000-40000'], hubs: ['Coimbatore', 'Pune', 'Ahmedabad'] },
  BusinessEquipment: { brands: ['Hikvision', 'Epson', 'TVS', 'Zebra', 'Godrej'], goods: ['cctv camera|सीसीटीवी कैमरा|cctv|1500-9000|bulk', 'billing printer|बिलिंग प्रिंटर||4000-15000', 'note counting machine|नोट गिनने की मशीन||6000-20000', 'barcode scanner|बारकोड स्कैनर||1500-6000|bulk', 'photocopier|फोटोकॉपी मशीन|xerox machine|30000-150000', 'weighing scale|तराजू|tarazu|1200-8000', 'projector|प्रोजेक्टर||15000-60000'] },
  Other: { brands: ['Local', 'Generic', 'Packwell'], goods: ['packing tape|पैकिंग टेप||40-200|bulk', 'gift hamper|गिफ्ट हैंपर||500-5000|bulk', 'corrugated boxes|गत्ते के डिब्बे||10-80|bulk'] },
};

export const PLACES: Array<[city: string, state: string, cityHi: string]> = [
  ['Mumbai', 'Maharashtra', 'मुंबई'], ['Pune', 'Maharashtra', 'पुणे'], ['Delhi', 'Delhi', 'दिल्ली'], ['Bengaluru', 'Karnataka', 'बेंगलुरु'],
  ['Chennai', 'Tamil Nadu', 'चेन्नई'], ['Kolkata', 'West Bengal', 'कोलकाता'], ['Hyderabad', 'Telangana', 'हैदराबाद'], ['Ahmedabad', 'Gujarat', 'अहमदाबाद'],
  ['Surat', 'Gujarat', 'सूरत'], ['Jaipur', 'Rajasthan', 'जयपुर'], ['Lucknow', 'Uttar Pradesh', 'लखनऊ'], ['Ludhiana', 'Punjab', 'लुधियाना'],
  ['Indore', 'Madhya Pradesh', 'इंदौर'], ['Nagpur', 'Maharashtra', 'नागपुर'], ['Coimbatore', 'Tamil Nadu', 'कोयंबटूर'],
  ['Kanpur', 'Uttar Pradesh', 'कानपुर'],
];

const ADJECTIVES = ['premium', 'heavy duty', 'branded', 'export quality', 'best quality', 'compact', 'imported', 'durable', 'latest model', 'original'];
const EN_NOTES = [
  'GST invoice provided.', 'Bulk orders welcome.', 'Free delivery within the city.', 'One year warranty.', 'Dealer enquiries invited.',
  'Ideal for offices, shops and factories.', 'Original packaging.', 'Cash on delivery available.', 'Wholesale rates for retailers.',
  'Manufacturer direct price.', 'Ready stock, ships in two days.', 'Suitable for hotels and restaurants.', 'Available in assorted colours.',
];
const HINGLISH_NOTES = ['GST bill milega.', 'Thok rate alag se.', 'Poore India mein delivery.', 'Ready stock hai.', 'Dukan pe aake dekh sakte hain.', 'Cash on delivery bhi hai.'];
const HINDI_NOTES = ['GST बिल मिलेगा।', 'पूरे भारत में डिलीवरी।', 'थोक रेट अलग से।', 'रेडी स्टॉक है।', 'दुकान पर आकर देख सकते हैं।'];

/** A seeded PRNG (mulberry32): the same seed, the same catalogue. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedListing {
  id: string;
  sellerIndex: number;
  title: string;
  description: string;
  category: string;
  productType: 'new' | 'used';
  condition: 'new' | 'like_new' | 'good' | 'fair';
  purchaseType: 'buy_now' | 'inquire';
  /** Paise, or null (price on request). */
  pricePaise: bigint | null;
  minQuantity: number;
  maxQuantity: number;
  tags: string[];
  city: string;
  state: string;
  language: 'en' | 'hinglish' | 'hi';
  /** The goods line's English words ('laptop bag'). */
  goods: string;
  createdAt: Date;
}

interface Goods {
  en: string;
  hi: string;
  hinglish: string;
  lo: number;
  hi_: number;
  bulk: boolean;
}

function parseGoods(line: GoodsLine): Goods {
  const [en, hi, hinglish, range, bulk] = line.split('|');
  const [lo, hiPrice] = range.split('-').map(Number);
  if (!en || !hi || !(lo > 0) || !(hiPrice >= lo)) throw new Error(`bad goods line: ${line}`);
  return { en, hi, hinglish: hinglish || en, lo, hi_: hiPrice, bulk: bulk === 'bulk' };
}

/** A deterministic uuid (v4 layout) from the PRNG. */
function uuidFrom(rnd: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ['8', '9', 'a', 'b'][Math.floor(rnd() * 4)];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const SELLERS = 60;

/**
 * `count` listings spread evenly over the categories (in TRADES order), each with goods, wording,
 * condition, price, place and quantity drawn from `seed`.
 */
export function generateCatalogue(count = 3000, seed = 13): GeneratedListing[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const categories = Object.keys(TRADES);
  const base = Date.UTC(2026, 0, 1);
  const out: GeneratedListing[] = [];
  for (let i = 0; i < count; i += 1) {
    const category = categories[i % categories.length];
    const trade = TRADES[category];
    const g = parseGoods(pick(trade.goods));
    const brand = pick(trade.brands);
    const r = rnd();
    const language: GeneratedListing['language'] = r < 0.5 ? 'en' : r < 0.75 ? 'hinglish' : 'hi';
    const used = rnd() < 0.3;
    const condition = used ? pick(['like_new', 'good', 'fair'] as const) : 'new';
    const inquire = rnd() < 0.1;
    const rupees = Math.round((g.lo + rnd() * (g.hi_ - g.lo)) / 10) * 10 || g.lo;
    const bulk = g.bulk && rnd() < 0.6;
    const minQuantity = bulk ? pick([5, 10, 20, 50]) : 1;
    const maxQuantity = bulk ? minQuantity * pick([10, 20, 50, 100]) : pick([1, 1, 2, 3, 5, 10]);
    const hub = trade.hubs && rnd() < 0.5 ? PLACES.filter(([c]) => trade.hubs!.includes(c)) : PLACES;
    const [city, state, cityHi] = pick(hub.length ? hub : PLACES);
    const model = `${String.fromCharCode(65 + Math.floor(rnd() * 26))}${Math.floor(rnd() * 900) + 100}`;
    const adjective = rnd() < 0.5 ? `${pick(ADJECTIVES)} ` : '';
    // Hinglish sellers write the English goods words as often as the Hindi ones.
    const hinglishGoods = rnd() < 0.5 ? g.hinglish : g.en;
    let title: string;
    let description: string;
    if (language === 'en') {
      title = `${used ? pick(['Used ', 'Second hand ', 'Refurbished ']) : ''}${brand} ${adjective}${g.en} ${model}`;
      description = `${used ? 'Used' : 'New'} ${g.en} by ${brand}, model ${model}. ${pick(EN_NOTES)} ${pick(EN_NOTES)} ${minQuantity > 1 ? `Minimum order ${minQuantity} pieces.` : ''} Dispatch from ${city}.`;
    } else if (language === 'hinglish') {
      title = used
        ? pick([`Purana ${brand} ${hinglishGoods} chalu halat mein`, `${brand} ${hinglishGoods} second hand, achhi condition`])
        : pick([`${brand} ${hinglishGoods} ekdum naya ${model}`, `${hinglishGoods} ${brand} ${model} - thok rate`, `Naya ${brand} ${hinglishGoods}, bill ke saath`]);
      description = `${used ? 'Purana maal, chalu halat.' : 'Bilkul naya maal, company pack.'} ${pick(HINGLISH_NOTES)} ${pick(HINGLISH_NOTES)} ${city} se dispatch.`;
    } else {
      title = used ? `पुराना ${g.hi} ${brand}, चालू हालत में` : pick([`${brand} ${g.hi} - बिल्कुल नया ${model}`, `${g.hi} ${brand} ${model}, GST बिल के साथ`, `नया ${g.hi} (${brand}) थोक रेट पर`]);
      description = `${used ? 'पुराना माल, चालू हालत में।' : 'बिल्कुल नया माल, कंपनी पैक।'} ${pick(HINDI_NOTES)} ${cityHi} से डिस्पैच।`;
    }
    out.push({
      id: uuidFrom(rnd),
      sellerIndex: Math.floor(rnd() * SELLERS),
      title,
      description,
      category,
      productType: used ? 'used' : 'new',
      condition,
      purchaseType: inquire ? 'inquire' : 'buy_now',
      pricePaise: inquire ? null : BigInt(rupees) * 100n,
      minQuantity,
      maxQuantity,
      tags: language === 'hi' ? [g.en, g.hi, brand.toLowerCase()] : [g.en, brand.toLowerCase()],
      city,
      state,
      language,
      goods: g.en,
      createdAt: new Date(base + Math.floor(rnd() * 300 * 24 * 3600 * 1000)),
    });
  }
  return out;
}

/** Inserts the sellers and listings with two statements per 1,000 rows (unnest), then ANALYZE. */
export async function insertCatalogue(db: pg.Pool | pg.Client, listings: GeneratedListing[]): Promise<string[]> {
  const rnd = seededRandom(7);
  const sellerIds = Array.from({ length: SELLERS }, () => uuidFrom(rnd));
  await db.query(
    `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified)
     select id, now(), now(), 'seller' || n || '@relevance.invalid', 'trader_' || n, 'not-a-password-hash', true
     from unnest($1::uuid[]) with ordinality as u(id, n)`,
    [sellerIds],
  );
  for (let at = 0; at < listings.length; at += 1000) {
    const page = listings.slice(at, at + 1000);
    const col = <K extends keyof GeneratedListing>(k: K) => page.map((l) => l[k]);
    await db.query(
      `insert into products (id, created_at, updated_at, seller_id, title, description, product_type, purchase_type, condition,
         category, tags, price_paise, min_quantity, max_quantity, city, state, custom_questions, enabled)
       select id, created, created, seller, title, description, type, purchase, cond, category, tags::text[], price::bigint,
         minq, maxq, city, state, '[]', true
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::int[], $12::int[], $13::text[], $14::text[], $15::timestamptz[])
         as r(id, seller, title, description, type, purchase, cond, category, tags, price, minq, maxq, city, state, created)`,
      [
        col('id'),
        page.map((l) => sellerIds[l.sellerIndex]),
        col('title'),
        col('description'),
        col('productType'),
        col('purchaseType'),
        col('condition'),
        col('category'),
        page.map((l) => `{${l.tags.map((t) => JSON.stringify(t)).join(',')}}`),
        page.map((l) => (l.pricePaise === null ? null : l.pricePaise.toString())),
        col('minQuantity'),
        col('maxQuantity'),
        col('city'),
        col('state'),
        page.map((l) => l.createdAt.toISOString()),
      ],
    );
  }
  await db.query('analyze users, products');
  return sellerIds;
}
