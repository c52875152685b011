import pg from 'pg';
import type { Logger } from 'pino';
import { OUTBOX_NOTIFY_CHANNEL } from '../outbox/outbox.js';

/** A committed outbox event as its commit notification carries it. */
export interface CommittedEvent {
  topic: string;
  payload: Record<string, unknown>;
}

export interface CommitListenerHandlers {
  /** An outbox event was committed (any process). */
  event(event: CommittedEvent): void;
  /**
   * Whether events are heard: true once listening, false when the connection is lost (events
   * committed until it is back are not heard; whoever keeps copies drops them).
   */
  live(listening: boolean): void;
}

/**
 * Hears every committed outbox event in this process, through PostgreSQL LISTEN on the channel the
 * outbox trigger notifies at each commit (the notification carries the event: id, topic, payload, when
 * it fits in 8000 bytes; a larger one carries nothing and is not passed on). Started by the first
 * `start()`; reconnects a second after the connection drops. One connection per process.
 */
export class CommitListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private started: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Logger,
    private readonly handlers: CommitListenerHandlers,
  ) {}

  /**
   * Starts listening (once): resolves when the first attempt is over, listening or not (later calls
   * answer the same promise).
   */
  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.started ??= this.connect();
    return this.started;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.handlers.live(false);
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      if (err) this.log.warn({ err: err.message }, 'read cache listener lost; reading without the cache until it reconnects');
      this.retry = setTimeout(() => void this.connect(), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (!n.payload) return;
      let event: CommittedEvent;
      try {
        event = JSON.parse(n.payload) as CommittedEvent;
      } catch {
        return;
      }
      this.handlers.event(event);
    });
    try {
      await client.connect();
      await client.query(`listen "${OUTBOX_NOTIFY_CHANNEL}"`);
      if (this.client === client) this.handlers.live(true);
    } catch (err) {
      lost(err as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.handlers.live(false);
    await client?.end().catch(() => undefined);
  }
}
