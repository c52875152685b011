import { hash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Pool, QueryResultRow } from 'pg';
import type { Orm } from '../../db/orm.js';

/**
 * A statement of a fixed text that PostgreSQL keeps parsed on each pooled connection, under a name
 * made from its text, and (once the plans it made for the first runs show that one plan fits every
 * value) planned too: a run sends only the values. For the hottest reads, whose text is a constant
 * of the module: every distinct text stays prepared on every connection for the connection's life,
 * so a text built per request must stay a plain string. Inside a transaction it runs as plain text.
 */
export interface PreparedSql {
  readonly name: string;
  readonly text: string;
}

export const preparedSql = (text: string): PreparedSql => ({ name: `bb_${hash('sha256', text, 'hex').slice(0, 32)}`, text });

const textOf = (sql: string | PreparedSql) => (typeof sql === 'string' ? sql : sql.text);

/** Runs SQL with bound parameters ($1, $2, ...). The pool, or one transaction. */
export interface SqlRunner {
  query<R>(sql: string | PreparedSql, values?: readonly unknown[]): Promise<{ rows: R[] }>;
}

/** A runner that can also open a transaction (on one connection of the pool). */
export interface SqlDb extends SqlRunner {
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

const runnerOf = <DB>(db: Kysely<DB>): SqlRunner => ({
  async query<R>(sql: string | PreparedSql, values: readonly unknown[] = []) {
    const res = await db.executeQuery<R>(CompiledQuery.raw(textOf(sql), [...values]));
    return { rows: [...res.rows] };
  },
});

/**
 * Raw SQL on the ORM's own connection pool (no second pool to size or close), with the ORM's type
 * parsers. Parameters are sent bound, never spliced into the text. A statement outside a transaction
 * runs through the pool's own `query` (node-postgres takes a connection, runs it and gives the
 * connection back in its callback): only that way, not through the ORM's query builder, can it run
 * prepared (PreparedSql). Taking a connection and awaiting a client's own `query` promise instead
 * kept every finished request's objects alive through two young-generation collections, so all of
 * them moved to the old generation (bench/README.md#read-path, step 10).
 */
export function sqlDbOf(orm: Orm): SqlDb {
  const connection = orm.em.getConnection();
  const db = connection.getClient<unknown>();
  let pool: Promise<Pool> | undefined;
  return {
    async query<R>(sql: string | PreparedSql, values: readonly unknown[] = []) {
      const name = typeof sql === 'string' ? undefined : sql.name;
      const res = await (await (pool ??= connection.getNativeClient())).query<R & QueryResultRow>({ name, text: textOf(sql), values: [...values] });
      return { rows: res.rows };
    },
    transaction: (work) => db.transaction().execute((trx) => work(runnerOf(trx))),
  };
}
