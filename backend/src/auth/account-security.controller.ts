import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { changePasswordSchema, type PasswordChangeResponse, type SessionsResponse } from '@docent/common/settings';
import { idParam } from '@docent/common/validation';
import { Authenticated, CurrentPrincipal } from './access.decorators.js';
import { ChangePasswordCommand } from './commands/change-password.command.js';
import { LogOutCommand } from './commands/log-out.command.js';
import type { Principal } from './principal.js';
import { ListSessionsQuery } from './queries/list-sessions.query.js';

/** Every signed-in caller manages their own password and sessions, and no one else's. */
@ApiTags('Authentication')
@Controller('api/auth')
export class AccountSecurityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('password')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Change your password, giving the current one; every other session of yours ends. Needs a signed-in session, not an API key',
  })
  changePassword(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: changePasswordSchema }) body: z.output<typeof changePasswordSchema>,
  ): Promise<PasswordChangeResponse> {
    return this.commands.execute(new ChangePasswordCommand(principal, body.currentPassword, body.newPassword));
  }

  @Get('sessions')
  @Authenticated()
  @ApiOperation({ summary: 'Your open sign-in sessions, the current one marked' })
  async sessions(@CurrentPrincipal() principal: Principal): Promise<SessionsResponse> {
    return { success: true, sessions: await this.queries.execute(new ListSessionsQuery(principal)) };
  }

  @Delete('sessions/:id')
  @Authenticated()
  @ApiOperation({ summary: 'End one of your sessions; its tokens stop working at once' })
  async revokeSession(
    @CurrentPrincipal() principal: Principal,
    @Param('id', { schema: idParam('session id') }) id: string,
  ) {
    await this.commands.execute(new LogOutCommand(principal, id, false));
    return { success: true };
  }
}
