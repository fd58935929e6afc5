import {
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { hasPermission } from '@docent/common/permissions';
import { ACCESS_RULE, type AccessRule, type AuthenticatedRequest } from './access.decorators.js';
import { AuthenticationService } from './authentication.service.js';

export const AUTHENTICATION_REQUIRED = 'Authentication required';

/** Global: routes are closed unless marked @Public, and @Authenticated routes get the permission they name. */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authentication: AuthenticationService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} declares no access rule; refusing`);
      throw new ForbiddenException('This endpoint is not available');
    }
    if (rule.public) return true;

    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const principal = bearer ? await this.authentication.authenticate(bearer) : null;
    if (!principal) throw new UnauthorizedException(AUTHENTICATION_REQUIRED);
    request.principal = principal;

    if (rule.permission && !hasPermission(principal, rule.permission)) {
      throw new ForbiddenException(`You don't have permission to do this (requires ${rule.permission})`);
    }
    return true;
  }
}
