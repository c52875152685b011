import type { Clock } from '../../server/src/common/clock.js';

/** A clock the test moves by hand (OTP expiry, cooldowns). */
export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
