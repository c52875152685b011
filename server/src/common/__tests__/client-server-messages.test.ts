import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HINDI_MESSAGES } from '../messages.hi.js';

/**
 * A message both the client and the server show (the client checks a form before sending it, the
 * server checks it again) reads the same in Hindi on both: the server's catalogue (messages.hi.ts)
 * is the one source, and this test fails as soon as a client translation of the same English text
 * says it differently.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../../client/src/locales');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}
const read = (lang: string, file: string) => new Map(flatten(JSON.parse(readFileSync(path.join(LOCALES, lang, file), 'utf8')) as Tree));
/** Placeholders compared by position only: i18next's {{count}} and the catalogue's {n} are the same hole. */
const shape = (text: string) => text.replace(/\{\{?\s*\w+\s*\}?\}/g, '{}');

describe('messages shown by both the client and the server', () => {
  const serverHindi = new Map(Object.entries(HINDI_MESSAGES).map(([en, hi]) => [shape(en), hi]));
  const shared = readdirSync(path.join(LOCALES, 'en')).flatMap((file) => {
    const en = read('en', file);
    const hi = read('hi', file);
    return [...en].flatMap(([key, text]) => {
      const server = serverHindi.get(shape(text));
      return server === undefined ? [] : [{ at: `${file}:${key}`, english: text, client: hi.get(key) ?? '(missing)', server }];
    });
  });

  it('finds the messages the two share (the form checks mirror the server)', () => {
    expect(shared.map((m) => m.english)).toEqual(expect.arrayContaining(['Please fill in all required fields']));
    expect(shared.length).toBeGreaterThan(5);
  });

  it('gives each of them the same Hindi on both sides', () => {
    const differing = shared.filter((m) => shape(m.client) !== shape(m.server));
    expect(differing).toEqual([]);
  });
});
