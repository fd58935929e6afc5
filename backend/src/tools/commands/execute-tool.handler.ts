import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isToolInputError } from '@docent/plugin-sdk';
import { hasPermission } from '@docent/common/permissions';
import { TOOL_EXECUTION_FAILED, type ToolExecutionResponse } from '@docent/common/tools';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import type { DomainEventMap } from '../../event-store/domain-event.js';
import { ToolCatalog } from '../catalog/tool-catalog.service.js';
import { ToolContexts } from '../catalog/tool-context.js';
import { ToolInputValidator } from '../catalog/tool-input-validator.js';
import { toolExecutionsDecider } from '../domain/tool-executions.decider.js';
import { toolExecutionsStreamId } from '../domain/tools.events.js';
import { ExecuteToolCommand } from './execute-tool.command.js';

/** The status a tool's refusal of its input answers with: well-formed, valid, and still not computable. */
const TOOL_REFUSED_INPUT_STATUS = 422;

/**
 * Refuses what cannot run (403 without tools:execute, 404 for an unknown tool, 503 for one
 * that is coming soon or whose component is not ready, 400 for parameters its schema
 * refuses), then runs the tool and records the run as ToolExecuted, failed ones included.
 * A tool's failure answers with its message: 422 when the tool refused the input (a
 * division by zero), the error's own status when a service it used refused (no model
 * active, a limit reached), else 502.
 */
@CommandHandler(ExecuteToolCommand)
export class ExecuteToolHandler implements ICommandHandler<ExecuteToolCommand> {
  constructor(
    private readonly catalog: ToolCatalog,
    private readonly validator: ToolInputValidator,
    private readonly contexts: ToolContexts,
    private readonly decisions: Decisions,
  ) {}

  async execute({ tool: name, parameters, principal, signal }: ExecuteToolCommand): Promise<ToolExecutionResponse> {
    if (!hasPermission(principal, 'tools:execute')) {
      throw new DomainError('forbidden', "You don't have permission to do this (requires tools:execute)");
    }
    const tool = this.catalog.find(name);
    if (!tool) throw new DomainError('not-found', `Unknown tool: ${name}`);
    const availability = await this.catalog.availability(tool);
    if (!availability.ready || !tool.execute) {
      const reason = availability.ready ? 'it has nothing to run' : availability.reason;
      throw new DomainError('unavailable', `${name} cannot run now: ${reason}`);
    }
    this.validator.assertValid(tool, parameters);

    const started = performance.now();
    const latency = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const answer = await tool.execute(parameters, this.contexts.for(name, principal, signal));
      const latencyMs = latency();
      await this.record({ tool: name, callerId: principal.userId, latencyMs, outcome: 'success' }, principal);
      return {
        success: true,
        tool: name,
        result: answer.result,
        metadata: { ...answer.metadata, latency_ms: latencyMs },
        ...(answer.results && { results: answer.results.map((item) => ({ ...item })) }),
      };
    } catch (error) {
      const failure = asDomainError(error);
      await this.record(
        { tool: name, callerId: principal.userId, latencyMs: latency(), outcome: 'error', error: failure.message },
        principal,
      );
      throw failure;
    }
  }

  private async record(execution: DomainEventMap['ToolExecuted'], principal: Principal): Promise<void> {
    await this.decisions.handle(
      toolExecutionsDecider,
      toolExecutionsStreamId(principal.userId),
      { type: 'RecordToolExecution', execution },
      { actorId: principal.userId },
    );
  }
}

function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const message = (error instanceof Error && error.message.trim()) || TOOL_EXECUTION_FAILED;
  if (isToolInputError(error)) {
    return new DomainError('upstream-refused', message, { upstreamStatus: TOOL_REFUSED_INPUT_STATUS });
  }
  return new DomainError('upstream-failed', message);
}
