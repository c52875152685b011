import type { Logger } from 'pino';
import type { SearchDocument, SearchDocumentStore, SearchEngine } from '../../adapters/search/search-engine.js';
import type { SqlDb } from '../../adapters/search/sql-runner.js';
import { readSellerProductIds } from '../products/products.public.js';
import type { ImageIndex } from './images/image-index.js';
import { allSearchableProducts, loadProducts } from './search-documents.js';
import type { SearchVocabulary } from './search-vocabulary.js';

export interface SearchIndexerDeps {
  db: SqlDb;
  /** The engine searches run on. */
  engine: SearchEngine;
  /** The PostgreSQL documents: the engine itself by default, and always the read model of recommendations. */
  store: SearchDocumentStore;
  images: ImageIndex;
  /** The catalogue's vocabulary, whose new words get their sounds after each write. */
  vocabulary: SearchVocabulary;
  log: Logger;
}

/**
 * Keeps the search engine (and the document table, and the picture features) in step with the
 * catalogue. Every entry point reads the product's current state and writes it, so running one
 * twice, late or out of order changes nothing: it is idempotent.
 */
export class SearchIndexer {
  constructor(private readonly deps: SearchIndexerDeps) {}

  /**
   * Indexes one product as it is now (or removes it when buyers may no longer find it). Changes to
   * one product are serialised with an advisory lock, so two workers never write an older state
   * over a newer one: an external engine is given the write under the lock (it applies writes in
   * the order given) and waited on after the commit, so no transaction stays open meanwhile.
   */
  async indexProduct(productId: string): Promise<'indexed' | 'removed'> {
    const { db, images, engine } = this.deps;
    const { outcome, searchable } = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`search-index:${productId}`]);
      const [product] = await loadProducts(tx, [productId]);
      const store = this.deps.store.withRunner(tx);
      const external = engine.name === 'postgres' ? null : engine;
      if (!product.document) {
        await store.remove([productId]);
        await images.removeProduct(tx, productId);
        return { outcome: 'removed' as const, searchable: await external?.enqueue({ remove: [productId] }) };
      }
      await images.syncProduct(tx, productId, product.pictures);
      await store.upsert([product.document]);
      return { outcome: 'indexed' as const, searchable: await external?.enqueue({ upsert: [product.document] }) };
    });
    await searchable?.();
    await this.soundNewWords();
    return outcome;
  }

  /** The sounds of words the vocabulary got meanwhile; a failure waits for the next write or start. */
  private async soundNewWords(): Promise<void> {
    try {
      await this.deps.vocabulary.fillSounds();
    } catch (err) {
      this.deps.log.warn({ err }, 'search vocabulary sounds not written; the next write or start writes them');
    }
  }

  /**
   * Indexes every product of a seller again (their documents carry the seller's name, which just
   * changed). One product at a time, each under its own lock, as `indexProduct` does.
   */
  async indexSeller(sellerId: string): Promise<number> {
    const ids = await readSellerProductIds(this.deps.db, sellerId);
    for (const id of ids) await this.indexProduct(id);
    return ids.length;
  }

  /**
   * Makes the engine's index ready (its settings applied, which a change of them may take long to do):
   * the worker at start and the `migrate` role, never a search.
   */
  async prepare(): Promise<void> {
    await this.deps.engine.init();
  }

  /**
   * Rebuilds the whole index from the catalogue (the `reindex` command). Searches keep working
   * meanwhile; pictures already known are not computed again.
   */
  async reindexAll(opts: { pictures: boolean } = { pictures: true }): Promise<{ documents: number }> {
    const { db, engine, store, images, log } = this.deps;
    await engine.init();
    // Fresh statistics first: after a bulk import (with autovacuum off or behind) the page query below
    // was planned as an index walk and a sort per page, about 100 products a second at 1M products.
    await db.query('analyze products, users, product_media');
    const count = await store.replaceAll(this.documents(opts.pictures));
    if (engine.name !== 'postgres') await engine.replaceAll(this.documents(false));
    await images.removeOrphans();
    await this.deps.vocabulary.fillSounds();
    log.info({ documents: count, engine: engine.name }, 'search index rebuilt');
    return { documents: count };
  }

  /** Every product's document, page by page, with its picture features computed on the way if asked. */
  private async *documents(withPictures: boolean): AsyncGenerator<SearchDocument[]> {
    for await (const page of allSearchableProducts(this.deps.db)) {
      if (withPictures) for (const p of page) await this.deps.images.syncProduct(this.deps.db, p.id, p.pictures);
      yield page.flatMap((p) => (p.document ? [p.document] : []));
    }
  }

  /**
   * Finds what the index got wrong (a product changed, added or removed without its document
   * following, as when a worker died mid-job) and indexes those products again. An external engine
   * that holds nothing while the catalogue has products (a fresh or lost Meilisearch volume under an
   * existing database) is rebuilt whole first.
   */
  async reconcile(): Promise<number> {
    const rebuilt = (await this.engineLost()) ? await this.rebuildEngine() : 0;
    const { rows } = await this.deps.db.query<{ id: string }>(
      `select p.id from products p
       join users u on u.id = p.seller_id
       left join search_documents d on d.product_id = p.id
       where (p.enabled and p.deleted_at is null and u.deleted_at is null) <> (d.product_id is not null)
          or (d.product_id is not null and (d.product_updated_at <> p.updated_at or d.seller_name is distinct from u.username))
       union
       select d.product_id from search_documents d where not exists (select 1 from products p where p.id = d.product_id)`,
    );
    for (const { id } of rows) await this.indexProduct(id);
    // Words a migration added, or whose sounds a failed write left out.
    await this.deps.vocabulary.fillSounds();
    if (rows.length) this.deps.log.info({ products: rows.length }, 'search index reconciled');
    return rebuilt + rows.length;
  }

  /**
   * The search engine's state for /readyz: 'ok', or 'empty' when an external engine holds nothing
   * while the catalogue has products (the worker's reconcile pass rebuilds it). Throws when the engine
   * does not answer.
   */
  async health(): Promise<'ok' | 'empty'> {
    return (await this.engineLost()) ? 'empty' : 'ok';
  }

  /** Whether an external engine holds no document while the PostgreSQL copy does. */
  private async engineLost(): Promise<boolean> {
    const { engine, store } = this.deps;
    return engine.name !== 'postgres' && (await engine.isEmpty()) && !(await store.isEmpty());
  }

  /** Writes every document into the (empty) external engine, logging its progress. */
  private async rebuildEngine(): Promise<number> {
    const { engine, log } = this.deps;
    log.warn({ engine: engine.name }, 'search engine holds no document while the catalogue has some: rebuilding it from the catalogue');
    const started = Date.now();
    let written = 0;
    let reported = started;
    const documents = this.documents(false);
    const count = await engine.replaceAll(
      (async function* () {
        for await (const page of documents) {
          yield page;
          written += page.length;
          if (Date.now() - reported >= 10_000) {
            reported = Date.now();
            log.info({ engine: engine.name, documents: written }, 'search engine rebuild under way');
          }
        }
      })(),
    );
    log.info({ engine: engine.name, documents: count, ms: Date.now() - started }, 'search engine rebuilt');
    return count;
  }
}
