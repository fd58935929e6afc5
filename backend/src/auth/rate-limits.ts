import { Injectable, type ExecutionContext } from '@nestjs/common';
import { normalizeIp, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { clientAddressOf } from '../http/client-address.js';
import { TooManyRequestsException } from '../http/too-many-requests.js';
import { normalizeEmail } from './users/user-view.js';

/**
 * Throttler names; each route opts into the ones that concern it. Guessing one account's
 * password is slowed by LoginBackoff instead, which never locks the owner out.
 */
export const RATE_LIMITS = {
  loginPerIp: 'login-per-ip',
  registerPerIp: 'register-per-ip',
  registerPerAccount: 'register-per-account',
} as const;

/** Per client: an IPv6 client usually holds a whole /64, so it counts as one. */
const byClient = (request: object) => normalizeIp(clientAddressOf(request as Request));
const byAccount = (request: object) => {
  const email: unknown = (request as Request).body?.email;
  return typeof email === 'string' && email.trim() ? `account:${normalizeEmail(email)}` : byClient(request);
};

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const { loginPerIp, registerPerIp } = config.auth.rateLimits;
  return {
    throttlers: [
      { name: RATE_LIMITS.loginPerIp, limit: loginPerIp.limit, ttl: loginPerIp.windowMs, getTracker: byClient },
      {
        name: RATE_LIMITS.registerPerIp,
        limit: registerPerIp.limit,
        ttl: registerPerIp.windowMs,
        getTracker: byClient,
      },
      // Registration attempts for one address: a handful an hour is plenty for a person.
      { name: RATE_LIMITS.registerPerAccount, limit: 5, ttl: 60 * 60_000, getTracker: byAccount },
    ],
    // The throttler would name its headers after each throttler (Retry-After-login-per-ip): the 429 sends the standard one.
    setHeaders: false,
    errorMessage: (_context: ExecutionContext, detail) =>
      `Too many attempts. Please try again in ${Math.max(1, Math.ceil(detail.timeToBlockExpire))} seconds.`,
  };
}

/** The throttler's guard, answering 429 with a standard Retry-After. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new TooManyRequestsException(await this.getErrorMessage(context, detail), detail.timeToBlockExpire);
  }
}
