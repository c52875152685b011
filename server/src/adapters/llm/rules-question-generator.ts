import { MAX_GENERATED_QUESTIONS, type GeneratedQuestion, type QuestionGenerator, type QuestionRequest } from './question-generator.js';

type Text = { en: string; hi: string };
interface Rule {
  text: (found: string) => Text;
  questionType: GeneratedQuestion['questionType'];
  mandatory: boolean;
}

const q = (en: string, hi: string, questionType: GeneratedQuestion['questionType'], mandatory = false): Rule => ({
  text: () => ({ en, hi }),
  questionType,
  mandatory,
});

const FAMILIES: Record<string, string[]> = {
  electronics: ['Smartphones', 'Computers', 'Audio', 'Cameras', 'Gaming', 'Wearables', 'HomeElectronics', 'KidsElectronics', 'VideoGames'],
  apparel: ['MensClothing', 'WomensClothing', 'UnisexClothing', 'Shoes', 'Accessories', 'Jewelry', 'Bags', 'BabyClothing'],
  home: ['Furniture', 'HomeDecor', 'Kitchen', 'Garden', 'HomeTools', 'HomeImprovement'],
  sports: ['FitnessEquipment', 'OutdoorGear', 'SportsEquipment', 'Bicycles', 'WaterSports', 'WinterSports'],
  auto: ['CarParts', 'Motorcycles', 'AutoTools', 'CarAccessories'],
  media: ['Books', 'Music', 'Movies'],
  health: ['HealthEquipment', 'PersonalCare', 'Supplements', 'MedicalDevices', 'Beauty'],
  kids: ['Toys', 'BabyGear'],
  collectibles: ['Collectibles', 'Antiques', 'Art', 'Crafts'],
  business: ['OfficeSupplies', 'IndustrialEquipment', 'BusinessEquipment'],
};

const familyOf = (category: string | undefined) =>
  Object.entries(FAMILIES).find(([, ids]) => category && ids.includes(category))?.[0] ?? 'other';

const BY_FAMILY: Record<string, Rule> = {
  electronics: q('Do you need a warranty or after-sales service?', 'क्या आपको वारंटी या आफ़्टर-सेल्स सर्विस चाहिए?', 'YesNo'),
  apparel: q('Which sizes do you need, and how many of each?', 'आपको कौन-से साइज़ चाहिए, और हर साइज़ में कितने?', 'FreeResponse', true),
  home: q('Do you need installation or assembly?', 'क्या आपको इंस्टॉलेशन या असेंबली चाहिए?', 'YesNo'),
  sports: q('What size or level (beginner or professional) do you need?', 'आपको कौन-सा साइज़ या लेवल (शुरुआती या प्रोफ़ेशनल) चाहिए?', 'FreeResponse'),
  auto: q('Which vehicle make, model and year is it for?', 'यह किस गाड़ी के लिए है (कंपनी, मॉडल और साल)?', 'FreeResponse', true),
  media: q('Do you need a specific edition, language or format?', 'क्या आपको कोई ख़ास एडिशन, भाषा या फ़ॉर्मैट चाहिए?', 'FreeResponse'),
  health: q('Do you need certification or expiry date details?', 'क्या आपको सर्टिफ़िकेट या एक्सपायरी डेट की जानकारी चाहिए?', 'YesNo'),
  kids: q('What age group is it for?', 'यह कितनी उम्र के बच्चों के लिए है?', 'FreeResponse'),
  collectibles: q('Do you need a certificate of authenticity?', 'क्या आपको असली होने का सर्टिफ़िकेट चाहिए?', 'YesNo'),
  business: q(
    'Do you need installation, training or an annual maintenance contract (AMC)?',
    'क्या आपको इंस्टॉलेशन, ट्रेनिंग या सालाना मेंटेनेंस (AMC) चाहिए?',
    'YesNo',
  ),
  other: q('What will you use the product for?', 'आप इस प्रोडक्ट को किस काम में लेंगे?', 'FreeResponse'),
};

