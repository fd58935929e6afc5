import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { verifiedClientAddress } from '@docent/common/client-address';

/** The browser addresses the web server vouched for, by request. */
const forwardedAddresses = new WeakMap<IncomingMessage, string>();

/**
 * Express middleware: takes the browser's address the web server forwards with its API
 * calls, when the proof made with the shared session secret is authentic. Any other
 * caller's forwarding headers (a forged one from a local process included) are ignored.
 */
export function acceptForwardedClientAddress(sessionSecret: string) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const address = verifiedClientAddress(sessionSecret, request.headers);
    if (address) forwardedAddresses.set(request, address);
    next();
  };
}

/**
 * The address of the client a request acts for: the one question every address-based
 * decision asks. The browser's, for the web server's calls on its behalf; otherwise the
 * address the connection came from, as Express resolves it through the proxies
 * TRUST_PROXY trusts. Rate limits, logs and any "only from this machine" check ask
 * this, never request.ip directly.
 */
export function clientAddressOf(request: IncomingMessage & { ip?: string }): string {
  const address = forwardedAddresses.get(request) ?? request.ip ?? request.socket.remoteAddress ?? 'unknown';
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d: one client, one spelling.
  return address.replace(/^::ffff:(?=\d{1,3}(\.\d{1,3}){3}$)/i, '');
}

/** The calling client's address, as clientAddressOf resolves it. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  clientAddressOf(context.switchToHttp().getRequest<Request>()),
);

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether the address is this machine's loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (family === 0) return false;
  return LOOPBACK.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}
