/**
 * Goes through a live collection a share at a time, so that each item comes up once per `periodMs`,
 * spread over that time rather than all at once: `next()`, called every `tickMs`, answers the next
 * share (the collection's size over the ticks of a period). A round that ends early (few items) waits
 * for the period to pass before the next one starts, so no item comes up more often than once per
 * period. Items added during a round are reached in it (a Set's or Map's iteration includes them).
 */
export class RollingRound<T> {
  private round: Iterator<T> | null = null;
  private startedAt = -Infinity;

  constructor(
    /** A Set (its values) or a Map (its entries). */
    private readonly source: { readonly size: number; [Symbol.iterator](): Iterator<T> },
    private readonly periodMs: number,
    private readonly tickMs: number,
  ) {}

  next(): T[] {
    if (!this.round) {
      const now = performance.now();
      if (now - this.startedAt < this.periodMs) return [];
      this.startedAt = now;
      this.round = this.source[Symbol.iterator]();
    }
    const share = Math.ceil((this.source.size * this.tickMs) / this.periodMs);
    const batch: T[] = [];
    while (batch.length < share) {
      const next = this.round.next();
      if (next.done) {
        this.round = null;
        break;
      }
      batch.push(next.value);
    }
    return batch;
  }
}
