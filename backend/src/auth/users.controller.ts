import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { Authenticated, CurrentPrincipal } from './access.decorators.js';
import { changeRoleSchema } from '@docent/common/auth';
import { idParam } from '@docent/common/validation';
import { ChangeUserRoleCommand } from './commands/change-user-role.command.js';
import type { Principal } from './principal.js';

@ApiTags('Users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id/role')
  @Authenticated({ permission: 'users:manage_roles' })
  @ApiOperation({ summary: "Change a user's role; takes effect on their next request" })
  async changeRole(
    @CurrentPrincipal() principal: Principal,
    @Param('id', { schema: idParam('User id') }) userId: string,
    @Body({ schema: changeRoleSchema }) body: z.output<typeof changeRoleSchema>,
  ) {
    return {
      success: true,
      user: await this.commands.execute(new ChangeUserRoleCommand(principal.userId, userId, body.role)),
    };
  }
}
