import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import type { BlockBetween } from './block-rules.js';

// What other modules use of blocking (docs/product.md#blocking): SQL to keep blocked pairs apart inside
// their own statements (a send, a bid, matching buyers' requirements with sellers), and one look-up.
// Each is two index look-ups on user_blocks (its primary key by blocker, its second index by blocked).

/** SQL that is true when the user `a` blocked the user `b` (SQL expressions: see blockedEitherWaySql). */
export const blockedSql = (a: string, b: string): string => `exists (select 1 from user_blocks ub where ub.blocker_id = ${a} and ub.blocked_id = ${b})`;

/**
 * SQL that is true when the users `a` and `b` (SQL expressions: columns or parameters of the caller's
 * statement, e.g. `'$1::uuid'` or `'s.seller_id'`) have blocked each other, either way.
 */
export const blockedEitherWaySql = (a: string, b: string): string =>
  `exists (select 1 from user_blocks ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;

/** SQL that is true when `a` and `b` may deal with each other: neither has blocked the other. */
export const notBlockedSql = (a: string, b: string): string => `not ${blockedEitherWaySql(a, b)}`;

/**
 * SQL selecting one column, `user_id`: every user `user` (an SQL expression) has blocked or been blocked
 * by. For excluding them all from a list (`where s.seller_id not in (${blockedPeersSql('$1')})`).
 */
export const blockedPeersSql = (user: string): string =>
  `select ub.blocked_id as user_id from user_blocks ub where ub.blocker_id = ${user}
   union all select ub.blocker_id from user_blocks ub where ub.blocked_id = ${user}`;

/** Whether `a` blocked `b` and whether `b` blocked `a`, in one statement on the caller's runner. */
export async function blocksBetween(db: SqlRunner, a: string, b: string): Promise<BlockBetween> {
  const { rows } = await db.query<{ blocker_id: string }>(
    'select blocker_id from user_blocks where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)',
    [a, b],
  );
  return { byFirst: rows.some((r) => r.blocker_id === a), bySecond: rows.some((r) => r.blocker_id === b) };
}

/** Whether either of two users has blocked the other. */
export async function isBlockedEitherWay(db: SqlRunner, a: string, b: string): Promise<boolean> {
  const between = await blocksBetween(db, a, b);
  return between.byFirst || between.bySecond;
}

export { blockRefusal, BLOCKED_BY_YOU, CANNOT_CONTACT, type BlockBetween } from './block-rules.js';
