import type { Redis } from 'ioredis';
import type { AssistantSession } from './understanding/assistant-session.js';

interface Stored {
  ownerId: string | null;
  state: AssistantSession;
}

/** bigint values (prices in paise) survive JSON as tagged strings. */
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? { $paise: value.toString() } : value);
const reviver = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && '$paise' in value && typeof value.$paise === 'string' ? BigInt(value.$paise) : value;

/**
 * Search assistant sessions, kept in Redis (any api process can answer the next message) and
 * forgotten a day after the last message. A session belongs to whoever started it: a logged-in
 * buyer's to them, a visitor's to visitors holding its id (never to an account that sends the id,
 * which would take it from the visitor). Anyone else asking for it gets a fresh one.
 */
export class AssistantSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds = 24 * 3600,
  ) {}

  private key = (id: string) => `search:assistant:${id}`;

  async load(id: string, viewerId: string | null): Promise<AssistantSession | null> {
    const raw = await this.redis.get(this.key(id));
    if (!raw) return null;
    const stored = JSON.parse(raw, reviver) as Stored;
    return stored.ownerId === viewerId ? stored.state : null;
  }

  async save(id: string, viewerId: string | null, state: AssistantSession): Promise<void> {
    const stored: Stored = { ownerId: viewerId, state };
    await this.redis.set(this.key(id), JSON.stringify(stored, replacer), 'EX', this.ttlSeconds);
  }
}
