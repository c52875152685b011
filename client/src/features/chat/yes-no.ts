// docs/product.md#inquiries: the yes/no words a buyer may answer with (English, and Hindi as spoken
// or typed in Devanagari or Latin letters), stored as Yes or No.
const YES = ['yes', 'y', 'yeah', 'yep', 'true', 'correct', 'right', 'affirmative', 'हाँ', 'हां', 'हा', 'जी', 'जी हाँ', 'जी हां', 'haan', 'han', 'ha', 'ji'];
const NO = ['no', 'n', 'nope', 'false', 'incorrect', 'wrong', 'negative', 'नहीं', 'नही', 'ना', 'जी नहीं', 'nahi', 'nahin', 'na'];

/** 'Yes', 'No', or null when the reply is neither. */
export function readYesNo(reply: string): 'Yes' | 'No' | null {
  const word = reply.trim().toLowerCase().replace(/[.!?।,]+$/u, '').trim();
  if (YES.includes(word)) return 'Yes';
  if (NO.includes(word)) return 'No';
  return null;
}
