import type { Logger } from 'pino';
import type { SearchDocumentStore, SearchEngine } from '../../adapters/search/search-engine.js';
import type { SqlDb, SqlRunner } from '../../adapters/search/sql-runner.js';
import { readSellerProductIds } from '../products/products.public.js';
import type { ImageIndex } from './images/image-index.js';
import { allSearchableProducts, loadProducts, type IndexedProduct } from './search-documents.js';

export interface SearchIndexerDeps {
  db: SqlDb;
  /** The engine searches run on. */
  engine: SearchEngine;
  /** The PostgreSQL documents: the engine itself by default, and always the read model of recommendations. */
  store: SearchDocumentStore;
  images: ImageIndex;
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
   * over a newer one.
   */
  async indexProduct(productId: string): Promise<'indexed' | 'removed'> {
    const { db, images } = this.deps;
    return db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`search-index:${productId}`]);
      const [product] = await loadProducts(tx, [productId]);
      const engines = this.enginesFor(tx);
      if (!product.document) {
        for (const e of engines) await e.remove([productId]);
        await images.removeProduct(tx, productId);
        return 'removed';
      }
      await images.syncProduct(tx, productId, product.pictures);
      for (const e of engines) await e.upsert([product.document]);
      return 'indexed';
    });
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
   * Rebuilds the whole index from the catalogue (the `reindex` command). Searches keep working
   * meanwhile; pictures already known are not computed again.
   */
  async reindexAll(opts: { pictures: boolean } = { pictures: true }): Promise<{ documents: number }> {
    const { db, engine, store, images, log } = this.deps;
    await engine.init();
    // Fresh statistics first: after a bulk import (with autovacuum off or behind) the page query below
    // was planned as an index walk and a sort per page, about 100 products a second at 1M products.
    await db.query('analyze products, users, product_media');
    const pages = async function* (): AsyncGenerator<IndexedProduct[]> {
      yield* allSearchableProducts(db);
    };
    const documents = async function* (withPictures: boolean) {
      for await (const page of pages()) {
        if (withPictures) for (const p of page) await images.syncProduct(db, p.id, p.pictures);
        yield page.flatMap((p) => (p.document ? [p.document] : []));
      }
    };
    const count = await store.replaceAll(documents(opts.pictures));
    if (engine.name !== 'postgres') await engine.replaceAll(documents(false));
    await images.removeOrphans();
    log.info({ documents: count, engine: engine.name }, 'search index rebuilt');
    return { documents: count };
  }

  /**
   * Finds what the index got wrong (a product changed, added or removed without its document
   * following, as when a worker died mid-job) and indexes those products again.
   */
  async reconcile(): Promise<number> {
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
    if (rows.length) this.deps.log.info({ products: rows.length }, 'search index reconciled');
    return rows.length;
  }

  private enginesFor(tx: SqlRunner): SearchEngine[] {
    const store = this.deps.store.withRunner(tx);
    return this.deps.engine.name === 'postgres' ? [store] : [this.deps.engine, store];
  }
}
