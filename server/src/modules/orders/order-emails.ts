import { formatPaise } from '../../common/money.js';
import type { OrderStatus } from './order.entity.js';

interface OrderFacts {
  displayId: string;
  title: string;
  quantity: number;
  totalPaise: string;
  url: string;
  hours: number;
}

type Kind = 'created' | OrderStatus;
type Texts = { subject: string; lines: string[] };

const rupees = formatPaise;

const TEXTS: Record<'en' | 'hi', (k: Kind, f: OrderFacts) => Texts | null> = {
  en: (k, f) => {
    const what = `${f.quantity} x ${f.title} (order ${f.displayId}, total ${rupees(f.totalPaise)})`;
    switch (k) {
      case 'created':
        return { subject: `New order ${f.displayId}: ${f.title}`, lines: [`You have a new order: ${what}.`, `The buyer pays you outside the app (UPI or bank transfer) within ${f.hours} hours.`, `See your orders: ${f.url}`] };
      case 'delivery_pending':
        return { subject: `Order ${f.displayId} confirmed`, lines: [`Your payment for ${what} is confirmed. The seller will deliver it.`, `See your orders: ${f.url}`] };
      case 'delivered':
        return { subject: `Order ${f.displayId} delivered`, lines: [`The seller marked ${what} as delivered.`, `See your orders: ${f.url}`] };
      case 'cancelled':
        return { subject: `Order ${f.displayId} cancelled`, lines: [`Your order ${what} was cancelled.`, `See your orders: ${f.url}`] };
      default:
        return null;
    }
  },
  hi: (k, f) => {
    const what = `${f.title}, ${f.quantity} पीस (ऑर्डर ${f.displayId}, कुल ${rupees(f.totalPaise)})`;
    switch (k) {
      case 'created':
        return { subject: `नया ऑर्डर ${f.displayId}: ${f.title}`, lines: [`आपको एक नया ऑर्डर मिला है: ${what}।`, `ख़रीदार ${f.hours} घंटे के अंदर ऐप के बाहर (UPI या बैंक ट्रांसफ़र से) पेमेंट करेगा।`, `अपने ऑर्डर देखें: ${f.url}`] };
      case 'delivery_pending':
        return { subject: `ऑर्डर ${f.displayId} कन्फ़र्म हो गया`, lines: [`${what} के लिए आपका पेमेंट कन्फ़र्म हो गया है। अब सेलर इसे डिलीवर करेगा।`, `अपने ऑर्डर देखें: ${f.url}`] };
      case 'delivered':
        return { subject: `ऑर्डर ${f.displayId} डिलीवर हो गया`, lines: [`सेलर ने बताया है कि ${what} डिलीवर हो गया है।`, `अपने ऑर्डर देखें: ${f.url}`] };
      case 'cancelled':
        return { subject: `ऑर्डर ${f.displayId} रद्द हो गया`, lines: [`आपका ऑर्डर ${what} रद्द हो गया।`, `अपने ऑर्डर देखें: ${f.url}`] };
      default:
        return null;
    }
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email about an order event, in the recipient's language (null: nothing to tell). */
export function orderEmail(language: 'en' | 'hi', kind: Kind, facts: OrderFacts): { subject: string; text: string; html: string } | null {
  const t = TEXTS[language === 'hi' ? 'hi' : 'en'](kind, facts);
  if (!t) return null;
  return { subject: t.subject, text: t.lines.join('\n'), html: t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') };
}
