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
  /** What the endpoint answered when last asked for its models; forgotten when the key is removed. */
  listing: ModelListing | null;
}

/** The outcome of asking a provider's endpoint for its models. */
export type ModelListing = { outcome: 'listed'; models: ListedModel[] } | { outcome: 'failed'; reason: string };

/** The endpoint and (encrypted) key a listing was asked with. */
export interface ListingSettings {
  endpoint: string | null;
  encryptedApiKey: string | null;
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
  | { type: 'Remove'; providerId: string }
  /**
   * What the endpoint answered, asked with `listedWith`. Not recorded when the settings
   * have changed since: a listing asked with the new ones follows.
   */
  | { type: 'RecordListing'; providerId: string; listedWith: ListingSettings; listing: ModelListing };

export type ModelProviderEvent = DomainEvent<
  | 'ProviderConfigured'
  | 'ProviderApiKeyCleared'
  | 'ProviderAdded'
  | 'ProviderRemoved'
  | 'ProviderModelsListed'
  | 'ProviderModelListingFailed'
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
    case 'RecordListing': {
      const { providerId, listedWith, listing } = command;
      const current =
        !state.removed &&
        listedWith.endpoint === state.endpoint &&
        listedWith.encryptedApiKey === (state.apiKey?.encrypted ?? null);
      if (!current) return [];
      return listing.outcome === 'listed'
        ? [{ type: 'ProviderModelsListed', data: { providerId, models: listing.models } }]
        : [{ type: 'ProviderModelListingFailed', data: { providerId, reason: listing.reason } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: ModelProviderState, event: ModelProviderEvent): ModelProviderState {
  switch (event.type) {
    // The last listing stands until the new settings are listed, unless no key is left to list with.
    case 'ProviderConfigured': {
      const { endpoint, apiKey } = event.data;
      return { ...state, endpoint, apiKey, listing: apiKey === null ? null : state.listing };
    }
    case 'ProviderApiKeyCleared':
      return { ...state, apiKey: null, listing: null };
    case 'ProviderAdded':
      // A provider added again under the id of a removed one starts afresh.
      return { added: true, removed: false, endpoint: event.data.endpoint, apiKey: event.data.apiKey, listing: null };
    case 'ProviderRemoved':
      return { ...state, removed: true };
    case 'ProviderModelsListed':
      return { ...state, listing: { outcome: 'listed', models: event.data.models } };
    case 'ProviderModelListingFailed':
      return { ...state, listing: { outcome: 'failed', reason: event.data.reason } };
    default:
      return assertNever(event);
  }
}

/**
 * A provider's endpoint and key as the administrator set them, the endpoints added with
 * 'Add Provider' until they are removed, and the models the endpoint lists with those
 * settings. A key never follows its endpoint elsewhere.
 */
export const modelProviderDecider: Decider<ModelProviderCommand, ModelProviderEvent, ModelProviderState> = {
  streamType: MODEL_PROVIDER_STREAM_TYPE,
  initialState: () => ({ added: false, removed: false, endpoint: null, apiKey: null, listing: null }),
  decide,
  evolve,
};
