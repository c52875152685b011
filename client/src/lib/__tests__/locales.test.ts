import { describe, expect, it } from 'vitest';
import { resources as bundled } from '../i18n';
import { enScreens } from '../i18n-en-screens';
import { hi } from '../i18n-hi';

// The screens' part of the common namespace is merged into the first page's when it comes (lib/i18n.ts).
const resources = { en: { ...bundled.en, ...enScreens, common: { ...bundled.en.common, ...enScreens.common, orders: { ...bundled.en.common.orders, ...enScreens.common.orders } } }, hi };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [innerKey, innerValue] of flatten(value, path)) entries.set(innerKey, innerValue);
  }
  return entries;
}

const namespaces = Object.keys(resources.en) as Array<keyof typeof resources.en>;
const DEVANAGARI = /[\u0900-\u097F]/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();
// Strings that are deliberately the same in both languages: a language's own name, and OTP, IFSC and UTR
// (written in Latin letters in Hindi too, as on every bill: docs/glossary-hi.md).
const SAME_IN_BOTH = new Set(['common:language.en', 'common:language.hi', 'verification:phone.codeLabel', 'common:price.perUnit', 'common:price.range', 'products:gallery.itemName', 'common:orders.pay.bankIfsc', 'common:orders.utrShown', 'common:price.bands.between', 'settings:business.ifsc', 'common:reviews.by', 'settings:notifications.channels.whatsapp', 'products:form.gstRateOption']);

describe.each(namespaces)('locale namespace %s', (namespace) => {
  const en = flatten(resources.en[namespace] as Tree);
  const hi = flatten(resources.hi[namespace] as Tree);

  it('has the same keys in English and Hindi', () => {
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has real Hindi (Devanagari) for every string, with the same placeholders', () => {
    for (const [key, english] of en) {
      const hindi = hi.get(key) ?? '';
      expect(hindi.trim(), key).not.toBe('');
      expect(placeholders(hindi), key).toEqual(placeholders(english));
      if (!SAME_IN_BOTH.has(`${namespace}:${key}`)) expect(hindi, key).toMatch(DEVANAGARI);
    }
  });
});
