import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { toolExecutionsDecider, type ToolExecutionsEvent } from './tool-executions.decider.js';

const callerId = '6f1c3d2a-0000-4000-8000-0000000000aa';
const succeeded = { tool: 'calculate', callerId, latencyMs: 0.4, outcome: 'success' } as const;
const failed = { ...succeeded, outcome: 'error', error: 'Division by zero: b must not be 0' } as const;

describe('the tool executions decider', () => {
  it('records each run as it went, failures with their message, whatever came before', () => {
    const before: ToolExecutionsEvent = { type: 'ToolExecuted', data: succeeded };
    for (const execution of [succeeded, failed]) {
      for (const given of [[], [before]]) {
        specFor(toolExecutionsDecider)
          .given(given)
          .when({ type: 'RecordToolExecution', execution })
          .then([{ type: 'ToolExecuted', data: execution }]);
      }
    }
  });
});
