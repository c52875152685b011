import type { TestApp } from '../support/app.js';
import { registerAndLogin, type Credentials, type RestUser } from '../support/accounts.js';
import { ApiClient } from '../support/client.js';

export interface Seller extends Credentials {
  client: ApiClient;
  user: RestUser;
}

/**
 * A new account, registered and logged in through the public API (its email marked verified when
 * login asks for it), with its own cookie jar. Anyone can sell, so a seller is any user.
 */
export async function createSeller(app: TestApp, overrides: Partial<Credentials> = {}): Promise<Seller> {
  const client = new ApiClient(app.url);
  const account = await registerAndLogin(app, client, overrides);
  return { ...account, client };
}

/** Alias: buyers and sellers are the same kind of account. */
export const createUser = createSeller;
