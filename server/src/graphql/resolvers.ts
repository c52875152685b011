import type { NonEmptyArray } from 'type-graphql';
import { MODULES } from '../modules/index.js';

/** The derived fields' plain resolvers, from the modules (AppModule.fieldResolvers). */
export const FIELD_RESOLVERS = MODULES.flatMap((m) => Object.entries(m.fieldResolvers ?? {}));

/** Every resolver class of the schema, from the modules. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS = MODULES.flatMap((m) => m.resolvers ?? []) as NonEmptyArray<Function>;
