import { CompiledQuery, type Kysely } from 'kysely';
import type { Orm } from '../../db/orm.js';

/** Runs SQL with bound parameters ($1, $2, ...). The pool, or one transaction. */
export interface SqlRunner {
  query<R>(text: string, values?: readonly unknown[]): Promise<{ rows: R[] }>;
}

/** A runner that can also open a transaction (on one connection of the pool). */
export interface SqlDb extends SqlRunner {
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

const runnerOf = <DB>(db: Kysely<DB>): SqlRunner => ({
  async query<R>(text: string, values: readonly unknown[] = []) {
    const res = await db.executeQuery<R>(CompiledQuery.raw(text, [...values]));
    return { rows: [...res.rows] };
  },
});

/**
 * Raw SQL on the ORM's own connection pool (no second pool to size or close). Parameters are sent
 * bound, never spliced into the text.
 */
export function sqlDbOf(orm: Orm): SqlDb {
  const db = orm.em.getConnection().getClient<unknown>();
  return {
    ...runnerOf(db),
    transaction: (work) => db.transaction().execute((trx) => work(runnerOf(trx))),
  };
}
