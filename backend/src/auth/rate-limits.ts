import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config.js';
import { normalizeEmail } from './users/user-view.js';

/** Throttler names; each route opts into the ones that concern it. */
export const RATE_LIMITS = {
  loginPerIp: 'login-per-ip',
  loginPerAccount: 'login-per-account',
  registerPerIp: 'register-per-ip',
  registerPerAccount: 'register-per-account',
} as const;

/** What the trackers read of an Express request. */
interface TrackedRequest {
  ip?: string;
  socket?: { remoteAddress?: string };
  body?: { email?: unknown };
}

const byIp = (request: TrackedRequest) => String(request.ip ?? request.socket?.remoteAddress ?? 'unknown');
const byAccount = (request: TrackedRequest) => {
  const email = request.body?.email;
  return typeof email === 'string' && email.trim() ? `account:${normalizeEmail(email)}` : byIp(request);
};

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const { loginPerIp, loginPerAccount, registerPerIp } = config.auth.rateLimits;
  return {
    throttlers: [
      { name: RATE_LIMITS.loginPerIp, limit: loginPerIp.limit, ttl: loginPerIp.windowMs, getTracker: byIp },
      {
        name: RATE_LIMITS.loginPerAccount,
        limit: loginPerAccount.limit,
        ttl: loginPerAccount.windowMs,
        getTracker: byAccount,
      },
      { name: RATE_LIMITS.registerPerIp, limit: registerPerIp.limit, ttl: registerPerIp.windowMs, getTracker: byIp },
      // Registration attempts for one address: a handful an hour is plenty for a person.
      { name: RATE_LIMITS.registerPerAccount, limit: 5, ttl: 60 * 60_000, getTracker: byAccount },
    ],
    errorMessage: (_context: ExecutionContext, detail) =>
      `Too many attempts. Please try again in ${Math.max(1, Math.ceil(detail.timeToBlockExpire))} seconds.`,
  };
}
