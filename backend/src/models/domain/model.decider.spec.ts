import { DEFAULT_MODEL_CONFIGURATION } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import type { DomainEvent, RecordedEvent } from '../../event-store/domain-event.js';
import {
  decideModel,
  evolveModel,
  initialModelState,
  type ModelCommand,
  type ModelEvent,
  type ModelState,
} from './model.decider.js';
import { decideModelProvider, evolveModelProvider, initialModelProviderState } from './model-provider.decider.js';

const modelId = 'scripted:alpha';

function recorded(events: DomainEvent[]): RecordedEvent[] {
  return events.map((event, index) => ({
    ...event,
    position: index + 1,
    streamId: `model-${modelId}`,
    streamType: 'model',
    version: index + 1,
    metadata: { actorId: null },
    occurredAt: new Date(0),
  })) as RecordedEvent[];
}

/** Given these past events, when the command is decided, then these events follow. */
function given(events: DomainEvent[]): { when: (command: ModelCommand) => DomainEvent[] } {
  const state = (recorded(events) as ModelEvent[]).reduce<ModelState>(evolveModel, initialModelState());
  return { when: (command) => decideModel(command, state) };
}

const tested = (success: boolean, error: string | null = null): DomainEvent => ({
  type: 'ModelTested',
  data: { modelId, success, responseTimeMs: 12, error },
});

describe('the model decider', () => {
  it('records only the settings that change, with their full values', () => {
    const events = given([]).when({
      type: 'Update',
      modelId,
      configuration: { temperature: 0.2, topP: 1 },
      limits: {},
    });

    expect(events).toEqual([
      {
        type: 'ModelConfigured',
        data: { modelId, configuration: { ...DEFAULT_MODEL_CONFIGURATION, temperature: 0.2 } },
      },
    ]);
  });

  it('records nothing for an update that changes nothing', () => {
    expect(given([]).when({ type: 'Update', modelId, configuration: { temperature: 0.7 }, status: 'active' })).toEqual(
      [],
    );
  });

  it("records an administrator's status change", () => {
    expect(given([]).when({ type: 'Update', modelId, status: 'inactive' })).toEqual([
      { type: 'ModelStatusChanged', data: { modelId, status: 'inactive', reason: null, changedBy: 'administrator' } },
    ]);
  });

  it('records every test, and a status change only when the outcome differs from the last one', () => {
    expect(
      given([]).when({ type: 'RecordTest', modelId, success: false, responseTimeMs: 12, error: 'Invalid API key' }),
    ).toEqual([
      tested(false, 'Invalid API key'),
      {
        type: 'ModelStatusChanged',
        data: { modelId, status: 'error', reason: 'Invalid API key', changedBy: 'health-test' },
      },
    ]);
    expect(
      given([tested(false, 'Invalid API key')]).when({
        type: 'RecordTest',
        modelId,
        success: false,
        responseTimeMs: 12,
        error: 'Invalid API key',
      }),
    ).toEqual([tested(false, 'Invalid API key')]);
    expect(
      given([tested(false, 'down')]).when({
        type: 'RecordTest',
        modelId,
        success: true,
        responseTimeMs: 12,
        error: null,
      }),
    ).toEqual([
      tested(true),
      { type: 'ModelStatusChanged', data: { modelId, status: 'active', reason: null, changedBy: 'health-test' } },
    ]);
  });
});

describe('the model provider decider', () => {
  const key = { encrypted: 'v1:abc', masked: 'sk-…abcd' };
  const state = (events: DomainEvent[]) =>
    recorded(events).reduce(
      (current, event) => evolveModelProvider(current, event as never),
      initialModelProviderState(),
    );

  const configure = { type: 'Configure' as const, providerId: 'scripted', defaultEndpoint: 'https://default' };
  const configuredAt = (endpoint: string | null) =>
    state([{ type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint, apiKey: key } }]);

  it('keeps the settings not mentioned, and clears those set to null', () => {
    const configured = configuredAt('http://a');

    expect(decideModelProvider({ ...configure, apiKey: null }, configured)).toEqual([
      { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'http://a', apiKey: null } },
    ]);
    expect(decideModelProvider({ ...configure, endpoint: 'http://a' }, configured)).toEqual([]);
  });

  it.each([
    ['another endpoint', 'http://a', 'http://elsewhere'],
    ["the plugin's default", 'http://a', null],
    ['an endpoint of its own', null, 'http://elsewhere'],
  ])('given a stored key, when the endpoint moves to %s without a key, then the key is cleared', (_, from, to) => {
    const configured = configuredAt(from);

    const events = decideModelProvider({ ...configure, endpoint: to }, configured);

    expect(events).toEqual([
      { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: to, apiKey: null } },
      { type: 'ProviderApiKeyCleared', data: { providerId: 'scripted', reason: 'endpoint-changed' } },
    ]);
    expect(
      recorded(events).reduce((current, event) => evolveModelProvider(current, event as never), configured),
    ).toMatchObject({ endpoint: to, apiKey: null });
  });

  it('given a stored key, when the endpoint moves with a new key, then the new key is stored and nothing is cleared', () => {
    const newKey = { encrypted: 'v1:def', masked: 'sk-…efgh' };

    expect(
      decideModelProvider({ ...configure, endpoint: 'http://elsewhere', apiKey: newKey }, configuredAt('http://a')),
    ).toEqual([
      { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'http://elsewhere', apiKey: newKey } },
    ]);
  });

  it("keeps the key when the endpoint is written out as the plugin's default it already used", () => {
    expect(decideModelProvider({ ...configure, endpoint: 'https://default' }, configuredAt(null))).toEqual([
      { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'https://default', apiKey: key } },
    ]);
  });

  it('refuses to add a provider twice or remove one that is not there, but adds one again once removed', () => {
    const addedData = {
      providerId: 'lab',
      pluginId: 'openai',
      name: 'Lab',
      endpoint: 'http://lab',
      apiKey: null,
      models: [],
    };
    const add = { type: 'Add' as const, ...addedData };
    const added = state([{ type: 'ProviderAdded', data: addedData }]);
    const removed = state([
      { type: 'ProviderAdded', data: addedData },
      { type: 'ProviderRemoved', data: { providerId: 'lab' } },
    ]);

    expect(() => decideModelProvider(add, added)).toThrow(/already exists/);
    expect(() => decideModelProvider({ type: 'Remove', providerId: 'lab' }, initialModelProviderState())).toThrow(
      /not found/,
    );
    expect(decideModelProvider(add, removed)).toEqual([{ type: 'ProviderAdded', data: addedData }]);
  });
});
