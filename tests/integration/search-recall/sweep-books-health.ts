import type { SweepRow } from './recall-cases.js';

/** Books, music, movies, video games, health, personal care, supplements and medical devices: each product asked for three ways. */
export const SWEEP_BOOKS_HEALTH: SweepRow[] = [
  // Books
  ['NCERT books class 6 to 12', 'complete set of ncert books class 6 to 12', 'ncert ki kitaben 6 se 12 class tak', 'एनसीईआरटी की किताबें'],
  ['UPSC preparation book set', 'upsc preparation books set of 20', 'upsc ki taiyari ke liye books', 'यूपीएससी की किताबें'],
  ['Used engineering books', 'second hand first year engineering books', 'engineering ki purani kitaben first year', 'इंजीनियरिंग की पुरानी किताबें'],
  ['Premchand stories', 'premchand complete stories collection', 'premchand ki kahaniyan', 'प्रेमचंद की कहानियाँ'],
  ['हिंदी उपन्यास संग्रह', 'hindi novels collection of 10 books', 'hindi upanyas 10 kitaben', 'हिंदी उपन्यास'],
  ['Children story books', 'story books for children pack of 25', 'bacchon ki kahani ki kitaben', 'बच्चों की कहानी की किताबें'],
  ['Accounting registers and ledgers', 'account ledgers and registers bundle', 'hisab ke liye register aur ledger', 'लेजर रजिस्टर'],
  ['Rare Tagore first edition', 'rare tagore first edition bengali book', 'tagore ki purani rare kitab', 'टैगोर की दुर्लभ किताब'],
  // Music
  ['Harmonium 3.5 octave', 'double reed harmonium from kolkata', 'kolkata ka harmonium 3.5 octave', 'हारमोनियम'],
  ['Tabla set with dayan bayan', 'tabla set with dayan and bayan', 'tabla jodi dayan bayan', 'तबला सेट'],
  ['Yamaha F310', 'yamaha f310 acoustic guitar', 'yamaha ka acoustic guitar', 'यामाहा गिटार'],
  ['Casio CT-S300', 'casio keyboard for beginners', 'seekhne ke liye casio keyboard', 'कैसियो कीबोर्ड'],
  ['Flute bansuri set of 3', 'bamboo flute bansuri set', 'bansuri 3 ka set', 'बांसुरी'],
  ['सितार, शुरुआती', 'sitar for beginners', 'shuruat karne walon ke liye sitar', 'सितार'],
  ['Used drum kit 5 piece', 'used 5 piece drum kit with cymbals', 'purana drum set', 'पुराना ड्रम सेट'],
  // Movies
  ['Bollywood classics DVD collection', 'bollywood classics dvd collection', 'purani bollywood filmon ki dvd', 'बॉलीवुड फिल्मों की डीवीडी'],
  ['Sholay vintage poster', 'original sholay poster', 'sholay ka purana poster', 'शोले का पोस्टर'],
  ['Projector for home theatre', 'full hd projector for home theatre', 'ghar ke liye projector full hd', 'होम थिएटर प्रोजेक्टर'],
  ['Projector screen 100 inch', 'motorised projector screen 100 inch', 'projector ka parda 100 inch', 'प्रोजेक्टर स्क्रीन'],
  ['पुरानी फ़िल्मों की वीसीडी', 'old movie vcds 100 pieces', 'purani filmon ki vcd', 'पुरानी फिल्मों की वीसीडी'],
  ['Regional films Blu-ray box set', 'tamil movies blu ray box set', 'tamil filmein blu ray', 'तमिल फिल्में ब्लू रे'],
  // Video games
  ['FIFA 23 PS5 disc', 'fifa 23 for ps5', 'ps5 ka fifa game', 'फीफा 23 PS5'],
  ['GTA V for PS4', 'used gta 5 ps4 disc', 'gta 5 ps4 purani disc', 'जीटीए 5 पीएस4'],
  ['Forza Horizon 5', 'forza horizon 5 xbox game', 'xbox ke liye forza game', 'फोर्ज़ा होराइज़न'],
  ['Retro game console with 500 games', 'retro tv game console with 500 games', 'purane zamane wala tv game 500 games', 'रेट्रो गेम कंसोल'],
  ['Spider-Man 2 PS5', 'spider man 2 ps5 sealed', 'ps5 spiderman game', 'स्पाइडरमैन PS5 गेम'],
  ['वीडियो गेम बंडल', 'old pc game cds bundle', 'purani video game cd ka bundle', 'वीडियो गेम की पुरानी सीडी'],
  // Health equipment
  ['Oxygen concentrator 5 litre', 'oxygen concentrator 5 litre', 'oxygen machine 5 litre wali', 'ऑक्सीजन कंसंट्रेटर'],
  ['Wheelchair foldable, steel', 'foldable steel wheelchair', 'fold hone wali wheelchair', 'फोल्डिंग व्हीलचेयर'],
  ['Hospital bed manual', 'manual two function hospital bed', 'mareez ke liye hospital bed', 'हॉस्पिटल बेड'],
  ['Massage chair full body', 'full body massage chair', 'poore body ki massage chair', 'मसाज चेयर'],
  ['वॉकर बुज़ुर्गों के लिए', 'aluminium walker for elderly', 'buzurgon ke liye walker', 'बुजुर्गों के लिए वॉकर'],
  ['Physiotherapy TENS machine', 'tens machine for physiotherapy', 'physiotherapy wali tens machine', 'फिजियोथेरेपी टेन्स मशीन'],
  // Personal care
  ['Hotel toiletries kit', 'hotel toiletries kits 100 sets', 'hotel ke kamron ke liye toiletries kit', 'होटल टॉयलेटरीज़ किट'],
  ['Hand sanitizer 5 L', 'hand sanitizer 5 litre can', 'sanitizer 5 litre ka dabba', 'हैंड सैनिटाइज़र 5 लीटर'],
  ['Philips trimmer BT3221', 'philips beard trimmer', 'philips ka trimmer', 'फिलिप्स ट्रिमर'],
  ['Liquid hand wash refill 5 L', 'liquid hand wash refill 5 litre for office', 'office ke liye hand wash 5 litre', 'लिक्विड हैंड वॉश'],
  ['आयुर्वेदिक हेयर ऑयल', 'ayurvedic hair oil 200 ml', 'ayurvedic baalon ka tel', 'आयुर्वेदिक बालों का तेल'],
  ['Sanitary pads, pack of 40', 'sanitary pads carton', 'sanitary pad ka carton', 'सैनिटरी पैड'],
  // Supplements
  ['Whey protein 2 kg', 'chocolate whey protein 2 kg', 'whey protein chocolate 2 kilo', 'व्हे प्रोटीन'],
  ['Chyawanprash 1 kg', 'chyawanprash 1 kg carton', 'chyawanprash ka carton', 'च्यवनप्राश'],
  ['Multivitamin tablets', 'multivitamin tablets 60', 'multivitamin ki goli', 'मल्टीविटामिन'],
  ['Ashwagandha capsules', 'ashwagandha capsules 90', 'ashwagandha capsule', 'अश्वगंधा कैप्सूल'],
  ['ऑर्गेनिक हल्दी पाउडर', 'organic turmeric powder 1 kg', 'organic haldi 1 kilo', 'ऑर्गेनिक हल्दी'],
  ['Omega 3 fish oil capsules', 'omega 3 fish oil capsules', 'fish oil capsule omega 3', 'ओमेगा 3 फिश ऑयल'],
  // Medical devices
  ['Omron digital BP monitor', 'omron digital bp monitor', 'bp check karne ki machine omron', 'ओमरॉन बीपी मशीन'],
  ['Pulse oximeter fingertip', 'fingertip pulse oximeter box of 10', 'oximeter ungli wala 10 ka dabba', 'पल्स ऑक्सीमीटर'],
  ['Glucometer with 50 strips', 'glucometer with 50 strips', 'sugar check machine strips ke saath', 'शुगर जांच मशीन'],
  ['Digital thermometer, pack of 20', 'digital thermometers pack of 20', 'bukhar naapne ka thermometer', 'डिजिटल थर्मामीटर'],
  ['Nebulizer machine for home', 'nebulizer machine for home use', 'ghar ke liye nebulizer', 'नेबुलाइज़र मशीन'],
  ['सर्जिकल मास्क 3 प्लाई', '3 ply surgical masks box of 50', 'surgical mask 3 ply ka dabba', 'सर्जिकल मास्क'],
  ['ECG machine 3 channel', '3 channel ecg machine for clinic', 'clinic ke liye ecg machine', 'ईसीजी मशीन'],
];
