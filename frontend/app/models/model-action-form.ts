import type { AddProviderRequest, ModelUpdate, RoutingConfiguration } from '@docent/common/models';
import { MODEL_INTENTS, type ModelIntent } from './model-actions';

/** A mutation the page asked the /models action for, read from its form fields. */
export type ModelActionCommand =
  | { intent: 'update'; modelId: string; update: ModelUpdate }
  | { intent: 'test'; modelId: string }
  | { intent: 'routing'; routing: RoutingConfiguration }
  | { intent: 'add-provider'; request: AddProviderRequest };

type FormFields = Record<string, string>;

// ----- What the page submits ------------------------------------------------------------------

/** The update travels as JSON in one field: its nested, partial shape has no flat form. */
export const updateForm = (modelId: string, update: ModelUpdate): FormFields => ({
  intent: 'update',
  modelId,
  update: JSON.stringify(update),
});

export const testForm = (modelId: string): FormFields => ({ intent: 'test', modelId });

export const routingForm = (routing: RoutingConfiguration): FormFields => ({
  intent: 'routing',
  primaryModelId: routing.primaryModelId ?? '',
  fallbackModelId: routing.fallbackModelId ?? '',
  costOptimizedModelId: routing.costOptimizedModelId ?? '',
  autoRouting: String(routing.autoRouting),
});

export const addProviderForm = (request: AddProviderRequest): FormFields => ({
  intent: 'add-provider',
  name: request.name,
  baseURL: request.baseURL,
  ...(request.apiKey && { apiKey: request.apiKey }),
});

// ----- What the action reads --------------------------------------------------------------------

const text = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

const isIntent = (value: unknown): value is ModelIntent => MODEL_INTENTS.some((intent) => intent === value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const UPDATE_KEYS = ['status', 'endpoint', 'apiKey', 'configuration', 'limits'] as const;

/** The update's known fields only; the API checks their values and answers 400 with its reason. */
function parseUpdate(json: string): ModelUpdate | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  return Object.fromEntries(UPDATE_KEYS.filter((key) => key in parsed).map((key) => [key, parsed[key]])) as ModelUpdate;
}

/** The command a form asks for, or null when it is not one the page sends. */
export function readModelAction(form: FormData): ModelActionCommand | null {
  const intent = text(form, 'intent');
  if (!isIntent(intent)) return null;
  switch (intent) {
    case 'update': {
      const modelId = text(form, 'modelId');
      const update = parseUpdate(text(form, 'update') ?? '');
      return modelId && update ? { intent, modelId, update } : null;
    }
    case 'test': {
      const modelId = text(form, 'modelId');
      return modelId ? { intent, modelId } : null;
    }
    case 'routing': {
      const autoRouting = text(form, 'autoRouting');
      if (autoRouting !== 'true' && autoRouting !== 'false') return null;
      const modelId = (name: string) => text(form, name) || null;
      return {
        intent,
        routing: {
          primaryModelId: modelId('primaryModelId'),
          fallbackModelId: modelId('fallbackModelId'),
          costOptimizedModelId: modelId('costOptimizedModelId'),
          autoRouting: autoRouting === 'true',
        },
      };
    }
    case 'add-provider': {
      const name = text(form, 'name')?.trim();
      const baseURL = text(form, 'baseURL')?.trim();
      const apiKey = text(form, 'apiKey')?.trim();
      return name && baseURL ? { intent, request: { name, baseURL, ...(apiKey && { apiKey }) } } : null;
    }
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled model intent ${String(unhandled)}`);
    }
  }
}
