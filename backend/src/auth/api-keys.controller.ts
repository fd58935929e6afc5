import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { Authenticated, CurrentPrincipal } from './access.decorators.js';
import { createApiKeySchema } from '@docent/common/auth';
import { idParam } from '@docent/common/validation';
import { CreateApiKeyCommand } from './commands/create-api-key.command.js';
import { DeleteApiKeyCommand } from './commands/delete-api-key.command.js';
import type { Principal } from './principal.js';
import { ListApiKeysQuery } from './queries/list-api-keys.query.js';

@ApiTags('API keys')
@Controller('api/api-keys')
export class ApiKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated({ permission: 'api_keys:read' })
  @ApiOperation({ summary: "The caller's API keys, masked" })
  async list(@CurrentPrincipal() principal: Principal) {
    return { success: true, apiKeys: await this.queries.execute(new ListApiKeysQuery(principal.userId)) };
  }

  @Post()
  @Authenticated({ permission: 'api_keys:create' })
  @ApiOperation({
    summary: 'Create an API key; the full key is shown in this answer only. Needs a signed-in session, not an API key',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body({ schema: createApiKeySchema }) body: z.output<typeof createApiKeySchema>,
  ) {
    return { success: true, apiKey: await this.commands.execute(new CreateApiKeyCommand(principal, body.name)) };
  }

  @Delete(':id')
  @Authenticated({ permission: 'api_keys:delete' })
  @ApiOperation({ summary: 'Delete one of your API keys; it stops working at once' })
  async delete(@CurrentPrincipal() principal: Principal, @Param('id', { schema: idParam('API key id') }) id: string) {
    await this.commands.execute(new DeleteApiKeyCommand(principal.userId, id));
    return { success: true };
  }
}
