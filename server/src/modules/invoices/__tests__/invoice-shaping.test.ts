import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { numberInWords } from '../../../../src/common/number-words.js';
import { INDIAN_STATES } from '../../business/business.public.js';
import { UNIT_WORDS } from '../../products/products.public.js';
import { drawnText, invoiceFonts } from '../invoice-pdf.js';
import { INVOICE_TEXTS } from '../invoice-texts.js';

/**
 * pdfkit draws the glyphs fontkit's shaper chooses. HarfBuzz (what browsers and phones use) is the
 * reference for Devanagari: conjuncts, half forms, the i-matra before its consonant, reph. Every
 * Hindi word an invoice can print from our own texts, and the Hindi of the demo catalogue and the
 * app's screens (words sellers and buyers use in names and addresses), must come out of fontkit
 * as the same glyphs at the same places as out of HarfBuzz, in both weights (as drawn: `drawnText`).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const WORD = /[\u0900-\u097F\u200C\u200D]+/g;

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function invoiceWords(): Set<string> {
  const hi = INVOICE_TEXTS.hi;
  const texts: string[] = Object.values(hi).map((v: unknown) => (typeof v === 'function' ? (v as (...a: unknown[]) => string)('412345678901', '27/11/2026') : String(v)));
  texts.push(hi.page(1, 2), hi.forSeller('शर्मा स्टील'), hi.paid(null, '27/11/2026'));
  for (let i = 0n; i < 100n; i++) texts.push(numberInWords(i, 'hi'));
  texts.push(numberInWords(10n ** 12n + 1234567n, 'hi'), 'रुपया रुपये पैसे और');
  for (const u of Object.values(UNIT_WORDS)) texts.push(u.hiOne, u.hiOther);
  for (const s of INDIAN_STATES) texts.push(s.hi);
  return new Set(texts.join(' ').match(WORD));
}

function corpusWords(): Set<string> {
  const files = [...filesUnder('client/src/locales/hi', /\.json$/), ...filesUnder('server/src/modules/search/seed', /\.ts$/), ...filesUnder('server/src', /(^|[/.])messages\.ts$/)];
  return new Set(files.flatMap((f) => readFileSync(f, 'utf8').match(WORD) ?? []));
}

/** Hard cases: reph over conjuncts and after the i-matra, stacked and half forms, nukta letters, ZWJ/ZWNJ. */
const HARD = 'सिर्फ़ कर्ज़ र्क र्त्य र्ध्व हिन्दी क्षत्रिय त्र्य द्ध द्व द्य ह्म ह्न श्र श्री ट्रक ड्रम क्ष ज्ञ त्त न्न प्र्र स्त्री राष्ट्रीय कृपया हृदय ऋण ॐ रु रू क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ क्‍ष क्‌ष';

function fontkitGlyphs(font: fontkit.Font, word: string): string {
  const run = font.layout(word);
  return run.glyphs.map((g, i) => `${g.id}@${run.positions[i].xAdvance},${run.positions[i].xOffset},${run.positions[i].yOffset}`).join(' ');
}

function harfbuzzGlyphs(font: hb.Font, word: string): string {
  const buffer = new hb.Buffer();
  buffer.addText(word);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map((g, i) => `${g.codepoint}@${positions[i].xAdvance},${positions[i].xOffset},${positions[i].yOffset}`).join(' ');
}

describe('Devanagari on invoices', () => {
  for (const weight of ['regular', 'bold'] as const) {
    it(`is shaped by fontkit exactly as HarfBuzz shapes it (${weight})`, () => {
      const data = invoiceFonts()[weight];
      const fk = fontkit.create(data) as fontkit.Font;
      const hbFont = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(data))));
      const words = [...new Set([...invoiceWords(), ...corpusWords(), ...(HARD.match(WORD) ?? [])].map(drawnText))];
      // A reader that found nothing would pass: the corpus is large.
      expect(words.length).toBeGreaterThan(800);
      const differ = words.filter((w) => fontkitGlyphs(fk, w) !== harfbuzzGlyphs(hbFont, w));
      expect(differ).toEqual([]);
    });
  }
});
