import type { NonEmptyArray } from 'type-graphql';
import { MODULES } from '../modules/index.js';

/** Every resolver class of the schema, from the modules. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS = MODULES.flatMap((m) => m.resolvers ?? []) as NonEmptyArray<Function>;
