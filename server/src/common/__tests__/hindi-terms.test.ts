import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedWords, findings, forbiddenIn, forbiddenTerms, hindiFiles, ROOT } from '../../../../scripts/hindi-check.mjs';
import { assistantReply } from '../../modules/search/replies.js';
import { declaredMessages } from '../message.js';
import { messageFiles } from './message-sources.js';

type Tree = { [key: string]: string | Tree };

/** Every client text as [key, English, Hindi], read from the locale files. */
function clientTexts(): Array<[key: string, en: string, hi: string]> {
  const dir = (lang: string) => path.join(ROOT, 'client/src/locales', lang);
  const read = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir(lang), file), 'utf8')) as Tree;
  const flatten = (tree: Tree, prefix: string, out: Map<string, string>) => {
    for (const [k, v] of Object.entries(tree)) {
      if (typeof v === 'string') out.set(`${prefix}.${k}`, v);
      else flatten(v, `${prefix}.${k}`, out);
    }
    return out;
  };
  const texts: Array<[string, string, string]> = [];
  for (const file of fs.readdirSync(dir('hi'))) {
    const ns = file.replace(/\.json$/, '');
    const en = flatten(read('en', file), ns, new Map());
    const hi = flatten(read('hi', file), ns, new Map());
    for (const [key, english] of en) if (hi.has(key)) texts.push([key, english, hi.get(key)!]);
  }
  return texts;
}

const HOLE = '\u0000';
/** A text with its placeholders ({{count}} on the client, {n} on the server) as one mark. */
const shape = (text: string) => text.replace(/\{\{\w+\}\}|\{\w+\}/g, HOLE);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The texts the client and the server both show (same English), with each side's Hindi: a server
 * message equal to a client text (its placeholders filled the way the server writes them), or a
 * server pattern of the client text's shape.
 */
function sharedMessages(): Array<{ key: string; english: string; client: string; server: string }> {
  const shared: Array<{ key: string; english: string; client: string; server: string }> = [];
  const catalogue = [...declaredMessages().values()];
  const exact = catalogue.filter((m) => !/\{\w+\}/.test(m.en)).map((m) => [m.en, m.hi] as const);
  const patterns = catalogue.filter((m) => /\{\w+\}/.test(m.en)).map((m) => [m.en, m.hi] as const);
  for (const [key, en, hi] of clientTexts()) {
    if (en.replace(/\{\{\w+\}\}/g, '').trim().length < 10) continue; // '{{min}} to {{max}}' is no message
    const names = [...en.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    // A value the server writes into its text is one word ('+919876543210', '5').
    const enRegex = new RegExp(`^${en.split(/\{\{\w+\}\}/).map(escape).join('(\\S+)')}$`);
    for (const [serverEn, serverHi] of exact) {
      const m = enRegex.exec(serverEn);
      if (!m) continue;
      const filled = hi.replace(/\{\{(\w+)\}\}/g, (_, name: string) => m[names.indexOf(name) + 1]);
      shared.push({ key, english: serverEn, client: filled, server: serverHi });
    }
    for (const [serverEn, serverHi] of patterns) {
      if (shape(serverEn) === shape(en)) shared.push({ key, english: serverEn, client: shape(hi), server: shape(serverHi) });
    }
  }
  return shared;
}

beforeAll(async () => {
  for (const file of messageFiles()) await import(file);
});

describe('the Hindi glossary (docs/glossary-hi.md) on the server', () => {
  it('is followed by every Hindi text of the server (messages, replies, emails, categories, questions)', () => {
    expect(hindiFiles('server')).toEqual(
      expect.arrayContaining([
        'server/src/common/messages.ts',
        'server/src/modules/products/products.messages.ts',
        'server/src/http/http.messages.ts',
        'server/src/modules/search/replies.ts',
        'server/src/modules/verification/otp-messages.ts',
        'server/src/modules/orders/order-emails.ts',
        'server/src/modules/products/categories.ts',
        'server/src/adapters/llm/rules-question-generator.ts',
      ]),
    );
    expect(forbiddenTerms()).toEqual(expect.arrayContaining(['उत्पाद', 'विक्रेता', 'सत्यापन', 'प्रश्न', 'सहेज']));
    expect(findings('server')).toEqual([]);
  });

  it('lets other words that contain a forbidden term be, and only those', () => {
    const terms = forbiddenTerms();
    expect(allowedWords()).toEqual(expect.arrayContaining(['सत्रह', 'उत्तर प्रदेश']));
    expect(forbiddenIn('सत्रह हज़ार रुपये; राज्य: उत्तर प्रदेश', terms, allowedWords())).toEqual([]);
    expect(forbiddenIn('सत्र ख़त्म; सही उत्तर दें', terms, allowedWords())).toEqual(['उत्तर', 'सत्र']);
  });

  it('never names a field of the API in a Hindi message', () => {
    const FIELD = /\b(limit|offset|to|channel|mandatory|enabled|force_original|assistantSessionId|conversationId|client_message_id|item_ids|answers|action|before|after|filter|without_filters|yes_no|free_response|buy_now|inquire|true|false)\b/;
    const named = [...declaredMessages().values()].map((m) => m.hi).filter((hi) => FIELD.test(hi));
    expect(named).toEqual([]);
  });
});

describe('messages both the client and the server show', () => {
  let shared: ReturnType<typeof sharedMessages>;
  beforeAll(() => {
    shared = sharedMessages();
  });

  it('are found (the photo, 5 MB, gallery and sign-up messages among them)', () => {
    const english = shared.map((s) => s.english);
    expect(english).toEqual(
      expect.arrayContaining([
        'Maximum 2 images allowed. Please remove existing images first.',
        'Each image must be less than 5MB',
        'Thumbnail file size must be less than 5MB',
        'Please enter username',
        'Please enter a valid WhatsApp number (e.g., {example})',
        'File size ({size} MB) exceeds maximum allowed size ({max} MB)',
        'Invalid verification code. {n} attempts left.',
      ]),
    );
    expect(shared.length).toBeGreaterThan(30);
  });

  it('have the same Hindi on both sides, word for word', () => {
    const differ = shared.filter((s) => s.client !== s.server).map((s) => `${s.key}: client "${s.client}" / server "${s.server}"`);
    expect(differ).toEqual([]);
  });

  it("include the assistant's reply when nothing matched (the overlay shows the server's words; it keeps no copy)", () => {
    expect(clientTexts().some(([key]) => key === 'search.assistant.noResults')).toBe(false);
    expect(assistantReply('en', 'new', 0)).toMatch(/^Sorry, I couldn't find any products for that\./);
    const hindi = assistantReply('hi', 'new', 0);
    expect(hindi).toMatch(/^माफ़ कीजिए, इसके लिए कोई प्रोडक्ट नहीं मिला।/);
    expect(hindi).not.toMatch(/[A-Za-z]/);
  });
});

describe("the assistant's spoken replies in Hindi", () => {
  it('agree with the number of products found (1 मिला, many मिले)', () => {
    expect(assistantReply('hi', 'new', 1)).toBe('मुझे 1 प्रोडक्ट मिला।');
    expect(assistantReply('hi', 'new', 3)).toBe('मुझे 3 प्रोडक्ट मिले।');
    expect(assistantReply('hi', 'refine', 1)).toBe('बदलाव के बाद 1 प्रोडक्ट मिला।');
    expect(assistantReply('hi', 'refine', 25)).toBe('बदलाव के बाद 25 प्रोडक्ट मिले।');
    expect(assistantReply('en', 'new', 1)).toBe('I found 1 product.');
  });
});
