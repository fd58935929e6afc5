import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent, DomainEventMap } from '../../event-store/domain-event.js';
import { TOOL_EXECUTIONS_STREAM_TYPE } from './tools.events.js';

export type ToolExecutionsCommand = { type: 'RecordToolExecution'; execution: DomainEventMap['ToolExecuted'] };

export type ToolExecutionsEvent = DomainEvent<'ToolExecuted'>;

/** A caller's tool runs: a log of facts, appended without being read. */
export const toolExecutionsDecider: Decider<ToolExecutionsCommand, ToolExecutionsEvent, null> = {
  streamType: TOOL_EXECUTIONS_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide: (command) => [{ type: 'ToolExecuted', data: command.execution }],
  evolve: (state) => state,
};