const QUANTITY = q('How many units do you need?', 'आपको कितने पीस चाहिए?', 'FreeResponse', true);
const BULK = q('Are you looking for a bulk or wholesale price?', 'क्या आपको थोक (होलसेल) रेट चाहिए?', 'YesNo');
const SPEC_GENERIC = q('Which specification (model, size or capacity) do you need?', 'आपको कौन-सा मॉडल, साइज़ या कैपेसिटी चाहिए?', 'FreeResponse');
const SPEC_FOUND: Rule = {
  text: (found) => ({
    en: `The listing mentions ${found}. Is that the specification you need?`,
    hi: `विवरण में ${found} लिखा है। क्या आपको यही स्पेसिफ़िकेशन चाहिए?`,
  }),
  questionType: 'YesNo',
  mandatory: false,
};
const DELIVERY_PLACE = q('Where should the order be delivered (city and PIN code)?', 'ऑर्डर कहाँ डिलीवर करना है (शहर और पिन कोड)?', 'FreeResponse', true);
const DELIVERY_DATE = q('By what date do you need delivery?', 'आपको डिलीवरी किस तारीख़ तक चाहिए?', 'FreeResponse');
const GST = q('Do you need a GST invoice?', 'क्या आपको GST बिल चाहिए?', 'YesNo');
const CUSTOM = q('Do you need customisation (logo, branding or colour)?', 'क्या आपको कस्टमाइज़ेशन (लोगो, ब्रांडिंग या रंग) चाहिए?', 'YesNo');
const USED = q(
  "Would you like recent photos or a video of the item's condition?",
  'क्या आप सामान की हालत की ताज़ा फ़ोटो या वीडियो देखना चाहेंगे?',
  'YesNo',
);

const MENTIONS = {
  bulk: /\b(bulk|wholesale|moq|minimum order|carton|cartons|lot|lots|dozen|pallet|pieces|pcs|units)\b|थोक|होलसेल|पीस|कार्टन/i,
  delivery: /\b(deliver|delivery|shipping|ship|dispatch|courier|transport|freight)\b|डिलीवरी|शिपिंग|भेज/i,
  gst: /\b(gst|gstin|invoice|tax invoice|bill)\b|जीएसटी|बिल/i,
  custom: /\b(custom|customi[sz]e|customi[sz]ation|personali[sz]e|logo|branding|print|printed|embroider\w*|colou?rs?)\b|कस्टम|लोगो|प्रिंट|रंग/i,
  spec: /\b(spec|specs|specification|model|size|sizes|dimension|dimensions|capacity|material|grade|variant)\b|साइज़|मॉडल|क्षमता/i,
};

/** A measurement in the description ("16 GB", "500ml", "2 kg", "1.5 ton"), as written. */
const MEASURE = /\b\d+(?:\.\d+)?\s?(?:gb|tb|mb|kg|gm|g|mg|ml|l|ltr|litres?|liters?|mm|cm|m|ft|inch(?:es)?|w|kw|kva|v|mah|hp|tons?|rpm)\b/i;

/**
 * The default question generator: no network, no model. It picks buyer questions from the
 * product's category and from what the description talks about (quantities, specifications,
 * delivery, GST invoices, customisation), in English or Hindi.
 */
export class RulesQuestionGenerator implements QuestionGenerator {
  readonly name = 'rules';

  async generate(request: QuestionRequest): Promise<GeneratedQuestion[]> {
    const text = `${request.title ?? ''}\n${request.description}`;
    const measure = MEASURE.exec(text)?.[0];
    const picked: Array<[Rule, string]> = [[QUANTITY, '']];
    picked.push([BY_FAMILY[familyOf(request.category)], '']);
    if (measure) picked.push([SPEC_FOUND, measure]);
    else if (MENTIONS.spec.test(text)) picked.push([SPEC_GENERIC, '']);
    picked.push([DELIVERY_PLACE, '']);
    if (MENTIONS.delivery.test(text)) picked.push([DELIVERY_DATE, '']);
    picked.push([{ ...GST, mandatory: MENTIONS.gst.test(text) }, '']);
    if (MENTIONS.custom.test(text)) picked.push([CUSTOM, '']);
    if (MENTIONS.bulk.test(text)) picked.push([BULK, '']);
    if (request.productType === 'used') picked.push([USED, '']);
    return picked.slice(0, MAX_GENERATED_QUESTIONS).map(([rule, found]) => ({
      question: rule.text(found)[request.language],
      questionType: rule.questionType,
      mandatory: rule.mandatory,
    }));
  }
}
