import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import { calculatePayloadSchema, queryPayloadSchema, type ToolExecutionResponse } from '@docent/common/tools';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import { callerLeftSignal } from '../http/caller-left.js';
import type { Principal } from '../auth/principal.js';
import { ExecuteToolCommand } from './commands/execute-tool.command.js';

/**
 * The spec's demo calls of the MCP Tools page: shorthands for POST /api/tools/execute with
 * one tool each, answered the same way. They name tools by the names the spec gives them;
 * without that plugin installed they answer 404 like any unknown tool.
 */
@ApiTags('Tools')
@Controller('demo')
export class DemoController {
  constructor(private readonly commands: CommandBus) {}

  @Post('calculate')
  @HttpCode(200)
  @Authenticated({ permission: 'tools:execute' })
  @ApiOperation({ summary: 'Run calculate: a (add, subtract, multiply or divide) b; 422 for a division by zero' })
  calculate(
    @Body({ schema: calculatePayloadSchema }) payload: z.output<typeof calculatePayloadSchema>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ToolExecutionResponse> {
    return this.commands.execute(new ExecuteToolCommand('calculate', payload, principal, callerLeftSignal(response)));
  }

  @Post('search')
  @HttpCode(200)
  @Authenticated({ permission: 'tools:execute' })
  @ApiOperation({
    summary: 'Run search over the documents the caller may read; results[] titled with document names',
  })
  search(
    @Body({ schema: queryPayloadSchema }) payload: z.output<typeof queryPayloadSchema>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ToolExecutionResponse> {
    return this.commands.execute(new ExecuteToolCommand('search', payload, principal, callerLeftSignal(response)));
  }

  @Post('route')
  @HttpCode(200)
  @Authenticated({ permission: 'tools:execute' })
  @ApiOperation({ summary: 'Run route: the model the router would pick for the query, why, and the candidates' })
  route(
    @Body({ schema: queryPayloadSchema }) payload: z.output<typeof queryPayloadSchema>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ToolExecutionResponse> {
    return this.commands.execute(new ExecuteToolCommand('route', payload, principal, callerLeftSignal(response)));
  }
}
