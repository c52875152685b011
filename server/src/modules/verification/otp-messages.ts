import type { Locale } from '../../common/request-context.js';

/** What a code message says, in the account's language (docs/product.md#overview: English and Hindi). */
const TEXT = {
  en: {
    subject: 'Your Bol Bazaar verification code',
    email: (code: string, minutes: number) =>
      `Your verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for this code, you can ignore this email.\n\nBol Bazaar`,
    whatsapp: (code: string, minutes: number) =>
      `Bol Bazaar: your verification code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`,
  },
  hi: {
    subject: 'आपका बोल बाज़ार वेरिफ़िकेशन कोड',
    email: (code: string, minutes: number) =>
      `आपका वेरिफ़िकेशन कोड ${code} है।\n\nयह ${minutes} मिनट तक ही चलेगा। अगर आपने यह कोड नहीं माँगा है, तो इस ईमेल को छोड़ दें।\n\nबोल बाज़ार`,
    whatsapp: (code: string, minutes: number) =>
      `बोल बाज़ार: आपका वेरिफ़िकेशन कोड ${code} है। यह ${minutes} मिनट तक ही चलेगा। इसे किसी को न बताएँ।`,
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function emailCodeMessage(locale: Locale, code: string, minutes: number) {
  const t = TEXT[locale];
  const text = t.email(code, minutes);
  const html = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><body style="font-family:sans-serif">${text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(code, `<strong style="font-size:1.4em;letter-spacing:.2em">${code}</strong>`)}</p>`)
    .join('')}</body></html>`;
  return { subject: t.subject, text, html };
}

export function whatsappCodeMessage(locale: Locale, code: string, minutes: number): string {
  return TEXT[locale].whatsapp(code, minutes);
}
