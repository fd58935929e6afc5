import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  createUserSchema,
  inviteUserSchema,
  listUsersSchema,
  standingActionParam,
  userIdParam,
  type AdminUserResponse,
  type InviteResponse,
  type StandingAction,
  type UserDeletedResponse,
  type UserListResponse,
} from '@docent/common/admin';
import { Authenticated, CurrentPrincipal } from './access.decorators.js';
import { changeRoleSchema } from '@docent/common/auth';
import { ChangeUserRoleCommand } from './commands/change-user-role.command.js';
import { ChangeUserStandingCommand } from './commands/change-user-standing.command.js';
import { CreateUserCommand } from './commands/create-user.command.js';
import { DeleteUserCommand } from './commands/delete-user.command.js';
import { InviteUserCommand } from './commands/invite-user.command.js';
import type { Principal } from './principal.js';
import { ListUsersQuery } from './queries/list-users.query.js';

/**
 * User management. Permissions follow the spec's catalog: reading needs users:read;
 * creating, inviting and changing an account's standing (suspend, reactivate, deactivate)
 * edit users, so users:write; roles need users:manage_roles; deleting needs users:delete.
 */
@ApiTags('Users')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated({ permission: 'users:read' })
  @ApiOperation({ summary: 'The accounts, with standing, documents uploaded and last activity; search and paging' })
  async list(@Query({ schema: listUsersSchema }) query: z.output<typeof listUsersSchema>): Promise<UserListResponse> {
    return { success: true, ...(await this.queries.execute(new ListUsersQuery(query))) };
  }

  @Post()
  @Authenticated({ permission: 'users:write' })
  @ApiOperation({ summary: 'Create an account with a first password to hand over' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: createUserSchema }) body: z.output<typeof createUserSchema>,
  ): Promise<AdminUserResponse> {
    return { success: true, user: await this.commands.execute(new CreateUserCommand(principal.userId, body)) };
  }

  @Post('invites')
  @Authenticated({ permission: 'users:write' })
  @ApiOperation({ summary: 'Create a one-time invite link for an email and role; the link is shown once' })
  async invite(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: inviteUserSchema }) body: z.output<typeof inviteUserSchema>,
  ): Promise<InviteResponse> {
    return { success: true, invite: await this.commands.execute(new InviteUserCommand(principal.userId, body)) };
  }

  @Put(':id/role')
  @Authenticated({ permission: 'users:manage_roles' })
  @ApiOperation({ summary: "Change a user's role; takes effect on their next request" })
  async changeRole(
    @CurrentPrincipal() principal: Principal,
    @Param('id', { schema: userIdParam }) userId: string,
    @Body({ schema: changeRoleSchema }) body: z.output<typeof changeRoleSchema>,
  ) {
    return {
      success: true,
      user: await this.commands.execute(new ChangeUserRoleCommand(principal.userId, userId, body.role)),
    };
  }

  @Post(':id/:action')
  @HttpCode(200)
  @Authenticated({ permission: 'users:write' })
  @ApiOperation({
    summary:
      'Suspend, reactivate or deactivate an account; a suspended or deactivated one cannot sign in and its sessions, keys and sockets stop at once',
  })
  @ApiConflictResponse({ description: 'The last active administrator cannot be suspended or deactivated' })
  async changeStanding(
    @CurrentPrincipal() principal: Principal,
    @Param('id', { schema: userIdParam }) userId: string,
    @Param('action', { schema: standingActionParam }) action: StandingAction,
  ): Promise<AdminUserResponse> {
    return {
      success: true,
      user: await this.commands.execute(new ChangeUserStandingCommand(principal.userId, userId, action)),
    };
  }

  @Delete(':id')
  @Authenticated({ permission: 'users:delete' })
  @ApiOperation({ summary: 'Delete an account; its documents stay, owned by the system, and the answer says so' })
  @ApiConflictResponse({ description: 'The last active administrator cannot be deleted' })
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id', { schema: userIdParam }) userId: string,
  ): Promise<UserDeletedResponse> {
    return this.commands.execute(new DeleteUserCommand(principal.userId, userId));
  }
}
