import type { ModelInfo } from '@docent/plugin-sdk';
import { DomainError } from '../../common/domain-error.js';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';
import type { StoredApiKey } from './model.events.js';

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

export const initialModelProviderState = (): ModelProviderState => ({
  added: false,
  removed: false,
  endpoint: null,
  apiKey: null,
});

export const PROVIDER_NOT_FOUND = 'Model provider not found';

export type ModelProviderCommand =
  /** `undefined` leaves a setting as it is; `null` clears it. */
  | { type: 'Configure'; providerId: string; endpoint?: string | null; apiKey?: StoredApiKey | null }
  | {
      type: 'Add';
      providerId: string;
      pluginId: string;
      name: string;
      endpoint: string;
      apiKey: StoredApiKey | null;
      models: ModelInfo[];
    }
  | { type: 'Remove'; providerId: string };

export function decideModelProvider(command: ModelProviderCommand, state: ModelProviderState): DomainEvent[] {
  switch (command.type) {
    case 'Configure': {
      if (state.removed) throw new DomainError('not-found', PROVIDER_NOT_FOUND);
      const endpoint = command.endpoint === undefined ? state.endpoint : command.endpoint;
      const apiKey = command.apiKey === undefined ? state.apiKey : command.apiKey;
      if (endpoint === state.endpoint && apiKey?.encrypted === state.apiKey?.encrypted) return [];
      return [{ type: 'ProviderConfigured', data: { providerId: command.providerId, endpoint, apiKey } }];
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

export type ModelProviderEvent = RecordedEvent<'ProviderConfigured' | 'ProviderAdded' | 'ProviderRemoved'>;

export function evolveModelProvider(state: ModelProviderState, event: ModelProviderEvent): ModelProviderState {
  switch (event.type) {
    case 'ProviderConfigured':
      return { ...state, endpoint: event.data.endpoint, apiKey: event.data.apiKey };
    case 'ProviderAdded':
      // A provider added again under the id of a removed one starts afresh.
      return { added: true, removed: false, endpoint: event.data.endpoint, apiKey: event.data.apiKey };
    case 'ProviderRemoved':
      return { ...state, removed: true };
    default:
      return assertNever(event);
  }
}
