// What other modules use of reputation: the seller standing search orders equal matches by.
import type { SqlRunner } from '../../adapters/search/sql-runner.js';

export { sellerStandingChanged } from './standing-events.js';

/** The standing in search of each of `sellerIds` (0 for a seller without figures yet). */
export async function readSellerStandings(db: SqlRunner, sellerIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(sellerIds)];
  const out = new Map(ids.map((id) => [id, 0]));
  if (!ids.length) return out;
  const { rows } = await db.query<{ seller_id: string; search_standing: number }>(
    'select seller_id, search_standing from seller_figures where seller_id = any($1::uuid[])',
    [ids],
  );
  for (const r of rows) out.set(r.seller_id, r.search_standing);
  return out;
}
