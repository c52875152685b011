import { Migration } from '@mikro-orm/migrations';

/**
 * The vocabulary's words get their sounds again: the search module now also keys each word as Hindi
 * writes English ('chair' is चेयर, 'shoes' शूज़: word-forms.ts spokenKeys). Words without sounds are
 * written again by the worker's next reconcile pass or document write (SearchVocabulary.fillSounds);
 * until then they are found by their letters only.
 */
export class Migration20261128000000_search_vocabulary_spoken_keys extends Migration {
  override name = 'Migration20261128000000_search_vocabulary_spoken_keys';

  up(): void {
    this.addSql(`update "search_vocabulary" set "sounds" = null;`);
  }

  override down(): void {
    // The keys written meanwhile hold the older ones too: nothing to undo.
  }
}
