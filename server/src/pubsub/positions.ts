import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Live positions (docs/architecture.md#live-events): one monotonic counter per stream, a user's
 * (every per-user topic: orders now) or a conversation's. A change bumps the position of every
 * stream it touches in its own transaction; the row lock lasts until commit, so one stream's
 * positions commit in order and "everything after position N" misses nothing.
 */
export type PositionScope = 'user' | 'conversation';

/**
 * An INSERT that bumps the position of each key the `keys` SELECT returns (one uuid column), in key
 * order (two transactions never wait on each other crosswise); returns `key` and `position`. Usable
 * as a CTE, so the bump joins the statement of the change itself.
 */
export function bumpPositionsSql(scope: PositionScope, keys: string): string {
  return `insert into live_positions (scope, key, position)
    select '${scope}', k, 1 from (${keys}) as keys(k) order by k
    on conflict (scope, key) do update set position = live_positions.position + 1
    returning key, position::text as position`;
}

/** Bumps the positions of `keys` (inside the caller's transaction); answers key -> new position. */
export async function nextPositions(tx: EntityManager, scope: PositionScope, keys: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(keys)];
  const rows = await tx.execute<Array<{ key: string; position: string }>>(
    bumpPositionsSql(scope, `select unnest(array[${unique.map(() => '?::uuid').join(', ')}])`),
    unique,
  );
  return new Map(rows.map((r) => [r.key, String(r.position)]));
}

/** A stream's current position ('0' before its first change). */
export async function currentPosition(em: EntityManager, scope: PositionScope, key: string): Promise<string> {
  const [row] = await em.fork().execute<Array<{ position: string }>>('select position::text as position from live_positions where scope = ? and key = ?', [scope, key]);
  return row?.position ?? '0';
}
