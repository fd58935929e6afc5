import { Body, Controller, Get, Headers, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiForbiddenResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { z } from 'zod';
import { ClientAddress } from '../http/client-address.js';
import { Authenticated, CurrentPrincipal, Public } from './access.decorators.js';
import { loginSchema, logoutSchema, profileUpdateSchema, refreshSchema, registerSchema } from '@docent/common/auth';
import { LogInCommand } from './commands/log-in.command.js';
import { LogOutCommand } from './commands/log-out.command.js';
import { RefreshSessionCommand } from './commands/refresh-session.command.js';
import { RegisterUserCommand } from './commands/register-user.command.js';
import { StartDemoSessionCommand } from './commands/start-demo-session.command.js';
import { UpdateProfileCommand } from './commands/update-profile.command.js';
import type { Principal } from './principal.js';
import { GetDemoAvailabilityQuery } from './queries/get-demo-availability.query.js';
import { GetProfileQuery } from './queries/get-profile.query.js';
import { RATE_LIMITS, RateLimitGuard } from './rate-limits.js';

const { loginPerIp, registerPerIp, registerPerAccount } = RATE_LIMITS;

@ApiTags('Authentication')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('register')
  @Public()
  @UseGuards(RateLimitGuard)
  @SkipThrottle({ [loginPerIp]: true })
  @ApiOperation({ summary: 'Create an account; the first account on an empty system becomes admin' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address or for this email' })
  register(
    @Body({ schema: registerSchema }) body: z.output<typeof registerSchema>,
    @Headers('user-agent') userAgent?: string,
  ) {
    return this.commands.execute(new RegisterUserCommand(body.name, body.email, body.password, userAgent));
  }

  @Post('login')
  @HttpCode(200)
  @Public()
  @UseGuards(RateLimitGuard)
  @SkipThrottle({ [registerPerIp]: true, [registerPerAccount]: true })
  @ApiOperation({
    summary:
      'Sign in; rememberMe keeps the session for 30 days. Send the deviceToken of an earlier sign-in: wrong guesses from elsewhere never slow that device down',
  })
  @ApiTooManyRequestsResponse({
    description: 'Too many attempts from this address, or a guess at this account before its delay has passed',
  })
  login(@Body({ schema: loginSchema }) body: z.output<typeof loginSchema>, @Headers('user-agent') userAgent?: string) {
    return this.commands.execute(
      new LogInCommand(body.email, body.password, body.rememberMe, body.deviceToken, userAgent),
    );
  }

  @Get('demo')
  @Public()
  @ApiOperation({ summary: 'Whether the demo administrator login is offered to the caller' })
  async demoAvailability(@ClientAddress() clientAddress: string | undefined) {
    return { success: true, available: await this.queries.execute(new GetDemoAvailabilityQuery(clientAddress)) };
  }

  @Post('demo-login')
  @HttpCode(200)
  @Public()
  @UseGuards(RateLimitGuard)
  @SkipThrottle({ [registerPerIp]: true, [registerPerAccount]: true })
  @ApiOperation({
    summary:
      'Sign in as the demo administrator (demo mode only; from the machine the server runs on unless DEMO_MODE=true). ' +
      'A demo session cannot change users, roles, model providers or API keys',
  })
  @ApiForbiddenResponse({ description: 'Demo login from another machine while DEMO_MODE is not set' })
  demoLogin(@ClientAddress() clientAddress: string | undefined, @Headers('user-agent') userAgent?: string) {
    return this.commands.execute(new StartDemoSessionCommand(clientAddress, userAgent));
  }

  @Post('refresh')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Exchange a refresh token for a new access token; the refresh token rotates' })
  refresh(@Body({ schema: refreshSchema }) body: z.output<typeof refreshSchema>) {
    return this.commands.execute(new RefreshSessionCommand(body.refreshToken));
  }

  @Post('logout')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Close a session (the current one by default), or all of them with logoutAll' })
  logout(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: logoutSchema }) body: z.output<typeof logoutSchema>,
  ) {
    return this.commands.execute(new LogOutCommand(principal, body.sessionId, body.logoutAll));
  }

  @Get('profile')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  async profile(@CurrentPrincipal() principal: Principal) {
    return { success: true, user: await this.queries.execute(new GetProfileQuery(principal.userId)) };
  }

  @Put('profile')
  @Authenticated()
  @ApiOperation({ summary: 'Change name, email or avatar' })
  async updateProfile(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: profileUpdateSchema }) body: z.output<typeof profileUpdateSchema>,
  ) {
    return { success: true, user: await this.commands.execute(new UpdateProfileCommand(principal.userId, body)) };
  }
}
