import type { CategoryStock } from './category-stock.js';

/** Furniture, decor, kitchen, garden, tools and home improvement (the format: demo-stock.ts). */
export const HOME_STOCK: Record<string, CategoryStock> = {
  Furniture: {
    notes: ['Delivery and assembly free within city limits.', 'Bulk orders for offices, schools and co-working spaces.', 'Made in our own factory; custom sizes on request.'],
    items: [
      'Ergonomic mesh office chair with headrest | 6499 | office chair,chair,ergonomic,mesh chair | 1-100',
      'Revolving office chair, medium back, with arms | 3299 | office chair,revolving chair,chair | 5-400',
      'Executive leather office chair, high back | 11500 | office chair,executive chair,boss chair,chair | 1-40',
      'Visitor chairs for office reception, set of 4 | 7600 | visitor chair,office chair,reception | 1-60',
      'ऑफिस चेयर मेश बैक, थोक में उपलब्ध | 2850 | office chair,chair,कुर्सी,mesh chair | 10-800',
      'Used office chairs, branded, lot of 10 | 9500 | office chair,used chairs,chair | 1-12 | good',
      'Plastic chairs Nilkamal, pack of 6 | 3300 | plastic chair,chair,nilkamal | 1-300',
      'Wooden office table 4 x 2 ft with drawer | 7800 | office table,desk,table | 1-60',
      'Modular workstation for 4 people | 42000 | workstation,office furniture,desk | 1-20',
      'Steel almirah, 4 door, Godrej style | 5500 | almirah,cupboard,steel | 1-6 | good',
      'Conference table 8 seater with wire manager | 24500 | conference table,meeting table | 1-10',
      'School desk bench for 2 students | 2900 | school furniture,desk,bench | 20-1000',
      'Sofa set 3+1+1 fabric, Kirti Nagar made | 28500 | sofa,sofa set,living room | 1-8',
    ],
  },
  HomeDecor: {
    notes: ['Handmade by artisans; small variations are part of the charm.', 'Hotel, restaurant and gift orders welcome.'],
    items: [
      'Blue pottery ceramic vase, handmade | 899 | vase,blue pottery,handmade | 1-120',
      'Handblock printed cotton bedsheets, set of 5 | 2599 | bedsheet,cotton,block print | 1-250',
      'Brass diya set for Diwali, 12 pieces | 1200 | diya,brass,diwali | 1-400',
      'Macrame wall hanging, large | 1450 | wall hanging,macrame,decor | 1-80',
      'राजस्थानी कठपुतली, जोड़ी | 650 | puppet,kathputli,rajasthani | 5-300',
      'Artificial flowers with pot, office decor | 750 | artificial plant,flowers,office decor | 5-500',
      'Jute rugs 4 x 6 ft, handwoven | 1900 | rug,carpet,jute | 2-150',
      'Curtains blackout, 7 ft, pair | 1250 | curtains,blackout,home | 2-400',
    ],
  },
  Kitchen: {
    notes: ['ISI marked; restaurant and canteen supply.', 'Dealer pricing for 20+ pieces.'],
    items: [
      'Prestige induction cooktop 2000 W | 2399 | induction,prestige,kitchen | 1-120',
      'Stainless steel water bottles 1 L, carton of 24 | 3600 | water bottle,steel,bulk | 1-100',
      'Commercial mixer grinder 2 HP for hotels | 14500 | mixer grinder,commercial,hotel | 1-20',
      'Hawkins pressure cooker 5 L | 2150 | pressure cooker,hawkins | 2-200',
      'Steel thali set, 6 pieces, restaurant grade | 1450 | thali,steel,dinner set | 10-1000',
      'कमर्शियल गैस तंदूर, ढाबे के लिए | 18500 | tandoor,commercial,तंदूर | 1-10',
      'Copper bottles handmade, lot of 12 | 5400 | copper bottle,copper,wholesale | 1-60',
      'Borosil glass lunch box set of 3 | 1299 | lunch box,borosil,glass | 1-150',
      'Chapati making machine, semi automatic | | chapati machine,roti maker,commercial | 1-5',
    ],
  },
  Garden: {
    notes: ['Nursery grown, delivered in pots.', 'Landscaping contractors get project rates.'],
    items: [
      'Garden hose pipe 30 m with nozzle | 1350 | hose pipe,garden,water | 2-200',
      'Cocopeat block 5 kg, for nurseries | 240 | cocopeat,potting mix,nursery | 20-5000',
      'Ceramic planters set of 3 | 1650 | planters,pots,garden | 2-200',
      'Drip irrigation kit for 100 plants | 2800 | drip irrigation,garden,farming | 1-80',
      'Petrol brush cutter 2 stroke | 9800 | brush cutter,grass cutter | 1-25',
      'बगीचे के लिए वर्मी कम्पोस्ट 25 किलो | 425 | vermicompost,compost,खाद | 10-2000',
      'Outdoor swing chair with canopy | 12999 | swing,garden furniture,chair | 1-10',
    ],
  },
  HomeTools: {
    notes: ['Genuine brand tools with warranty.', 'Hardware shop rates for 10+ pieces.'],
    items: [
      'Bosch GSB 500W impact drill kit | 3299 | drill,bosch,drill machine | 1-90',
      'Stanley tool kit 65 pieces | 2950 | tool kit,stanley,hand tools | 1-60',
      'Angle grinder 850 W, 4 inch | 1999 | angle grinder,grinder,power tool | 1-120',
      'Taparia screwdriver set, box of 10 | 1850 | screwdriver,taparia,wholesale | 1-100',
      'ड्रिल मशीन 13 mm, हैवी ड्यूटी | 2450 | drill machine,drill,ड्रिल मशीन | 1-80',
      'Aluminium folding ladder 6 steps | 3400 | ladder,aluminium | 1-40',
      'Measuring tape 5 m, pack of 20 | 1400 | measuring tape,wholesale | 1-150',
    ],
  },
  HomeImprovement: {
    notes: ['Site delivery with GST invoice.', 'Contractor and builder rates on bulk.'],
    items: [
      'Asian Paints Apcolite emulsion 20 L | 6800 | paint,asian paints,emulsion | 1-100',
      'Vitrified floor tiles 2 x 2 ft, per box | 560 | tiles,vitrified tiles,flooring | 20-5000',
      'Jaquar bathroom fittings set | 11500 | bathroom fittings,jaquar,taps | 1-30',
      'Havells modular switches, box of 20 | 1800 | switches,havells,electrical | 1-200',
      'पीवीसी पाइप 4 इंच, 6 मीटर | 680 | pvc pipe,plumbing,पाइप | 10-3000',
      'Polycab wire 1.5 sq mm, 90 m coil | 1650 | wire,polycab,electrical | 2-500',
      'UPVC windows made to measure | | upvc window,windows,doors | 1-100',
      'LED panel lights 18 W, pack of 10 | 2900 | led light,panel light,lighting | 1-300',
    ],
  },
};
