import { Meilisearch, MeilisearchApiError, type Config as ClientConfig, type Key, type KeyCreation } from 'meilisearch';
import { v5 as uuidv5 } from 'uuid';

/** Where a Meilisearch index is, and the keys the app may use on it. */
export interface MeiliAccess {
  host: string;
  index: string;
  /**
   * Meilisearch's master key: used only to read (or create) the index's own keys, one that can only
   * search it and one with the admin actions on it, which then do all the work.
   */
  masterKey?: string;
  /** A key with the admin actions on the index (instead of the master key's). */
  apiKey?: string;
  /** A key that can only search the index (instead of the master key's); the admin key searches otherwise. */
  searchKey?: string;
  /** Client settings besides host and key (the request timeout). */
  client?: Omit<ClientConfig, 'host' | 'apiKey'>;
}

/** What the index's search key may do: search it, nothing else. */
export const SEARCH_ACTIONS = ['search'];
/** What the index's admin key may do: everything the engine does, on that index only (no keys, dumps, other indexes). */
export const ADMIN_ACTIONS = [
  'search',
  'documents.add',
  'documents.get',
  'documents.delete',
  'indexes.create',
  'indexes.get',
  'indexes.update',
  'settings.get',
  'settings.update',
  'stats.get',
  'tasks.get',
];

/** Namespace of the keys' uids: a key's uid is the same for an index wherever the app runs, so every process finds it. */
const KEY_NAMESPACE = '1f0c6a2e-5d8b-4b7a-9c3e-7a2d4e6f8b10';

export type KeyKind = 'search' | 'admin';

/** The uid of the app's key of one kind for an index (a UUID Meilisearch accepts as a key's uid). */
export const keyUid = (kind: KeyKind, index: string): string => uuidv5(`bolbazaar:${kind}:${index}`, KEY_NAMESPACE);

const apiErrorCode = (err: unknown): string | undefined => (err instanceof MeilisearchApiError ? err.cause?.code : undefined);

/**
 * The two clients of an index: one for searches, one for everything else. Made on first use (the keys
 * may have to be read from Meilisearch with the master key), again after a failure.
 */
export class MeiliClients {
  private searching: Promise<Meilisearch> | null = null;
  private administering: Promise<Meilisearch> | null = null;

  constructor(private readonly access: MeiliAccess) {}

  search(): Promise<Meilisearch> {
    return (this.searching ??= this.retryable(() => this.make('search'), () => (this.searching = null)));
  }

  admin(): Promise<Meilisearch> {
    return (this.administering ??= this.retryable(() => this.make('admin'), () => (this.administering = null)));
  }

  private retryable(make: () => Promise<Meilisearch>, forget: () => void): Promise<Meilisearch> {
    return make().catch((err: unknown) => {
      forget();
      throw err;
    });
  }

  private async make(kind: KeyKind): Promise<Meilisearch> {
    const { host, masterKey, apiKey, searchKey, client } = this.access;
    const given = kind === 'search' ? (searchKey ?? (masterKey ? undefined : apiKey)) : apiKey;
    const key = given ?? (masterKey ? await this.scopedKey(kind, masterKey) : undefined);
    return new Meilisearch({ ...client, host, apiKey: key });
  }

  /**
   * The value of the app's key of `kind` on the index, made with the master key when it does not exist
   * yet (or no longer fits: a key's actions and indexes cannot be changed, so it is made again).
   */
  private async scopedKey(kind: KeyKind, masterKey: string): Promise<string> {
    const master = new Meilisearch({ ...this.access.client, host: this.access.host, apiKey: masterKey });
    const uid = keyUid(kind, this.access.index);
    const wanted: KeyCreation = {
      uid,
      name: `Bol Bazaar ${kind} (${this.access.index})`,
      description: kind === 'search' ? 'Searches the products index (api).' : 'Writes the products index, its settings and tasks (worker, migrate).',
      actions: kind === 'search' ? SEARCH_ACTIONS : ADMIN_ACTIONS,
      indexes: [this.access.index],
      expiresAt: null,
    };
    const existing = await master.getKey(uid).catch((err: unknown) => {
      if (apiErrorCode(err) === 'api_key_not_found') return null;
      throw err;
    });
    if (existing && fits(existing, wanted)) return existing.key;
    if (existing) await master.deleteKey(uid);
    try {
      return (await master.createKey(wanted)).key;
    } catch (err) {
      // Another process made it meanwhile.
      if (apiErrorCode(err) === 'api_key_already_exists') return (await master.getKey(uid)).key;
      throw err;
    }
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Whether a key Meilisearch holds grants exactly what the app wants of it, forever. */
function fits(key: Key, wanted: KeyCreation): boolean {
  return sameSet(key.actions, wanted.actions) && sameSet(key.indexes, wanted.indexes) && key.expiresAt === null;
}
