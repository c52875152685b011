/**
 * A uuid list as one PostgreSQL array parameter for `em.execute` (`= any(?::uuid[])`): the query builder would
 * spread a JavaScript array into a list of parameters.
 */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;
