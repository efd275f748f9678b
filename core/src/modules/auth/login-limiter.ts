import { AppError } from '@balcao/sdk';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Brute-force guard for login: 5 consecutive failures per account and address lock that pair for 15 minutes;
 * 100 failures per address in an hour lock the address. Memory-backed: per instance.
 */
export class LoginLimiter {
  private readonly perPair = new RateLimiterMemory({ points: 5, duration: 15 * 60, blockDuration: 15 * 60 });
  private readonly perIp = new RateLimiterMemory({ points: 100, duration: 60 * 60, blockDuration: 60 * 60 });

  async check(email: string, ip: string): Promise<void> {
    const [pair, addr] = await Promise.all([this.perPair.get(`${email}|${ip}`), this.perIp.get(ip)]);
    const blocked = [pair, addr].find((r) => r && r.remainingPoints <= 0);
    if (blocked) this.refuse(blocked);
  }

  async fail(email: string, ip: string): Promise<void> {
    await Promise.all([this.perPair.consume(`${email}|${ip}`), this.perIp.consume(ip)]).catch(
      (res: unknown) => {
        if (res instanceof RateLimiterRes) this.refuse(res);
        throw res;
      },
    );
  }

  async succeed(email: string, ip: string): Promise<void> {
    await this.perPair.delete(`${email}|${ip}`);
  }

  private refuse(res: RateLimiterRes): never {
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { retryAfter: Math.ceil(res.msBeforeNext / 1000) });
  }
}
