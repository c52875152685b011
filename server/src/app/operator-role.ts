import pg from 'pg';
import type { Config } from '../config/env.js';

/**
 * The `operator` role: `node main.js operator add|remove <email>` (npm run operator -- add <email>) gives or
 * takes the operator role (docs/product.md#operators-and-reports), the only way it is given: never over the
 * API, never by the demo seed. One statement on the database, without loading the app (main.ts runs it
 * before anything else; the database must be migrated: the `migrate` role, or `npm start`). Prints what
 * it did and answers the exit code: 0 done, 1 no such account (or the database failed), 2 usage.
 */
export async function runOperatorRole(config: Pick<Config, 'DATABASE_URL'>, args: string[]): Promise<number> {
  const [verb, email] = args;
  if ((verb !== 'add' && verb !== 'remove') || !email?.includes('@')) {
    console.error('Usage: operator add <email> | operator remove <email>');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ username: string }>(
      'update users set operator = $2 where email = lower($1) and deleted_at is null returning username',
      [email.trim(), verb === 'add'],
    );
    const name = rows[0]?.username;
    if (!name) {
      console.error(`No account has the email ${email}`);
      return 1;
    }
    console.log(verb === 'add' ? `${name} (${email}) is now an operator` : `${name} (${email}) is no longer an operator`);
    return 0;
  } catch (err) {
    console.error(`The command failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await pool.end();
  }
}
