import type { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import { authMessages } from './auth.messages.js';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

/**
 * Login attempt limits per account and per client address. An attempt is counted (atomically,
 * INCR) before the password is checked, so concurrent attempts, including GraphQL aliases in one
 * request, cannot slip past the limit; a successful login clears the account's count and takes
 * its own attempt back from the address's.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: ThrottleLimits,
  ) {}

  private keys(account: string, ip: string) {
    return { acct: `rl:login:acct:${account.toLowerCase()}`, ip: `rl:login:ip:${ip}` };
  }

  async begin(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    const res = await this.redis
      .multi()
      .incr(k.acct)
      .expire(k.acct, this.limits.windowSeconds, 'NX')
      .ttl(k.acct)
      .incr(k.ip)
      .expire(k.ip, this.limits.windowSeconds, 'NX')
      .ttl(k.ip)
      .exec();
    const n = (i: number) => Number(res?.[i]?.[1] ?? 0);
    const [acctCount, acctTtl, ipCount, ipTtl] = [n(0), n(2), n(3), n(5)];
    const over = acctCount > this.limits.perAccount ? acctTtl : ipCount > this.limits.perIp ? ipTtl : 0;
    if (over) {
      const minutes = Math.max(1, Math.ceil(over / 60));
      throw new AppError('RATE_LIMITED', (minutes === 1 ? authMessages.tryAgainInMinute : authMessages.tryAgainInMinutes)({ n: minutes }), {
        retryAfterSeconds: over,
      });
    }
  }

  async succeeded(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    await this.redis.multi().del(k.acct).decr(k.ip).exec();
  }
}
