import type { CategoryStock } from './category-stock.js';

/** Clothes, shoes, accessories, jewellery, bags and beauty (the format: demo-stock.ts). */
export const FASHION_STOCK: Record<string, CategoryStock> = {
  MensClothing: {
    notes: ['Sizes M to XXL; assorted colours in every pack.', 'Direct from manufacturer; custom labels for retailers.', 'Catalogue photos on WhatsApp on request.'],
    items: [
      'Cotton kurta for men, pack of 10 (wholesale) | 3999 | kurta,cotton,wholesale,ethnic | 1-300',
      'Formal shirts for men, poly cotton, set of 12 | 4800 | formal shirt,shirt,office wear | 1-200',
      'Chikankari kurta pyjama set, Lucknowi work | 1450 | chikankari,kurta,lucknowi | 5-150',
      'Denim jeans for men, 30-36 sizes, lot of 20 | 8600 | jeans,denim,wholesale | 1-80',
      'पुरुषों का कुर्ता पायजामा, शादी के लिए | 2200 | kurta pyjama,wedding,कुर्ता | 2-100',
      'Nehru jacket, printed, for festive season | 899 | nehru jacket,jacket,ethnic | 10-400',
      'Security guard uniform, shirt and trouser | 850 | uniform,security uniform | 25-2000',
      'Woollen sweaters for men, winter stock clearance | 450 | sweater,woollen,winter | 20-800',
    ],
  },
  WomensClothing: {
    notes: ['Free size with blouse piece; colours as in photos.', 'Resellers get catalogue rates.', 'Direct from our looms, no middlemen.'],
    items: [
      'Banarasi silk sarees with blouse piece, assorted designs | 2450 | saree,silk,banarasi | 1-150',
      'Polyester dress material, 50 metre roll | 2750 | dress material,fabric,suit | 1-400',
      'Surat georgette sarees, set of 8 for resellers | 3200 | saree,georgette,surat,wholesale | 1-100',
      'कॉटन कुर्ती थोक में, 10 पीस का सेट | 2800 | kurti,cotton,कुर्ती,wholesale | 1-200',
      'Lucknowi chikan kurti, hand embroidered | 1150 | chikankari,kurti,lucknowi | 3-150',
      'Anarkali suit with dupatta, rayon | 1299 | anarkali,suit,ethnic | 5-250',
      'Leggings, cotton lycra, 12 colours pack | 1440 | leggings,cotton,wholesale | 1-300',
      'Lehenga choli bridal, heavy work, one piece | 18500 | lehenga,bridal,wedding | 1-3',
      'Nighty cotton printed, lot of 20 | 3600 | nighty,nightwear,wholesale | 1-60',
    ],
  },
  UnisexClothing: {
    notes: ['Custom printing and embroidery for companies and events.', 'GSM and fabric as written; samples couriered.'],
    items: [
      'Printed cotton t-shirts, 100 pieces lot | 9500 | t-shirt,tshirt,cotton,printing | 1-2000',
      'Round neck plain t-shirts 180 GSM, all sizes | 145 | t-shirt,plain tshirt,cotton | 50-10000',
      'Hoodies with company logo, fleece | 550 | hoodie,sweatshirt,corporate | 25-1500',
      'Track pants, dry fit, for schools and academies | 260 | track pants,sportswear | 50-3000',
      'Raincoat with hood, PVC, for delivery staff | 320 | raincoat,rain wear | 20-2000',
      'कॉलर वाली टी-शर्ट, कंपनी लोगो के साथ | 240 | polo tshirt,t-shirt,टी-शर्ट,corporate | 50-5000',
    ],
  },
  Shoes: {
    notes: ['Genuine leather where mentioned; sizes 6 to 11.', 'Factory price for distributors.'],
    items: [
      'Safety shoes with steel toe, ISI marked | 899 | safety shoes,steel toe,shoes | 10-1000',
      'Kolhapuri chappal, handmade leather | 650 | kolhapuri,chappal,leather | 10-500',
      'Formal leather shoes for men, Kanpur made | 1350 | formal shoes,leather,office shoes | 6-400',
      'Sports running shoes, lot of 12 pairs | 7200 | sports shoes,running shoes,wholesale | 1-60',
      'School shoes black, Bata style, all sizes | 399 | school shoes,kids shoes | 24-3000',
      'चमड़े की जूतियाँ, पंजाबी जूती | 750 | jutti,punjabi jutti,जूती | 10-300',
      'Gumboots PVC for farms and factories | 380 | gumboots,safety,boots | 20-2000',
      'Nike Air Max, used, size 9 | 3200 | sneakers,nike | 1-1 | good',
    ],
  },
  Accessories: {
    notes: ['Mix designs in every dozen.', 'Shop owners get a catalogue on WhatsApp.'],
    items: [
      'Leather belts for men, dozen pack | 1800 | belt,leather,wholesale | 1-150',
      'Sunglasses UV400, assorted, lot of 24 | 2880 | sunglasses,goggles,wholesale | 1-100',
      'Cotton dupatta, printed, 12 colours | 1560 | dupatta,stole,cotton | 1-200',
      'Hair clips and bands, mixed box of 100 | 750 | hair accessories,clips,bulk | 1-300',
      'Woollen mufflers and caps, winter combo | 220 | muffler,cap,winter | 20-1500',
      'कपड़े के मास्क और रुमाल, 50 पीस | 600 | handkerchief,rumal,रुमाल | 1-400',
      'Corporate ID card holders with lanyard | 35 | lanyard,id card holder,office | 100-20000',
    ],
  },
  Jewelry: {
    notes: ['Hallmarked where stated; photos are of the actual pieces.', 'Bulk rates for boutiques and resellers.'],
    items: [
      'Kundan necklace set with earrings | 2450 | necklace,kundan,jewellery | 2-100',
      'Oxidised silver jhumka earrings, set of 12 | 1320 | jhumka,earrings,oxidised | 1-200',
      'Gold plated bangles, 2.6 size, dozen | 1150 | bangles,gold plated,chudiyan | 1-250',
      'Titan analog watch for men, used | 2100 | watch,titan | 1-1 | good',
      'Jaipur meenakari bangles, handmade | 850 | meenakari,bangles,jaipur | 6-300',
      'चांदी की पायल, 925 स्टर्लिंग | 3800 | payal,anklet,silver,पायल | 1-40',
      'American diamond ring set for resellers | 2750 | ring,american diamond,wholesale | 1-80',
    ],
  },
  Bags: {
    notes: ['Logo printing for corporate orders.', 'Strong stitching, one-year replacement on zips.'],
    items: [
      'Leather office bag for 15.6 inch laptops | 2199 | laptop bag,leather,office bag | 1-150',
      'School bags 30 L, waterproof, lot of 10 | 3900 | school bag,backpack,wholesale | 1-120',
      'Jute shopping bags with logo printing | 48 | jute bag,shopping bag,eco friendly | 500-50000',
      'Trolley suitcase set of 3, hard shell | 6999 | suitcase,trolley bag,luggage | 1-40',
      'Non-woven carry bags, 1000 pieces | 2300 | carry bag,non woven,packaging | 1-300',
      'लेदर लेडीज़ पर्स, कानपुर मेड | 950 | purse,handbag,पर्स,leather | 5-300',
      'American Tourister backpack, used twice | 1500 | backpack,american tourister | 1-1 | like_new',
    ],
  },
  Beauty: {
    notes: ['Within expiry, batch number on every pack.', 'Salon and parlour suppliers.'],
    items: [
      'Herbal face wash 100 ml, carton of 48 | 3360 | face wash,herbal,wholesale | 1-80',
      'Lakme makeup kit for parlours | 2650 | makeup kit,lakme,parlour | 1-50',
      'Pure rose water 500 ml, Kannauj | 180 | rose water,gulab jal,kannauj | 24-2000',
      'Hair colour, natural black, box of 36 | 2700 | hair colour,hair dye,wholesale | 1-100',
      'मेहंदी कोन, नेचुरल, 100 पीस | 900 | mehndi,henna,मेहंदी | 1-300',
      'Salon chair hydraulic, heavy duty | 9800 | salon chair,parlour chair,chair | 1-15',
    ],
  },
};
