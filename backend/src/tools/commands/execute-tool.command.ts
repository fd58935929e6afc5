import { Command } from '@nestjs/cqrs';
import type { ToolExecutionResponse } from '@docent/common/tools';
import type { Principal } from '../../auth/principal.js';

/** Runs a tool for a caller, from the API, /demo or MCP alike, and records that it ran. */
export class ExecuteToolCommand extends Command<ToolExecutionResponse> {
  constructor(
    readonly tool: string,
    readonly parameters: Record<string, unknown>,
    readonly principal: Principal,
    /** The caller went away: a tool that calls a model stops. */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
