import { LRUCache } from 'lru-cache';

export interface ReadCacheOptions {
  /** How many values are kept (the least recently read go first). */
  max: number;
  /**
   * The safety net: a value is read again after this long even if no invalidation said so (an
   * invalidation lost with a dropped connection that was not yet noticed).
   */
  ttlMs: number;
}

/** One read of values that were not cached, under way: an invalidation of one of its keys meanwhile makes it stale. */
interface Load {
  keys: ReadonlySet<string>;
  stale: boolean;
}

/**
 * An in-process cache of values by key, kept only while the process hears their invalidations
 * (`setLive`): not live, it is empty and every read goes to `load`. A value read while an
 * invalidation of its key arrived is answered but not kept, so a read that raced a change never
 * stores what the change replaced.
 */
export class ReadCache<V extends object> {
  private readonly values: LRUCache<string, V>;
  private readonly loads = new Set<Load>();
  private live = false;

  constructor(opts: ReadCacheOptions) {
    this.values = new LRUCache<string, V>({ max: opts.max, ttl: opts.ttlMs, ttlAutopurge: false });
  }

  /** Whether invalidations are heard (values are kept only then). */
  get isLive(): boolean {
    return this.live;
  }

  /** Invalidations are heard from now on, or no longer (then everything kept is dropped). */
  setLive(live: boolean): void {
    if (!live) this.clear();
    this.live = live;
  }

  /**
   * The values of `keys` (in no particular order, only those that exist): kept ones at once, the
   * others from `load` (which answers each value with its key), kept for the next read.
   */
  async getMany(keys: string[], load: (missing: string[]) => Promise<Array<[string, V]>>): Promise<V[]> {
    if (!this.live) return (await load(keys)).map(([, v]) => v);
    const found: V[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const v = this.values.get(key);
      if (v === undefined) missing.push(key);
      else found.push(v);
    }
    if (!missing.length) return found;
    const pending: Load = { keys: new Set(missing), stale: false };
    this.loads.add(pending);
    let loaded: Array<[string, V]>;
    try {
      loaded = await load(missing);
    } finally {
      this.loads.delete(pending);
    }
    for (const [key, v] of loaded) {
      if (!pending.stale && this.live) this.values.set(key, v);
      found.push(v);
    }
    return found;
  }

  /** Drops the value of `key`; a read of it under way is not kept. */
  invalidate(key: string): void {
    this.values.delete(key);
    for (const l of this.loads) if (l.keys.has(key)) l.stale = true;
  }

  /** Drops every value `matches` says; no read under way is kept (which keys it will answer is not known yet). */
  invalidateWhere(matches: (value: V) => boolean): void {
    for (const [key, v] of this.values.entries()) if (matches(v)) this.values.delete(key);
    for (const l of this.loads) l.stale = true;
  }

  /** Drops everything, and every read under way is not kept. */
  clear(): void {
    this.values.clear();
    for (const l of this.loads) l.stale = true;
  }

  get size(): number {
    return this.values.size;
  }
}
