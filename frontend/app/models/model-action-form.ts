import {
  addProviderSchema,
  modelIdParam,
  modelUpdateSchema,
  providerIdParam,
  routingSchema,
  type AddProviderRequest,
  type ModelUpdate,
  type RoutingConfiguration,
} from '@docent/common/models';
import { checkRequest, type RequestCheck } from '@docent/common/validation';
import { MODEL_INTENTS, type ModelActionResult, type ModelIntent } from './model-actions';

/** A mutation the page asked the /models action for, read from its form fields. */
export type ModelActionCommand =
  | { intent: 'update'; modelId: string; update: ModelUpdate }
  | { intent: 'test'; modelId: string }
  | { intent: 'routing'; routing: Partial<RoutingConfiguration> }
  | { intent: 'add-provider'; request: AddProviderRequest }
  | { intent: 'refresh-models'; providerId: string };

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

export const refreshModelsForm = (providerId: string): FormFields => ({ intent: 'refresh-models', providerId });

// ----- What the action reads --------------------------------------------------------------------

/**
 * A form read and checked with the API's own schemas. A refusal is the failure of the
 * intent it names, in the words the API would have used, so the page shows it where it
 * shows the API's refusals.
 */
export type ModelActionRequest =
  { ok: true; command: ModelActionCommand } | { ok: false; refusal: Extract<ModelActionResult, { ok: false }> };

const text = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

const isIntent = (value: unknown): value is ModelIntent => MODEL_INTENTS.some((intent) => intent === value);

/** The update's JSON; what does not parse is left for the schema to refuse. */
function parsedJson(json: string | null): unknown {
  try {
    return JSON.parse(json ?? '');
  } catch {
    return undefined;
  }
}

/** The form's 'true' or 'false' as a boolean; anything else is left for the schema to refuse. */
const flagOf = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : (value ?? undefined));

function checked<T>(
  check: RequestCheck<T>,
  command: (value: T) => ModelActionCommand,
  refusal: (error: string) => Extract<ModelActionResult, { ok: false }>,
): ModelActionRequest {
  return check.ok ? { ok: true, command: command(check.value) } : { ok: false, refusal: refusal(check.error) };
}

/** The command a form asks for, checked; null when it is not one the page sends. */
export function readModelAction(form: FormData): ModelActionRequest | null {
  const intent = text(form, 'intent');
  if (!isIntent(intent)) return null;
  switch (intent) {
    case 'update': {
      const modelId = text(form, 'modelId') ?? '';
      const refusal = (error: string) => ({ intent, modelId, ok: false as const, error });
      const id = checkRequest(modelIdParam, modelId, 'id');
      if (!id.ok) return { ok: false, refusal: refusal(id.error) };
      return checked(
        checkRequest(modelUpdateSchema, parsedJson(text(form, 'update'))),
        (update) => ({ intent, modelId: id.value, update }),
        refusal,
      );
    }
    case 'test': {
      const modelId = text(form, 'modelId') ?? '';
      return checked(
        checkRequest(modelIdParam, modelId, 'id'),
        (id) => ({ intent, modelId: id }),
        (error) => ({ intent, modelId, ok: false, error }),
      );
    }
    case 'routing': {
      const modelId = (name: string) => text(form, name) || null;
      return checked(
        checkRequest(routingSchema, {
          primaryModelId: modelId('primaryModelId'),
          fallbackModelId: modelId('fallbackModelId'),
          costOptimizedModelId: modelId('costOptimizedModelId'),
          autoRouting: flagOf(text(form, 'autoRouting')),
        }),
        (routing) => ({ intent, routing }),
        (error) => ({ intent, ok: false, error }),
      );
    }
    case 'add-provider': {
      const apiKey = text(form, 'apiKey') ?? '';
      return checked(
        checkRequest(addProviderSchema, {
          name: text(form, 'name') ?? '',
          baseURL: text(form, 'baseURL') ?? '',
          // An empty key is no key.
          ...(apiKey.trim() !== '' && { apiKey }),
        }),
        (request) => ({ intent, request }),
        (error) => ({ intent, ok: false, error }),
      );
    }
    case 'refresh-models': {
      const providerId = text(form, 'providerId') ?? '';
      return checked(
        checkRequest(providerIdParam, providerId, 'id'),
        (id) => ({ intent, providerId: id }),
        (error) => ({ intent, providerId, ok: false, error }),
      );
    }
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled model intent ${String(unhandled)}`);
    }
  }
}
