import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's vocabulary (docs/search.md, "The catalogue's vocabulary"): every word of the
 * listings' titles, tags and English spellings of their Devanagari words, in both scripts, with how
 * many documents hold it, kept current by the document writes (postgres-documents.ts). It is the
 * dictionary of spelling corrections, loanwords and rewrites: a word is corrected or rewritten only
 * into a word some listing uses. `sounds` are phonetic keys (written by the search module, which
 * knows how words sound), read to meet a Devanagari loanword or a spelling by ear ('नेबुलाइज़र',
 * 'tredmil') with the catalogue's English word.
 *
 * `search_fold` gives index and queries one spelling of Devanagari (no nukta or zero-width joiners,
 * chandrabindu as anusvara), as the query normaliser does: a title's 'रज़ाई' then matches 'रजाई'.
 * Documents written before this keep their vectors until the next full `reindex`; the vocabulary is
 * filled here from the documents as they are.
 */
export class Migration20261127192635_search_vocabulary extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_fold(t text) returns text language sql immutable parallel safe as $$
        select replace(replace(replace(replace(normalize(lower(coalesce(t, '')), NFC), U&'\\093C', ''), U&'\\200C', ''), U&'\\200D', ''), U&'\\0901', U&'\\0902')
      $$;`);
    this.addSql(`
      create or replace function search_words(title text, tags text[], extra text[]) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct l), '{}') from unnest(tsvector_to_array(to_tsvector('simple',
          search_fold(concat_ws(' ', title, array_to_string(tags, ' '), array_to_string(extra, ' ')))))) l
        where length(l) >= 2 and length(l) <= 40 and l !~ '^[0-9.,/-]+$'
      $$;`);
    this.addSql(`
      create table if not exists "search_vocabulary" (
        "word" text primary key,
        "documents" int not null,
        "sounds" text[]
      );`);
    this.addSql(`create index if not exists "search_vocabulary_word_trgm_idx" on "search_vocabulary" using gin ("word" gin_trgm_ops);`);
    this.addSql(`create index if not exists "search_vocabulary_sounds_idx" on "search_vocabulary" using gin ("sounds");`);
    this.addSql(`create index if not exists "search_vocabulary_unsounded_idx" on "search_vocabulary" ("word") where "sounds" is null;`);
    this.addSql(`
      insert into "search_vocabulary" ("word", "documents")
      select l, count(*) from "search_documents" d, unnest(search_words(d."title", d."tags", d."extra_terms")) l
      group by l
      on conflict ("word") do nothing;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "search_vocabulary";`);
    this.addSql(`drop function if exists search_words(text, text[], text[]);`);
    this.addSql(`drop function if exists search_fold(text);`);
  }
}
