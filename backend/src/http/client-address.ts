import { BlockList, isIP } from 'node:net';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The address of the client a request comes from: the one question every address-based
 * decision asks. Express answers it (`request.ip`), honouring the app's `trust proxy`
 * setting; without one it is the address of the connection's other end.
 */
export function clientAddressOf(request: Request): string | undefined {
  return request.ip ?? request.socket.remoteAddress;
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
