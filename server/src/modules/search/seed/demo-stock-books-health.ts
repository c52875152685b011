import type { CategoryStock } from './category-stock.js';

/** Books, music, movies, video games, health, personal care, supplements and medical devices (the format: demo-stock.ts). */
export const BOOKS_HEALTH_STOCK: Record<string, CategoryStock> = {
  Books: {
    notes: ['Old and new books; libraries and schools supplied.', 'Packed safely, shipped by India Post.'],
    items: [
      'NCERT books class 6 to 12, complete set | 4200 | ncert,school books,textbooks | 1-50',
      'UPSC preparation book set, 20 books | 6500 | upsc,competitive exams,books | 1-40',
      'Used engineering books, first year, lot | 1800 | engineering books,used books | 1-10 | fair',
      'Premchand stories, complete collection | 1250 | premchand,hindi literature,कहानियाँ | 1-60',
      'हिंदी उपन्यास संग्रह, 10 किताबें | 1600 | hindi novels,उपन्यास,books | 1-40',
      'Children story books, pack of 25 | 1500 | kids books,story books | 1-120',
      'Accounting registers and ledgers, bundle of 10 | 980 | ledger,register,accounts | 2-300',
      'Rare Tagore first edition, Bengali | | tagore,rare book,collectible | 1-1 | fair',
    ],
  },
  Music: {
    notes: ['Tuned and checked by our musicians.', 'Music schools get institutional rates.'],
    items: [
      'Harmonium 3.5 octave, double reed, Kolkata made | 14500 | harmonium,indian instrument | 1-15',
      'Tabla set with dayan bayan | 6800 | tabla,percussion | 1-20',
      'Yamaha F310 acoustic guitar | 8990 | guitar,yamaha,acoustic | 1-30',
      'Casio CT-S300 keyboard for beginners | 10990 | keyboard,casio,piano | 1-20',
      'Flute bansuri set of 3, bamboo | 950 | flute,bansuri | 3-200',
      'सितार, शुरुआती लोगों के लिए | 12500 | sitar,सितार,indian instrument | 1-6',
      'Used drum kit 5 piece with cymbals | 18000 | drum kit,drums | 1-1 | good',
    ],
  },
  Movies: {
    notes: ['Original discs and licensed copies only.', 'Collectors welcome; lots on request.'],
    items: [
      'Bollywood classics DVD collection, 50 films | 2500 | dvd,bollywood,movies | 1-20',
      'Sholay vintage poster, original print | 8500 | poster,sholay,vintage | 1-1 | good',
      'Projector for home theatre, full HD | 18999 | projector,home theatre | 1-20',
      'Projector screen 100 inch, motorised | 7800 | projector screen,screen | 1-25',
      'पुरानी फ़िल्मों की वीसीडी, 100 पीस | 1500 | vcd,old movies,फ़िल्में | 1-5 | fair',
      'Regional films Blu-ray box set, Tamil | 3200 | blu-ray,tamil movies | 1-15',
    ],
  },
  VideoGames: {
    notes: ['Original discs, tested; exchange offers.', 'Gaming shops get trade prices.'],
    items: [
      'FIFA 23 PS5 disc | 2800 | ps5 games,fifa,games | 1-40',
      'GTA V for PS4, used disc | 900 | ps4 games,gta,games | 1-10 | good',
      'Forza Horizon 5 Xbox game | 2900 | xbox games,forza | 1-25',
      'Retro game console with 500 games | 1450 | retro console,tv game | 5-300',
      'Spider-Man 2 PS5, sealed | 3999 | ps5 games,spiderman | 1-30',
      'वीडियो गेम बंडल, 10 पुरानी सीडी | 1800 | pc games,वीडियो गेम | 1-6 | fair',
    ],
  },
  HealthEquipment: {
    notes: ['CE certified with warranty and demo.', 'Hospitals and clinics get institutional rates.'],
    items: [
      'Oxygen concentrator 5 litre | 38500 | oxygen concentrator,oxygen | 1-15',
      'Wheelchair foldable, steel | 5400 | wheelchair,mobility | 1-50',
      'Hospital bed manual two function | 18500 | hospital bed,patient bed | 1-20',
      'Massage chair full body, demo piece | 65000 | massage chair,chair,massager | 1-2 | like_new',
      'वॉकर बुज़ुर्गों के लिए, एल्युमिनियम | 1350 | walker,mobility,वॉकर | 2-100',
      'Physiotherapy TENS machine | 2450 | tens,physiotherapy | 1-60',
    ],
  },
  PersonalCare: {
    notes: ['Hotel and office supply packs.', 'Within expiry, MRP printed.'],
    items: [
      'Hotel toiletries kit, 100 sets | 2600 | hotel amenities,toiletries,hotel | 1-100',
      'Hand sanitizer 5 L can | 1100 | sanitizer,hand sanitizer | 2-300',
      'Philips trimmer BT3221 | 1649 | trimmer,philips,grooming | 1-80',
      'Liquid hand wash refill 5 L, for offices | 650 | hand wash,liquid soap,office | 4-400',
      'आयुर्वेदिक हेयर ऑयल 200 ml, 24 पीस | 2400 | hair oil,ayurvedic,तेल | 1-100',
      'Sanitary pads, pack of 40, carton of 12 | 3600 | sanitary pads,hygiene | 1-80',
    ],
  },
  Supplements: {
    notes: ['FSSAI licensed, sealed with batch number.', 'Gyms and chemists get trade rates.'],
    items: [
      'Whey protein 2 kg, chocolate | 4800 | whey protein,protein,gym | 1-80',
      'Chyawanprash 1 kg, carton of 12 | 3900 | chyawanprash,ayurveda | 1-60',
      'Multivitamin tablets, 60 count | 450 | multivitamin,vitamins | 10-2000',
      'Ashwagandha capsules, 90 count | 520 | ashwagandha,herbal | 10-1500',
      'ऑर्गेनिक हल्दी पाउडर 1 किलो | 380 | turmeric,haldi,हल्दी,organic | 10-2000',
      'Omega 3 fish oil capsules | 690 | omega 3,fish oil | 6-800',
    ],
  },
  MedicalDevices: {
    notes: ['With ISO and CE certificates.', 'Chemists and clinics get distributor rates.'],
    items: [
      'Omron digital BP monitor HEM-7120 | 2150 | bp machine,blood pressure,omron | 1-120',
      'Pulse oximeter fingertip, box of 10 | 4500 | oximeter,spo2 | 1-100',
      'Glucometer with 50 strips | 1250 | glucometer,sugar test | 2-300',
      'Digital thermometer, pack of 20 | 1600 | thermometer,fever | 1-200',
      'Nebulizer machine for home | 1450 | nebulizer,respiratory | 1-100',
      'सर्जिकल मास्क 3 प्लाई, 50 का डिब्बा | 120 | surgical mask,mask,मास्क | 20-10000',
      'ECG machine 3 channel for clinics | 42000 | ecg machine,cardiology | 1-6',
    ],
  },
};
