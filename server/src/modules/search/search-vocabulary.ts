import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { soundKey, soundKeys, vowelKey } from './understanding/word-forms.js';

/** How many words' sounds one pass writes. */
const SOUND_BATCH = 2000;

/** What the vocabulary says of a search's words. */
export interface VocabularyAnswer {
  /** How many listings hold each word asked about (in their title, tags or spellings); absent: none. */
  documents: Map<string, number>;
  /** For each sound asked about, the vocabulary's words that sound so, the most used first. */
  bySound: Map<string, string[]>;
}

/**
 * The catalogue's vocabulary (search_vocabulary, kept by the document writes): the words listings use
 * in their titles, tags and English spellings, in both scripts, and how many listings use each. It is
 * the dictionary query planning rewrites and corrects into (search-plan.ts): a word is only ever
 * replaced by one some listing carries. This side also writes each new word's phonetic keys.
 */
export class SearchVocabulary {
  constructor(private readonly db: SqlRunner) {}

  /**
   * One round trip: the counts of `words`, and the words that sound like each of `sounds` (a
   * phonetic key: soundKey). Words no listing holds are absent.
   */
  async lookup(words: string[], sounds: string[]): Promise<VocabularyAnswer> {
    const documents = new Map<string, number>();
    const bySound = new Map<string, string[]>();
    const asked = [...new Set(words)];
    const keys = [...new Set(sounds)];
    if (!asked.length && !keys.length) return { documents, bySound };
    const { rows } = await this.db.query<{ word: string; documents: number; sound: string | null }>(
      `select v.word, v.documents, null as sound from search_vocabulary v where v.word = any($1::text[]) and v.documents > 0
       union all
       select v.word, v.documents, k.sound from unnest($2::text[]) as k(sound)
         cross join lateral (select word, documents from search_vocabulary where sounds @> array[k.sound] and documents > 0
           order by documents desc, word limit 5) v`,
      [asked, keys],
    );
    for (const r of rows) {
      if (r.sound === null) documents.set(r.word, Number(r.documents));
      else bySound.set(r.sound, [...(bySound.get(r.sound) ?? []), r.word]);
    }
    return { documents, bySound };
  }

  /** The keys a word is looked up by sound with ('gijar' of गीजर, 'tredmil'; a short word's with its vowels too, 'tedi'). */
  static soundsOf(word: string): string[] {
    if (!/^[a-z][a-z0-9]{2,}$/.test(word)) return [];
    const key = soundKey(word);
    return [...(key.length >= 3 ? [key] : []), ...(key.length < 4 ? [vowelKey(word)] : [])];
  }

  /**
   * Writes the phonetic keys of words that have none yet (new words of the last writes; every word
   * after a migration or a full reindex). Returns how many it wrote; safe to run at any time, by
   * several processes at once (a word's keys never change).
   */
  async fillSounds(db: SqlRunner = this.db): Promise<number> {
    let written = 0;
    for (;;) {
      const { rows } = await db.query<{ word: string }>(
        `select word from search_vocabulary where sounds is null order by word limit ${SOUND_BATCH}`,
      );
      if (!rows.length) return written;
      const sounds = rows.map((r) => ({ word: r.word, sounds: soundKeys(r.word) }));
      await db.query(
        `update search_vocabulary v set sounds = s.sounds
         from json_to_recordset($1::json) as s(word text, sounds text[]) where v.word = s.word and v.sounds is null`,
        [JSON.stringify(sounds)],
      );
      written += rows.length;
      if (rows.length < SOUND_BATCH) return written;
    }
  }
}
