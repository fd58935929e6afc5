import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type {
  AddProviderResponse,
  ModelListResponse,
  ModelProvidersResponse,
  ModelStatsResponse,
  ModelTestResult,
  ModelUpdateResponse,
  RefreshProviderModelsResponse,
  RoutingEnvelope,
} from '@docent/common/models';
import {
  addProviderSchema,
  modelIdParam,
  modelUpdateSchema,
  providerIdParam,
  routingSchema,
} from '@docent/common/models';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { AddProviderCommand } from './commands/add-provider.command.js';
import { ConfigureRoutingCommand } from './commands/configure-routing.command.js';
import { RefreshProviderModelsCommand } from './commands/refresh-provider-models.command.js';
import { RemoveProviderCommand } from './commands/remove-provider.command.js';
import { TestModelCommand } from './commands/test-model.command.js';
import { UpdateModelCommand } from './commands/update-model.command.js';
import { GetModelStatsQuery } from './queries/get-model-stats.query.js';
import { GetRoutingQuery } from './queries/get-routing.query.js';
import { ListModelProvidersQuery } from './queries/list-model-providers.query.js';
import { ListModelsQuery } from './queries/list-models.query.js';

/**
 * The spec defines no permissions for models, so: reading is part of the dashboard,
 * testing is monitoring, and changing anything is system configuration.
 */
@ApiTags('Models')
@Controller('api/models')
export class ModelsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated({ permission: 'dashboard:view' })
  @ApiOperation({ summary: 'Every model the installed providers offer, with its status, settings and figures' })
  async list(): Promise<ModelListResponse> {
    return { success: true, models: await this.queries.execute(new ListModelsQuery()) };
  }

  @Get('stats')
  @Authenticated({ permission: 'dashboard:view' })
  @ApiOperation({ summary: 'Totals over all recorded calls; monthly and daily figures by the UTC calendar' })
  async stats(): Promise<ModelStatsResponse> {
    return { success: true, stats: await this.queries.execute(new GetModelStatsQuery()) };
  }

  @Get('routing')
  @Authenticated({ permission: 'dashboard:view' })
  @ApiOperation({ summary: 'The routing configuration and each model’s use of its limits right now' })
  async routing(): Promise<RoutingEnvelope> {
    return { success: true, ...(await this.queries.execute(new GetRoutingQuery())) };
  }

  @Put('routing')
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({
    summary: 'Change the primary, fallback and cost-optimized models or auto-routing (only the fields sent)',
  })
  async configureRouting(
    @Body({ schema: routingSchema }) changes: z.output<typeof routingSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RoutingEnvelope> {
    return { success: true, ...(await this.commands.execute(new ConfigureRoutingCommand(changes, principal))) };
  }

  @Get('providers')
  @Authenticated({ permission: 'dashboard:view' })
  @ApiOperation({ summary: 'The installed providers and the endpoints added with Add Provider; keys masked' })
  async providers(): Promise<ModelProvidersResponse> {
    return { success: true, providers: await this.queries.execute(new ListModelProvidersQuery()) };
  }

  @Post('providers')
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({
    summary: 'Add an OpenAI-compatible endpoint; its models are listed from it (502 when it cannot be reached)',
  })
  addProvider(
    @Body({ schema: addProviderSchema }) request: z.output<typeof addProviderSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<AddProviderResponse> {
    return this.commands.execute(new AddProviderCommand(request, principal));
  }

  @Post('providers/:id/refresh')
  @HttpCode(200)
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({
    summary:
      'List the models the provider’s endpoint serves now, in place of its built-in list (409 without a key, 502 when the endpoint fails)',
  })
  refreshProviderModels(
    @Param('id', { schema: providerIdParam }) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RefreshProviderModelsResponse> {
    return this.commands.execute(new RefreshProviderModelsCommand(id, principal));
  }

  @Delete('providers/:id')
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({ summary: 'Remove an endpoint added with Add Provider (409 for an installed plugin)' })
  async removeProvider(@Param('id', { schema: providerIdParam }) id: string, @CurrentPrincipal() principal: Principal) {
    await this.commands.execute(new RemoveProviderCommand(id, principal));
    return { success: true };
  }

  @Put(':id')
  @Authenticated({ permission: 'system:configure' })
  @ApiOperation({
    summary:
      'Change a model’s status, parameters or limits, or its provider’s endpoint or key; answers the updated model',
  })
  async update(
    @Param('id', { schema: modelIdParam }) id: string,
    @Body({ schema: modelUpdateSchema }) update: z.output<typeof modelUpdateSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ModelUpdateResponse> {
    return { success: true, model: await this.commands.execute(new UpdateModelCommand(id, update, principal)) };
  }

  @Post(':id/test')
  @HttpCode(200)
  @Authenticated({ permission: 'system:monitor' })
  @ApiOperation({ summary: 'A real call through the model’s provider: {success, responseTime (ms), error}' })
  test(
    @Param('id', { schema: modelIdParam }) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ModelTestResult> {
    return this.commands.execute(new TestModelCommand(id, principal));
  }
}
