import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import { MODEL_PROVIDER_STREAM_TYPE, type ListedModel, type StoredApiKey } from './model.events.js';

/**
 * A provider's administrator settings. Installed plugins exist without any event;
 * endpoints added with 'Add Provider' exist from ProviderAdded to ProviderRemoved.
 */
export interface ModelProviderState {
  added: boolean;
  removed: boolean;
  endpoint: string | null;
  apiKey: StoredApiKey | null;
}

export const PROVIDER_NOT_FOUND = 'Model provider not found';

export type ModelProviderCommand =
  /**
   * `undefined` leaves a setting as it is; `null` clears it. A new endpoint without a
   * key clears the stored key. `defaultEndpoint`: where a null endpoint sends calls.
   */
  | {
      type: 'Configure';
      providerId: string;
      endpoint?: string | null;
      apiKey?: StoredApiKey | null;
      defaultEndpoint: string | null;
    }
  | {
      type: 'Add';
      providerId: string;
      pluginId: string;
      name: string;
      endpoint: string;
      apiKey: StoredApiKey | null;
      models: ListedModel[];
    }
  | { type: 'Remove'; providerId: string };

export type ModelProviderEvent = DomainEvent<
  'ProviderConfigured' | 'ProviderApiKeyCleared' | 'ProviderAdded' | 'ProviderRemoved'
>;

function decide(command: ModelProviderCommand, state: ModelProviderState): ModelProviderEvent[] {
  switch (command.type) {
    case 'Configure': {
      if (state.removed) throw new DomainError('not-found', PROVIDER_NOT_FOUND);
      const { providerId, defaultEndpoint } = command;
      const endpoint = command.endpoint === undefined ? state.endpoint : command.endpoint;
      // The stored key was entered for where calls went until now; it must not follow them elsewhere.
      const moved = (endpoint ?? defaultEndpoint) !== (state.endpoint ?? defaultEndpoint);
      const keyLeftBehind = moved && command.apiKey === undefined && state.apiKey !== null;
      const apiKey = keyLeftBehind ? null : command.apiKey === undefined ? state.apiKey : command.apiKey;
      if (endpoint === state.endpoint && apiKey?.encrypted === state.apiKey?.encrypted) return [];
      const configured: ModelProviderEvent = { type: 'ProviderConfigured', data: { providerId, endpoint, apiKey } };
      if (!keyLeftBehind) return [configured];
      return [configured, { type: 'ProviderApiKeyCleared', data: { providerId, reason: 'endpoint-changed' } }];
    }
    case 'Add': {
      if (state.added && !state.removed)
        throw new DomainError('conflict', `A provider with the id ${command.providerId} already exists`);
      const { type: _type, ...data } = command;
      return [{ type: 'ProviderAdded', data }];
    }
    case 'Remove':
      if (!state.added || state.removed) throw new DomainError('not-found', PROVIDER_NOT_FOUND);
      return [{ type: 'ProviderRemoved', data: { providerId: command.providerId } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: ModelProviderState, event: ModelProviderEvent): ModelProviderState {
  switch (event.type) {
    case 'ProviderConfigured':
      return { ...state, endpoint: event.data.endpoint, apiKey: event.data.apiKey };
    case 'ProviderApiKeyCleared':
      return { ...state, apiKey: null };
    case 'ProviderAdded':
      // A provider added again under the id of a removed one starts afresh.
      return { added: true, removed: false, endpoint: event.data.endpoint, apiKey: event.data.apiKey };
    case 'ProviderRemoved':
      return { ...state, removed: true };
    default:
      return assertNever(event);
  }
}

/**
 * A provider's endpoint and key as the administrator set them, and the endpoints added
 * with 'Add Provider' until they are removed. A key never follows its endpoint elsewhere.
 */
export const modelProviderDecider: Decider<ModelProviderCommand, ModelProviderEvent, ModelProviderState> = {
  streamType: MODEL_PROVIDER_STREAM_TYPE,
  initialState: () => ({ added: false, removed: false, endpoint: null, apiKey: null }),
  decide,
  evolve,
};
