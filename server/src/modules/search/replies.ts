import type { Locale } from '../../common/request-context.js';
import type { PromptKind, TurnKind } from './understanding/assistant-session.js';

/** The follow-up questions of docs/product.md#overlays, in both languages. */
const PROMPTS: Record<PromptKind, Record<Locale, string>> = {
  industry: { en: 'What industry is this for?', hi: 'यह किस उद्योग के लिए है?' },
  brand: { en: 'Do you have a preferred brand?', hi: 'क्या आपका कोई पसंदीदा ब्रांड है?' },
  price: { en: "What's your preferred price range?", hi: 'आपकी पसंदीदा कीमत सीमा क्या है?' },
};

/**
 * The assistant's short reply to a message (read aloud by the client): how many products it
 * found, for a new search or a changed one, or that nothing matched.
 */
export function assistantReply(locale: Locale, kind: TurnKind, total: number): string {
  if (total === 0) {
    return locale === 'hi'
      ? 'माफ़ कीजिए, इसके लिए कोई उत्पाद नहीं मिला। दूसरे शब्द आज़माएँ या कोई फ़िल्टर हटाएँ।'
      : "Sorry, I couldn't find any products for that. Try other words or remove a filter.";
  }
  if (locale === 'hi') return kind === 'refine' ? `बदलाव के बाद ${total} उत्पाद मिले।` : `मुझे ${total} उत्पाद मिले।`;
  const products = total === 1 ? 'product' : 'products';
  return kind === 'refine' ? `Updated: ${total} ${products} match now.` : `I found ${total} ${products}.`;
}

/** The reply to a first message with nothing to search for ('hello'). */
export const askWhatReply = (locale: Locale): string =>
  locale === 'hi' ? 'आप क्या ढूँढना चाहते हैं? जैसे “30000 से कम पुराना लैपटॉप”।' : 'What would you like to find? For example “used laptop under 30000”.';

export const promptText = (locale: Locale, kind: PromptKind): string => PROMPTS[kind][locale];
