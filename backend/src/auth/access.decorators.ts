import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Permission } from '@docent/common/permissions';
import type { Principal } from './principal.js';

export const ACCESS_RULE = 'docent:access-rule';

/** Every route declares one; the global guard refuses routes that do not. */
export type AccessRule = { public: true } | { public: false; permission: Permission | null };

/** Open to anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { public: true } satisfies AccessRule);

/** Needs a signed-in caller (access token or API key) and, when given, that permission. */
export const Authenticated = (options: { permission?: Permission } = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { public: false, permission: options.permission ?? null } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Authentication required' }),
    ...(options.permission
      ? [ApiForbiddenResponse({ description: `Requires the ${options.permission} permission` })]
      : []),
  );

export interface AuthenticatedRequest {
  principal?: Principal;
}

export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route that is not @Authenticated');
  return principal;
});
