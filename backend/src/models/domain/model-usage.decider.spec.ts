import { describe, expect, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { modelUsageDecider, type ModelInvocation, type ModelUsageEvent } from './model-usage.decider.js';

const call = (changes: Partial<ModelInvocation> = {}): ModelInvocation => ({
  modelId: 'scripted:alpha',
  providerId: 'scripted',
  userId: null,
  inputTokens: 1000,
  outputTokens: 500,
  cost: 0.025,
  latencyMs: 120,
  outcome: 'success',
  error: null,
  finishReason: 'stop',
  fallback: false,
  streamed: false,
  ...changes,
});
const invoked = (data: ModelInvocation): ModelUsageEvent => ({ type: 'ModelInvoked', data });

describe('the model usage decider', () => {
  it('records each call as it was made, failed ones included, whatever came before', () => {
    const failed = call({ outcome: 'error', error: 'Alpha Large failed', finishReason: null, cost: 0 });

    for (const before of [[], [invoked(call())]]) {
      specFor(modelUsageDecider)
        .given(before)
        .when({ type: 'RecordCalls', calls: [call(), failed] })
        .then([invoked(call()), invoked(failed)]);
    }
  });

  it('is appended to without being read, and keeps no state', () => {
    expect(modelUsageDecider.appendOnly).toBe(true);
    specFor(modelUsageDecider)
      .given([invoked(call()), invoked(call())])
      .thenState(null);
  });
});
