import type { Locale } from '../../common/request-context.js';
import type { PromptKind, TurnKind } from './understanding/assistant-session.js';

/** The follow-up questions of docs/product.md#overlays, in both languages. */
const PROMPTS: Record<PromptKind, Record<Locale, string>> = {
  industry: { en: 'What industry is this for?', hi: 'यह किस काम-धंधे के लिए है?' },
  brand: { en: 'Do you have a preferred brand?', hi: 'कोई ख़ास ब्रांड चाहिए?' },
  price: { en: "What's your preferred price range?", hi: 'आपका बजट कितना है?' },
};

const HINDI_PLURAL = new Intl.PluralRules('hi');

/**
 * The assistant's short reply to a message (read aloud by the client): how many products it
 * found, for a new search or a changed one, or that nothing matched (with fewer words to try, and
 * the category the words belong to when there is one).
 */
export function assistantReply(locale: Locale, kind: TurnKind, total: number, nearbyCategory: string | null = null, exact = true): string {
  if (total === 0) {
    const sorry =
      locale === 'hi'
        ? 'माफ़ कीजिए, इसके लिए कोई प्रोडक्ट नहीं मिला। कम शब्दों में या दूसरे शब्दों में बताइए, या कोई फ़िल्टर हटाइए।'
        : "Sorry, I couldn't find any products for that. Try fewer words, other words, or remove a filter.";
    if (!nearbyCategory) return sorry;
    // The category the words belong to: everything in it is one request away.
    return locale === 'hi' ? `${sorry} पूरी कैटेगरी देखने के लिए “${nearbyCategory}” कहिए।` : `${sorry} Or say “${nearbyCategory}” to see everything in that category.`;
  }
  if (locale === 'hi') {
    // The verb agrees with the count (CLDR's Hindi rules, as i18next uses on the client): 1 मिला, 3 मिले.
    const found = HINDI_PLURAL.select(total) === 'one' && exact ? 'मिला' : 'मिले';
    // A broad search stops counting: 'more than 1000' (1000 से ज़्यादा), never a made-up exact number.
    const count = exact ? `${total}` : `${total} से ज़्यादा`;
    return kind === 'refine' ? `बदलाव के बाद ${count} प्रोडक्ट ${found}।` : `मुझे ${count} प्रोडक्ट ${found}।`;
  }
  const products = total === 1 && exact ? 'product' : 'products';
  const count = exact ? `${total}` : `more than ${total}`;
  return kind === 'refine' ? `Updated: ${count} ${products} match now.` : `I found ${count} ${products}.`;
}

/** The question asked back when a request has nothing to search for ('hello', '🙂', '%'). */
export const askWhatQuestion = (locale: Locale): string => (locale === 'hi' ? 'आप क्या ढूँढ रहे हैं?' : 'What are you looking for?');

/** The reply to a first message with nothing to search for ('hello'): the question, with an example. */
export const askWhatReply = (locale: Locale): string =>
  locale === 'hi' ? `${askWhatQuestion(locale)} जैसे “30,000 से कम का पुराना लैपटॉप”।` : `${askWhatQuestion(locale)} For example “used laptop under 30000”.`;

/** What a relaxed search says it left out: the goods (as the buyer said them), the words and filters dropped. */
export interface RelaxedSaying {
  goods: string;
  words: string[];
  filters: Array<'location' | 'minQuantity'>;
  place?: string;
  quantity?: number;
}

/**
 * Says what a search left out to find anything, in the buyer's language: 'No aluminium ladder in
 * Pune; here are aluminium ladder elsewhere.', 'Nothing matched every word; showing aluminium
 * ladder without “warehouse use”.'
 */
export function relaxedMessage(locale: Locale, s: RelaxedSaying): string {
  const place = s.filters.includes('location') ? s.place : undefined;
  const quantity = s.filters.includes('minQuantity') ? s.quantity : undefined;
  const parts: string[] = [];
  if (locale === 'hi') {
    if (place) parts.push(`${place} में ${s.goods} नहीं मिले; ये दूसरी जगहों के हैं।`);
    if (quantity) parts.push(`${quantity} पीस देने वाले ${s.goods} नहीं मिले; ये कम मात्रा वाले हैं।`);
    if (s.words.length) parts.push(`सभी शब्दों से कुछ नहीं मिला; “${s.words.join(' ')}” के बिना ${s.goods} दिखा रहे हैं।`);
  } else {
    if (place) parts.push(`No ${s.goods} in ${place}; here are ${s.goods} elsewhere.`);
    if (quantity) parts.push(`No seller of ${s.goods} can supply ${quantity}; here are ${s.goods} in smaller quantities.`);
    if (s.words.length) parts.push(`Nothing matched every word; showing ${s.goods} without “${s.words.join(' ')}”.`);
  }
  return parts.join(' ');
}

export const promptText = (locale: Locale, kind: PromptKind): string => PROMPTS[kind][locale];
