import type { Services } from '../app/create-services.js';
import { MODULES } from '../modules/index.js';
import { User } from '../modules/users/user.entity.js';

/**
 * Demo data for a local run, written only into an empty database. It creates no login anyone
 * could use: the demo sellers get random passwords nobody knows (docs/product.md#roles: no demo login).
 */
export async function seedDemoData(services: Services): Promise<boolean> {
  const { orm, config, log } = services.infra;
  if (!config.SEED_DEMO_DATA) return false;
  const em = orm.em.fork();
  if ((await em.count(User, {})) > 0) return false;
  for (const m of MODULES) await m.seed?.(services);
  log.info('demo data seeded');
  return true;
}
