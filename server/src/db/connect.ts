import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { Logger } from 'pino';
import { MIGRATIONS } from '../../../migrations/index.js';
import type { Config } from '../config/env.js';
import { ENTITIES } from './entities.js';
import type { Orm } from './orm.js';

/** Connects the ORM (lazily: the first query opens the pool). */
export async function createOrm(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>, log: Logger): Promise<Orm> {
  return MikroORM.init({
    clientUrl: config.DATABASE_URL,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: config.DATABASE_POOL_MAX },
    ensureDatabase: false,
    forceUtcTimezone: true,
    debug: false,
    logger: (message) => log.debug({ orm: true }, message),
  });
}

/** Applies pending migrations; returns their names. */
export async function migrate(orm: Orm): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}
