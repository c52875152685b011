import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The ORM as the modules see it. Connecting it (db/connect.ts) needs every module's entities; this file names
 * only the type, so a module that takes an `Orm` does not import the list of modules.
 */
export type Orm = MikroORM;
