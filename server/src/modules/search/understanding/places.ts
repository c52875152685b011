import { normalizeQuery } from './normalize.js';

/**
 * Indian cities and states buyers name ('in Pune', 'Surat ke supplier', 'पुणे में'), with the
 * spellings recognisers and people use. The first name is the canonical one, compared with the
 * product's city and state ignoring case.
 */
const PLACES: string[][] = [
  ['Mumbai', 'bombay', 'मुंबई', 'मुम्बई', 'बॉम्बे'],
  // Its own city (not Mumbai): 'navi mumbai' is matched before 'mumbai' as the longer phrase.
  ['Navi Mumbai', 'new bombay', 'नवी मुंबई', 'नवी मुम्बई'],
  ['Delhi', 'new delhi', 'dilli', 'दिल्ली', 'नई दिल्ली'],
  ['Bengaluru', 'bangalore', 'bengaluru', 'बेंगलुरु', 'बैंगलोर', 'बंगलौर'],
  ['Chennai', 'madras', 'चेन्नई'],
  ['Kolkata', 'calcutta', 'कोलकाता', 'कलकत्ता'],
  ['Hyderabad', 'हैदराबाद'],
  ['Pune', 'poona', 'पुणे', 'पूना'],
  ['Ahmedabad', 'amdavad', 'अहमदाबाद'],
  ['Surat', 'सूरत'],
  ['Jaipur', 'जयपुर'],
  ['Lucknow', 'लखनऊ'],
  ['Kanpur', 'कानपुर'],
  ['Nagpur', 'नागपुर'],
  ['Indore', 'इंदौर'],
  ['Bhopal', 'भोपाल'],
  ['Patna', 'पटना'],
  ['Ludhiana', 'लुधियाना'],
  ['Agra', 'आगरा'],
  ['Nashik', 'nasik', 'नासिक'],
  ['Vadodara', 'baroda', 'वडोदरा', 'बड़ौदा'],
  ['Rajkot', 'राजकोट'],
  ['Varanasi', 'banaras', 'benares', 'वाराणसी', 'बनारस'],
  ['Coimbatore', 'कोयंबटूर'],
  ['Kochi', 'cochin', 'कोच्चि'],
  ['Chandigarh', 'चंडीगढ़'],
  ['Noida', 'नोएडा'],
  ['Gurugram', 'gurgaon', 'गुरुग्राम', 'गुड़गांव'],
  ['Ghaziabad', 'गाजियाबाद'],
  ['Faridabad', 'फरीदाबाद'],
  ['Thane', 'ठाणे'],
  ['Visakhapatnam', 'vizag', 'विशाखापत्तनम'],
  ['Madurai', 'मदुरै'],
  ['Mysuru', 'mysore', 'मैसूर'],
  ['Amritsar', 'अमृतसर'],
  ['Jodhpur', 'जोधपुर'],
  ['Udaipur', 'उदयपुर'],
  ['Guwahati', 'गुवाहाटी'],
  ['Bhubaneswar', 'भुवनेश्वर'],
  ['Dehradun', 'देहरादून'],
  ['Raipur', 'रायपुर'],
  ['Ranchi', 'रांची'],
  ['Meerut', 'मेरठ'],
  ['Aurangabad', 'औरंगाबाद'],
  ['Tiruppur', 'tirupur', 'तिरुप्पुर'],
  ['Moradabad', 'मुरादाबाद'],
  ['Panipat', 'पानीपत'],
  ['Jalandhar', 'जालंधर'],
  ['Kota', 'कोटा'],
  ['Vijayawada', 'विजयवाड़ा'],
  ['Maharashtra', 'महाराष्ट्र'],
  ['Gujarat', 'गुजरात'],
  ['Karnataka', 'कर्नाटक'],
  ['Tamil Nadu', 'tamilnadu', 'तमिलनाडु', 'तमिल नाडु'],
  ['Uttar Pradesh', 'उत्तर प्रदेश'],
  ['Rajasthan', 'राजस्थान'],
  ['West Bengal', 'bengal', 'पश्चिम बंगाल', 'बंगाल'],
  ['Kerala', 'केरल'],
  ['Punjab', 'पंजाब'],
  ['Haryana', 'हरियाणा'],
  ['Madhya Pradesh', 'मध्य प्रदेश'],
  ['Bihar', 'बिहार'],
  ['Telangana', 'तेलंगाना'],
  ['Andhra Pradesh', 'आंध्र प्रदेश'],
  ['Odisha', 'orissa', 'ओडिशा'],
  ['Assam', 'असम'],
  ['Jharkhand', 'झारखंड'],
  ['Chhattisgarh', 'छत्तीसगढ़'],
  ['Uttarakhand', 'उत्तराखंड'],
  ['Himachal Pradesh', 'himachal', 'हिमाचल प्रदेश', 'हिमाचल'],
  ['Goa', 'गोवा'],
];

/** The canonical names of the states (the gazetteer lists them after the cities, from Maharashtra on). */
const STATES = new Set(PLACES.slice(PLACES.findIndex(([name]) => name === 'Maharashtra')).map(([name]) => name));

/** Whether a canonical place name is a state's (else a city's). */
export const isStateName = (place: string): boolean => STATES.has(place);

/** Normalized spelling -> canonical place name. */
export const PLACE_NAMES: ReadonlyMap<string, string> = new Map(
  PLACES.flatMap(([canonical, ...aliases]) => [canonical, ...aliases].map((a): [string, string] => [normalizeQuery(a), canonical])),
);

/**
 * The key a place is compared by, the same for a listing's city or state and a buyer's words:
 * the gazetteer's canonical name ('Bangalore', 'बैंगलोर' -> 'bengaluru'), or the place as typed
 * (normalised, lower case) when the gazetteer does not know it. Engines index listings by it and
 * filter with it.
 */
export function placeKey(place: string | null | undefined): string | null {
  if (!place) return null;
  const normalized = normalizeQuery(place);
  if (!normalized) return null;
  return (PLACE_NAMES.get(normalized) ?? normalized).toLowerCase();
}

/** Words that may sit around a place without meaning anything else ('in', 'ke', 'से'). */
export const PLACE_PREPOSITIONS = new Set(['in', 'from', 'at', 'near', 'around', 'ke', 'ka', 'ki', 'se', 'me', 'mein', 'के', 'का', 'की', 'से', 'में']);
