import { describe, expect, it } from 'vitest';
import { MAX_GENERATED_QUESTIONS } from '../question-generator.js';
import { RulesQuestionGenerator } from '../rules-question-generator.js';

const gen = new RulesQuestionGenerator();

describe('RulesQuestionGenerator', () => {
  it('always asks quantity, delivery place and GST; adds what the description mentions', async () => {
    const plain = (await gen.generate({ description: 'Wooden chairs', language: 'en' })).map((q) => q.question);
    expect(plain).toEqual([
      'How many units do you need?',
      'What will you use the product for?',
      'Where should the order be delivered (city and PIN code)?',
      'Do you need a GST invoice?',
    ]);
    const rich = await gen.generate({
      description: 'Printed mugs, 350 ml, custom logo, wholesale cartons, shipping in 3 days, GST bill',
      category: 'Kitchen',
      productType: 'used',
      language: 'en',
    });
    expect(rich.length).toBeLessThanOrEqual(MAX_GENERATED_QUESTIONS);
    expect(rich.map((q) => q.question)).toEqual([
      'How many units do you need?',
      'Do you need installation or assembly?',
      'The listing mentions 350 ml. Is that the specification you need?',
      'Where should the order be delivered (city and PIN code)?',
      'By what date do you need delivery?',
      'Do you need a GST invoice?',
      'Do you need customisation (logo, branding or colour)?',
      'Are you looking for a bulk or wholesale price?',
    ]);
  });

  it('writes every question in Hindi when asked', async () => {
    const qs = await gen.generate({ description: 'थोक में कपड़े, लोगो प्रिंट', category: 'WomensClothing', language: 'hi' });
    expect(qs.map((q) => q.question)).toContain('क्या आपको कस्टमाइज़ेशन (लोगो, ब्रांडिंग या रंग) चाहिए?');
    expect(qs.every((q) => /[\u0900-\u097F]/.test(q.question))).toBe(true);
  });

  it('mixes yes/no and free-response questions', async () => {
    const qs = await gen.generate({ description: 'Laptops', category: 'Computers', language: 'en' });
    expect(new Set(qs.map((q) => q.questionType))).toEqual(new Set(['YesNo', 'FreeResponse']));
  });
});
