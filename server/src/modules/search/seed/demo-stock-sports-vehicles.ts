import type { CategoryStock } from './category-stock.js';

/** Fitness, outdoor, sports, bicycles, water and winter sports, vehicles and their parts (the format: demo-stock.ts). */
export const SPORTS_VEHICLES_STOCK: Record<string, CategoryStock> = {
  FitnessEquipment: {
    notes: ['Gym setups with installation and one-year service.', 'Home and commercial models.'],
    items: [
      'Motorised treadmill 2 HP for home | 28500 | treadmill,gym,cardio | 1-15',
      'Rubber coated dumbbells set 20 kg | 2650 | dumbbells,weights,gym | 2-200',
      'Commercial gym setup, complete | | gym setup,gym equipment,commercial | 1-3',
      'Yoga mats 6 mm, pack of 10 | 3200 | yoga mat,yoga,wholesale | 1-200',
      'Exercise cycle, magnetic, used 1 year | 7500 | exercise bike,spin bike | 1-2 | good',
      'जिम बेंच मल्टी पर्पस, एडजस्टेबल | 5400 | gym bench,bench,जिम | 1-30',
      'Resistance bands set of 5 | 480 | resistance band,fitness | 10-1000',
    ],
  },
  OutdoorGear: {
    notes: ['Tested on Himalayan treks.', 'Adventure clubs and schools get group rates.'],
    items: [
      'Camping tent for 4 persons, waterproof | 3800 | tent,camping,trekking | 1-60',
      'Trekking backpack 60 L with rain cover | 2450 | backpack,rucksack,trekking | 1-80',
      'Sleeping bag for minus 5 degrees | 2200 | sleeping bag,camping | 1-100',
      'Headlamp LED rechargeable, box of 10 | 2900 | headlamp,torch,camping | 1-40',
      'Portable camping stove with gas | 1350 | camping stove,outdoor cooking | 2-150',
      'ट्रेकिंग स्टिक एल्युमिनियम, जोड़ी | 850 | trekking pole,stick,ट्रेकिंग | 2-300',
    ],
  },
  SportsEquipment: {
    notes: ['Made in Jalandhar and Meerut; academies get team rates.', 'Dispatch within two days.'],
    items: [
      'Kashmir willow cricket bat, full size | 1650 | cricket bat,cricket,kashmir willow | 2-300',
      'English willow cricket bat, grade 2 | 9500 | cricket bat,english willow | 1-40',
      'Cosco football size 5, pack of 6 | 2700 | football,cosco | 1-100',
      'Badminton racquets Yonex, pair with shuttles | 2100 | badminton,yonex,racquet | 1-80',
      'Table tennis table, tournament grade | 21500 | table tennis,tt table | 1-8',
      'क्रिकेट किट पूरी, क्लब के लिए | 7800 | cricket kit,cricket,क्रिकेट | 1-25',
      'Carrom board full size with coins | 2450 | carrom,indoor games | 2-100',
      'Volleyball net and ball set for schools | 1350 | volleyball,net,school sports | 2-200',
    ],
  },
  Bicycles: {
    notes: ['Ludhiana made; fitted and tuned before dispatch.', 'Dealers get ex-factory rates.'],
    items: [
      'Hero Sprint 26T mountain bicycle, 21 gear | 11499 | cycle,bicycle,hero,mtb | 1-60',
      'Kids bicycle 16 inch with training wheels | 4200 | kids cycle,bicycle | 2-150',
      'Atlas roadster cycle, black, dealer lot of 10 | 48000 | cycle,atlas,roadster | 1-20',
      'Electric bicycle 250 W, 35 km range | 29999 | e-cycle,electric bicycle | 1-20',
      'साइकिल के टायर 26 इंच, 10 पीस | 2600 | cycle tyre,tyre,साइकिल | 1-200',
      'Firefox road bike, used 2 years | 14500 | road bike,firefox,bicycle | 1-1 | good',
      'Cargo tricycle for vendors | 16500 | tricycle,rickshaw,cargo cycle | 1-25',
    ],
  },
  WaterSports: {
    notes: ['For resorts, clubs and coaching centres.', 'Certified buoyancy gear.'],
    items: [
      'Life jackets, ISI approved, pack of 10 | 7500 | life jacket,safety,water sports | 1-60',
      'Swimming goggles and caps combo, dozen | 1440 | swimming,goggles,cap | 1-150',
      'Inflatable kayak for 2 with paddles | 18500 | kayak,inflatable | 1-10',
      'Stand up paddle board, used one season | 16000 | paddle board,sup | 1-2 | good',
      'स्विमिंग पूल के लिए ट्यूब, बच्चों के लिए | 350 | swimming tube,kids,स्विमिंग | 10-500',
      'Snorkel set for Goa and Andaman tours | 1250 | snorkel,diving mask | 5-300',
    ],
  },
  WinterSports: {
    notes: ['Tested in Gulmarg and Auli.', 'Rental shops get seasonal rates.'],
    items: [
      'Ski set with boots and poles, rental grade | 24000 | ski,skiing,gulmarg | 1-10 | good',
      'Snow boots waterproof, sizes 6-11 | 2400 | snow boots,winter boots | 2-200',
      'Thermal wear set, pack of 6 | 2700 | thermal,innerwear,winter | 1-150',
      'Ice skates adjustable for kids | 3200 | ice skates,skating | 1-40',
      'बर्फ़ के लिए दस्ताने, वॉटरप्रूफ़ | 650 | gloves,snow gloves,दस्ताने | 10-500',
      'Sledge plastic for snow parks | 1800 | sledge,snow,kids | 5-100',
    ],
  },
  CarParts: {
    notes: ['Genuine OEM and quality aftermarket parts; fitment checked by chassis number.', 'Garages and workshops get trade rates.'],
    items: [
      'Maruti Swift front bumper, genuine | 4200 | bumper,maruti,swift,body parts | 1-20',
      'Brake pads for Hyundai i20, set | 1450 | brake pads,hyundai,i20 | 2-200',
      'Exide car battery 65 Ah with exchange | 6300 | car battery,exide,battery | 1-60',
      'Engine oil 5W-30 synthetic, 3.5 L, carton of 6 | 9900 | engine oil,lubricant,castrol | 1-80',
      'Clutch plate kit for Tata Ace | 3600 | clutch plate,tata ace,commercial vehicle | 1-50',
      'इनोवा की हेडलाइट, ओरिजिनल | 5200 | headlight,innova,toyota,हेडलाइट | 1-15',
      'Used alloy wheels 15 inch, set of 4 | 14000 | alloy wheels,rims | 1-3 | good',
      'Radiator for Mahindra Bolero | 4800 | radiator,mahindra,bolero | 1-25',
    ],
  },
  Motorcycles: {
    notes: ['Papers clear, NOC available; test ride at our shop.', 'Finance through our partner bank.'],
    items: [
      'Royal Enfield Classic 350, 2021, single owner | 155000 | royal enfield,bullet,bike | 1-1 | good',
      'Honda Activa 6G scooter, 2022 | 62000 | activa,scooter,honda | 1-1 | like_new',
      'Hero Splendor Plus, new, on-road price | 79500 | splendor,hero,bike | 1-10',
      'Bajaj Pulsar 150 spare parts kit | 3400 | pulsar,bajaj,spare parts | 1-60',
      'TVS XL100 for delivery business | 46000 | moped,tvs,xl100 | 1-8',
      'बाइक हेलमेट ISI मार्क, 10 पीस | 7500 | helmet,हेलमेट,wholesale | 1-80',
      'Ola S1 electric scooter, used 8 months | 72000 | electric scooter,ola | 1-1 | like_new',
    ],
  },
  AutoTools: {
    notes: ['Workshop tested; spare parts stocked.', 'Service stations get installation support.'],
    items: [
      'Car washer high pressure 1800 W | 7800 | car washer,pressure washer | 1-40',
      'Hydraulic floor jack 3 ton | 4600 | jack,hydraulic jack,garage | 1-50',
      'Tyre inflator digital, 12 V | 1850 | tyre inflator,air pump | 2-200',
      'Wheel alignment machine 3D | | wheel alignment,garage equipment | 1-3',
      'सर्विस स्टेशन के लिए कार लिफ्ट | 165000 | car lift,hydraulic lift,गैरेज | 1-4',
      'Socket wrench set 46 pieces | 1650 | socket set,spanner,tools | 2-150',
    ],
  },
  CarAccessories: {
    notes: ['Fitting at our Chennai shop or do-it-yourself.', 'Dealers get bulk rates.'],
    items: [
      'Car seat covers, leatherette, for Swift | 4500 | seat cover,car seat cover | 1-60',
      '7D car floor mats for Creta | 3200 | floor mats,car mats,creta | 1-80',
      'Android car stereo 9 inch with camera | 6800 | car stereo,android,music system | 1-40',
      'Dash cam full HD with night vision | 3100 | dash cam,car camera | 1-70',
      'कार परफ्यूम, जेल, 24 पीस | 1700 | car perfume,air freshener,परफ्यूम | 1-100',
      'Mobile holder for car dashboard, pack of 10 | 1450 | mobile holder,car accessories | 1-200',
    ],
  },
};
