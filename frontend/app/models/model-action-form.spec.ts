import { describe, expect, it } from '@jest/globals';
import {
  addProviderForm,
  readModelAction,
  refreshModelsForm,
  routingForm,
  testForm,
  updateForm,
} from './model-action-form';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('the /models action reads back what the page submits', () => {
  it('reads an update with its nested, partial fields', () => {
    const update = { configuration: { temperature: 1.1 }, limits: { dailyRequests: null } };
    expect(readModelAction(formOf(updateForm('local:extractive', update)))).toEqual({
      ok: true,
      command: { intent: 'update', modelId: 'local:extractive', update },
    });
  });

  it('keeps only the fields an update may carry', () => {
    const form = formOf({ intent: 'update', modelId: 'm', update: JSON.stringify({ status: 'active', requests: 0 }) });
    expect(readModelAction(form)).toEqual({
      ok: true,
      command: { intent: 'update', modelId: 'm', update: { status: 'active' } },
    });
  });

  it('reads a test, a routing change (an unset model as none) and a provider', () => {
    expect(readModelAction(formOf(testForm('m')))).toEqual({ ok: true, command: { intent: 'test', modelId: 'm' } });
    const routing = { primaryModelId: 'a', fallbackModelId: null, costOptimizedModelId: 'b', autoRouting: false };
    expect(readModelAction(formOf(routingForm(routing)))).toEqual({
      ok: true,
      command: { intent: 'routing', routing },
    });
    expect(readModelAction(formOf(addProviderForm({ name: 'Ollama', baseURL: 'http://localhost:11434/v1' })))).toEqual({
      ok: true,
      command: { intent: 'add-provider', request: { name: 'Ollama', baseURL: 'http://localhost:11434/v1' } },
    });
  });

  it("reads a refresh of a provider's models, and refuses one without a provider", () => {
    expect(readModelAction(formOf(refreshModelsForm('openai')))).toEqual({
      ok: true,
      command: { intent: 'refresh-models', providerId: 'openai' },
    });
    expect(readModelAction(formOf({ intent: 'refresh-models' }))).toEqual({
      ok: false,
      refusal: { intent: 'refresh-models', providerId: '', ok: false, error: 'A provider id is required' },
    });
  });

  it("refuses anything else: an unknown intent outright, a malformed one as its failure in the API's words", () => {
    expect(readModelAction(formOf({ intent: 'delete', modelId: 'm' }))).toBeNull();
    const notAnObject = { intent: 'update', modelId: 'm', ok: false, error: 'The request body must be a JSON object' };
    expect(readModelAction(formOf({ intent: 'update', modelId: 'm', update: '[1]' }))).toEqual({
      ok: false,
      refusal: notAnObject,
    });
    expect(readModelAction(formOf({ intent: 'update', modelId: 'm', update: '{not json' }))).toEqual({
      ok: false,
      refusal: notAnObject,
    });
    expect(readModelAction(formOf({ intent: 'test' }))).toEqual({
      ok: false,
      refusal: { intent: 'test', modelId: '', ok: false, error: 'A model id is required' },
    });
    expect(readModelAction(formOf({ intent: 'add-provider', name: ' ', baseURL: 'http://x' }))).toEqual({
      ok: false,
      refusal: { intent: 'add-provider', ok: false, error: 'name is required' },
    });
  });

  it("refuses a value out of the API's bounds with the API's message", () => {
    const update = JSON.stringify({ configuration: { temperature: 2.5 } });
    expect(readModelAction(formOf({ intent: 'update', modelId: 'm', update }))).toEqual({
      ok: false,
      refusal: { intent: 'update', modelId: 'm', ok: false, error: 'temperature must be a number between 0 and 2' },
    });
    const routing = { primaryModelId: 'a', fallbackModelId: null, costOptimizedModelId: null, autoRouting: true };
    expect(readModelAction(formOf({ ...routingForm(routing), autoRouting: 'sometimes' }))).toEqual({
      ok: false,
      refusal: { intent: 'routing', ok: false, error: 'autoRouting must be true or false' },
    });
  });
});
