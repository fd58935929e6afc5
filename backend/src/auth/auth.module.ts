import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AccessGuard } from './access.guard.js';
import { AccountSecurityController } from './account-security.controller.js';
import { ApiKeysController } from './api-keys.controller.js';
import { ApiKeysProjection } from './api-keys/api-keys.projection.js';
import { AuthController } from './auth.controller.js';
import { AuthenticationService } from './authentication.service.js';
import { AcceptInviteHandler } from './commands/accept-invite.handler.js';
import { ChangePasswordHandler } from './commands/change-password.handler.js';
import { ChangeUserRoleHandler } from './commands/change-user-role.handler.js';
import { ChangeUserStandingHandler } from './commands/change-user-standing.handler.js';
import { CreateUserHandler } from './commands/create-user.handler.js';
import { DeleteUserHandler } from './commands/delete-user.handler.js';
import { InviteUserHandler } from './commands/invite-user.handler.js';
import { CreateApiKeyHandler } from './commands/create-api-key.handler.js';
import { DeleteApiKeyHandler } from './commands/delete-api-key.handler.js';
import { LogInHandler } from './commands/log-in.handler.js';
import { LogOutHandler } from './commands/log-out.handler.js';
import { RecordApiKeyUseHandler } from './commands/record-api-key-use.handler.js';
import { RefreshSessionHandler } from './commands/refresh-session.handler.js';
import { RegisterUserHandler } from './commands/register-user.handler.js';
import { StartDemoSessionHandler } from './commands/start-demo-session.handler.js';
import { UpdateProfileHandler } from './commands/update-profile.handler.js';
import { GetDemoAvailabilityHandler } from './queries/get-demo-availability.handler.js';
import { GetProfileHandler } from './queries/get-profile.handler.js';
import { ListApiKeysHandler } from './queries/list-api-keys.handler.js';
import { ListUsersHandler } from './queries/list-users.handler.js';
import { InvitesController } from './invites.controller.js';
import { ListSessionsHandler } from './queries/list-sessions.handler.js';
import { LoginBackoff } from './login-backoff.js';
import { PrincipalCache } from './principal-cache.js';
import { rateLimitOptions } from './rate-limits.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { SessionsProjection } from './sessions/sessions.projection.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { KnownDevices } from './tokens/known-devices.js';
import { PasswordHasher } from './tokens/password-hasher.js';
import { DemoAccount } from './users/demo-account.js';
import { AdminUserViews } from './users/admin-user-views.js';
import { UserActivityProjection } from './users/user-activity.projection.js';
import { UsersProjection } from './users/users.projection.js';
import { UsersController } from './users.controller.js';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A key object rather than the string: given a string, jsonwebtoken first tries it as a
      // public key (and throws) on every sign and verify, which every request pays.
      useFactory: (config: AppConfig) => ({ secret: createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8')) }),
    }),
    ThrottlerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: rateLimitOptions }),
  ],
  controllers: [AuthController, ApiKeysController, UsersController, InvitesController, AccountSecurityController],
  providers: [
    { provide: APP_GUARD, useClass: AccessGuard },
    AuthenticationService,
    PrincipalCache,
    AccessTokens,
    KnownDevices,
    {
      provide: LoginBackoff,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LoginBackoff(config.auth.rateLimits.loginPerAccount),
    },
    PasswordHasher,
    SessionIssuer,
    DemoAccount,
    UsersProjection,
    SessionsProjection,
    ApiKeysProjection,
    RegisterUserHandler,
    LogInHandler,
    StartDemoSessionHandler,
    RefreshSessionHandler,
    LogOutHandler,
    UpdateProfileHandler,
    ChangeUserRoleHandler,
    CreateApiKeyHandler,
    DeleteApiKeyHandler,
    RecordApiKeyUseHandler,
    GetDemoAvailabilityHandler,
    GetProfileHandler,
    ListApiKeysHandler,
    // User management (the Admin page)
    AdminUserViews,
    UserActivityProjection,
    ListUsersHandler,
    ChangeUserStandingHandler,
    DeleteUserHandler,
    CreateUserHandler,
    InviteUserHandler,
    AcceptInviteHandler,
    ChangePasswordHandler,
    ListSessionsHandler,
  ],
  exports: [AuthenticationService],
})
export class AuthModule {}
