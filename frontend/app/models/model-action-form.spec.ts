import { describe, expect, it } from '@jest/globals';
import { addProviderForm, readModelAction, routingForm, testForm, updateForm } from './model-action-form';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('the /models action reads back what the page submits', () => {
  it('reads an update with its nested, partial fields', () => {
    const update = { configuration: { temperature: 1.1 }, limits: { dailyRequests: null } };
    expect(readModelAction(formOf(updateForm('local:extractive', update)))).toEqual({
      intent: 'update',
      modelId: 'local:extractive',
      update,
    });
  });

  it('keeps only the fields an update may carry', () => {
    const form = formOf({ intent: 'update', modelId: 'm', update: JSON.stringify({ status: 'active', requests: 0 }) });
    expect(readModelAction(form)).toEqual({ intent: 'update', modelId: 'm', update: { status: 'active' } });
  });

  it('reads a test, a routing change (an unset model as none) and a provider', () => {
    expect(readModelAction(formOf(testForm('m')))).toEqual({ intent: 'test', modelId: 'm' });
    const routing = { primaryModelId: 'a', fallbackModelId: null, costOptimizedModelId: 'b', autoRouting: false };
    expect(readModelAction(formOf(routingForm(routing)))).toEqual({ intent: 'routing', routing });
    expect(readModelAction(formOf(addProviderForm({ name: 'Ollama', baseURL: 'http://localhost:11434/v1' })))).toEqual({
      intent: 'add-provider',
      request: { name: 'Ollama', baseURL: 'http://localhost:11434/v1' },
    });
  });

  it('refuses anything else', () => {
    expect(readModelAction(formOf({ intent: 'delete', modelId: 'm' }))).toBeNull();
    expect(readModelAction(formOf({ intent: 'update', modelId: 'm', update: '[1]' }))).toBeNull();
    expect(readModelAction(formOf({ intent: 'update', modelId: 'm', update: '{not json' }))).toBeNull();
    expect(readModelAction(formOf({ intent: 'test' }))).toBeNull();
    expect(readModelAction(formOf({ intent: 'add-provider', name: ' ', baseURL: 'http://x' }))).toBeNull();
  });
});
