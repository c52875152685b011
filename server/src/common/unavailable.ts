const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL: connection exceptions (08xxx), operator intervention (57P01 admin shutdown, 57P02 crash
// shutdown, 57P03 cannot connect now), too many connections (53300).
const PG_CODES = /^(08\d{3}|57P0[123]|53300)$/;
const MESSAGES = [
  /Connection terminated/i, // pg: the server went away mid-query
  /timeout exceeded when trying to connect/i, // pg pool
  /Client has encountered a connection error/i,
  /Connection is closed/i, // ioredis
  /Stream isn't writeable/i, // ioredis with the offline queue off
  /Reached the max retries per request limit/i, // ioredis MaxRetriesPerRequestError
  /ECONNREFUSED|ECONNRESET/,
];

/**
 * Whether an error means one of our own dependencies (PostgreSQL, Redis, Meilisearch) is unreachable right now:
 * a fault of ours, not of the request, answered 503 with a clear message rather than a bare 500.
 */
export function isUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NET_CODES.has(e.code) || PG_CODES.test(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  // The meilisearch client's failure to reach Meilisearch at all (refused, reset, its request timeout).
  if (e.name === 'MeilisearchRequestError') return true;
  if (typeof e.message === 'string' && MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isUnavailable(x, depth + 1))) return true; // AggregateError
  return isUnavailable(e.cause, depth + 1);
}
