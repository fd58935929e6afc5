import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  serviceNameParam,
  type ServiceRestartResponse,
  type ServicesResponse,
  type SystemStatusResponse,
} from '@docent/common/admin';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ListServicesQuery } from './services/list-services.query.js';
import { RestartServiceCommand } from './services/restart-service.command.js';
import { GetSystemStatusQuery } from './status/get-system-status.query.js';

/** Watching the system is system:monitor (developers hold it too); restarting a part of it is system:configure. */
@ApiTags('Admin')
@Controller('api/admin')
export class SystemController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('services')
  @Authenticated({ permission: 'system:monitor' })
  @ApiOperation({
    summary: 'The server’s components: status, uptime, what each reports, and the shared process’s memory and CPU',
  })
  async services(): Promise<ServicesResponse> {
    return { success: true, services: await this.queries.execute(new ListServicesQuery()) };
  }

  @Post('services/:name/restart')
  @HttpCode(200)
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({
    summary: 'Restart a component in this process (rebuild projections, restart workers, reload the embedder)',
  })
  @ApiConflictResponse({ description: 'The component cannot be restarted' })
  async restart(
    @CurrentPrincipal() principal: Principal,
    @Param('name', { schema: serviceNameParam }) name: string,
  ): Promise<ServiceRestartResponse> {
    return { success: true, ...(await this.commands.execute(new RestartServiceCommand(principal.userId, name))) };
  }

  @Get('status')
  @Authenticated({ permission: 'system:monitor' })
  @ApiOperation({
    summary: 'CPU, memory, the disk of DATA_DIR and the network, measured now, and alerts from real conditions',
  })
  async status(): Promise<SystemStatusResponse> {
    return { success: true, status: await this.queries.execute(new GetSystemStatusQuery()) };
  }
}
