import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { toolExecuteRequestSchema, type ToolExecutionResponse, type ToolListResponse } from '@docent/common/tools';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import { callerLeftSignal } from '../http/caller-left.js';
import type { Principal } from '../auth/principal.js';
import { ExecuteToolCommand } from './commands/execute-tool.command.js';
import { MCP_PATH } from './mcp/mcp-path.js';
import { ListToolsQuery } from './queries/list-tools.query.js';

/** Listing is for anyone signed in; running a tool needs tools:execute. */
@ApiTags('Tools')
@Controller('api/tools')
export class ToolsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('list')
  @Authenticated()
  @ApiOperation({
    summary:
      'Every tool with its input schema, category and hints; ready only while the component it requires is ready, with the reason otherwise; and the MCP endpoint',
  })
  async list(@Req() request: Request): Promise<ToolListResponse> {
    const tools = await this.queries.execute(new ListToolsQuery());
    return { success: true, tools, mcpEndpoint: `${request.protocol}://${request.host}${MCP_PATH}` };
  }

  @Post('execute')
  @HttpCode(200)
  @Authenticated({ permission: 'tools:execute' })
  @ApiOperation({
    summary:
      'Run a ready tool with parameters its input schema accepts: 404 unknown tool, 503 coming soon or not ready, 400 parameters refused, 422 the tool refused the input (a division by zero), 502 the tool failed; each run is recorded',
  })
  execute(
    @Body({ schema: toolExecuteRequestSchema }) { tool, parameters }: z.output<typeof toolExecuteRequestSchema>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ToolExecutionResponse> {
    return this.commands.execute(new ExecuteToolCommand(tool, parameters, principal, callerLeftSignal(response)));
  }
}
