import type { EntityManager } from '@mikro-orm/postgresql';
import { blockedEitherWaySql } from '../blocks/blocks.public.js';

/**
 * Matching a requirement with sellers (docs/product.md#buy-requirements), as ONE statement run when it
 * is posted (in the post's transaction) and by the top-up job after a decline, under the requirement's row lock: while it is open, it adds sellers until it has `cap`
 * matched sellers who have not declined. A candidate has an enabled listing in the requirement's
 * category (any category when none was given, but then a listing must carry one of the goods words),
 * is not the buyer, has not blocked or been blocked by the buyer, is not suspended or deleted, and was
 * not matched before (a seller who declined is not asked again). Ranked by how many goods words their
 * best listing carries, then nearness (same city, then same state), then how many requirements they
 * quoted in the last 30 days; their best listing is kept for their quote.
 *
 * Parameters: $1 requirement id, $2 now, $3 cap. Answers the sellers added (seller_id).
 */
export const MATCH_SQL = `
with r as (
  select id, buyer_id, category, goods_words, lower(city) as city, lower(state) as state
    from rfqs where id = $1::uuid and status = 'open' and expires_at > $2::timestamptz for update
),
have as (select count(*)::int as n from rfq_matches m where m.rfq_id = $1::uuid and m.answer is distinct from 'declined'),
listed as (
  -- The enabled listings of the requirement's category (products_category_seller_idx), or all when it names none.
  select p.id, p.seller_id, p.title, p.tags, p.city, p.state from products p
   where p.deleted_at is null and p.enabled and p.category = (select category from rfqs where id = $1::uuid)
  union all
  select p.id, p.seller_id, p.title, p.tags, p.city, p.state from products p
   where p.deleted_at is null and p.enabled and (select category from rfqs where id = $1::uuid) is null
),
cand as (
  select p.seller_id, p.id as product_id,
    (select count(*) from unnest(r.goods_words) w where strpos(lower(p.title || ' ' || array_to_string(p.tags, ' ')), w) > 0)::int as words,
    case when r.city is not null and lower(p.city) = r.city then 2 when r.state is not null and lower(p.state) = r.state then 1 else 0 end as near
  from r join listed p on p.seller_id <> r.buyer_id
),
best as (
  select distinct on (c.seller_id) c.seller_id, c.product_id, c.words, c.near
    from cand c, r
   where (r.category is not null or c.words > 0)
   order by c.seller_id, c.words desc, c.near desc, c.product_id
),
ranked as (
  select b.*, (select count(*) from rfq_matches m2 where m2.seller_id = b.seller_id and m2.answer = 'quoted' and m2.answered_at > $2::timestamptz - interval '30 days')::int as quoted
    from best b, r
   where not exists (select 1 from rfq_matches m where m.rfq_id = r.id and m.seller_id = b.seller_id)
     and not ${blockedEitherWaySql('b.seller_id', 'r.buyer_id')}
     and exists (select 1 from users u where u.id = b.seller_id and u.deleted_at is null and u.suspended_at is null)
   order by b.words desc, b.near desc, quoted desc, b.seller_id
   limit greatest($3::int - (select n from have), 0)
)
insert into rfq_matches (rfq_id, seller_id, product_id, score, matched_at)
select $1::uuid, ranked.seller_id, ranked.product_id, ranked.words * 10 + ranked.near * 3 + least(ranked.quoted, 3), $2::timestamptz from ranked
returning seller_id`;

/** MATCH_SQL with `?` placeholders (the ORM's runner). */
const MATCH_SQL_Q = MATCH_SQL.replace(/\$\d/g, '?');

/** Adds sellers to an open requirement up to `cap` (see MATCH_SQL); answers the sellers added. */
export async function matchSellers(tx: EntityManager, rfqId: string, now: Date, cap: number): Promise<string[]> {
  const rows = await tx.execute<Array<{ seller_id: string }>>(MATCH_SQL_Q, paramsFor(rfqId, now, cap));
  return rows.map((r) => r.seller_id);
}

/** MATCH_SQL's numbered parameters in the order they occur, for a runner with `?` placeholders. */
function paramsFor(rfqId: string, now: Date, cap: number): unknown[] {
  const values: Record<string, unknown> = { '1': rfqId, '2': now, '3': cap };
  return [...MATCH_SQL.matchAll(/\$(\d)/g)].map((m) => values[m[1]!]);
}
