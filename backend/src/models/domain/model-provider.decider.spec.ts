import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { modelProviderDecider, type ModelProviderEvent } from './model-provider.decider.js';

const spec = specFor(modelProviderDecider);
const key = { encrypted: 'v1:abc', masked: 'sk-…abcd' };

const configure = { type: 'Configure' as const, providerId: 'scripted', defaultEndpoint: 'https://default' };
const configuredAt = (endpoint: string | null): ModelProviderEvent => ({
  type: 'ProviderConfigured',
  data: { providerId: 'scripted', endpoint, apiKey: key },
});

describe('the model provider decider', () => {
  it('keeps the settings not mentioned, and clears those set to null', () => {
    spec
      .given([configuredAt('http://a')])
      .when({ ...configure, apiKey: null })
      .then([{ type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'http://a', apiKey: null } }]);
    spec
      .given([configuredAt('http://a')])
      .when({ ...configure, endpoint: 'http://a' })
      .then([]);
  });

  it.each([
    ['another endpoint', 'http://a', 'http://elsewhere'],
    ["the plugin's default", 'http://a', null],
    ['an endpoint of its own', null, 'http://elsewhere'],
  ])('given a stored key, when the endpoint moves to %s without a key, then the key is cleared', (_, from, to) => {
    const moved: ModelProviderEvent[] = [
      { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: to, apiKey: null } },
      { type: 'ProviderApiKeyCleared', data: { providerId: 'scripted', reason: 'endpoint-changed' } },
    ];

    spec
      .given([configuredAt(from)])
      .when({ ...configure, endpoint: to })
      .then(moved);
    spec
      .given([configuredAt(from), ...moved])
      .thenState({ added: false, removed: false, endpoint: to, apiKey: null, listing: null });
  });

  it('given a stored key, when the endpoint moves with a new key, then the new key is stored and nothing is cleared', () => {
    const newKey = { encrypted: 'v1:def', masked: 'sk-…efgh' };

    spec
      .given([configuredAt('http://a')])
      .when({ ...configure, endpoint: 'http://elsewhere', apiKey: newKey })
      .then([
        { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'http://elsewhere', apiKey: newKey } },
      ]);
  });

  it("keeps the key when the endpoint is written out as the plugin's default it already used", () => {
    spec
      .given([configuredAt(null)])
      .when({ ...configure, endpoint: 'https://default' })
      .then([
        { type: 'ProviderConfigured', data: { providerId: 'scripted', endpoint: 'https://default', apiKey: key } },
      ]);
  });

  describe("endpoints added with 'Add Provider'", () => {
    const addedData = {
      providerId: 'lab',
      pluginId: 'openai',
      name: 'Lab',
      endpoint: 'http://lab',
      apiKey: null,
      models: [
        {
          id: 'llama3.1:8b',
          name: 'llama3.1:8b',
          contextWindow: 8192,
          pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
          capabilities: ['chat', 'streaming'],
        },
      ],
    };
    const added: ModelProviderEvent = { type: 'ProviderAdded', data: addedData };
    const removed: ModelProviderEvent = { type: 'ProviderRemoved', data: { providerId: 'lab' } };

    it('records an endpoint added with the models it listed', () => {
      spec
        .given([])
        .when({ type: 'Add', ...addedData })
        .then([added]);
      spec
        .given([added])
        .thenState({ added: true, removed: false, endpoint: 'http://lab', apiKey: null, listing: null });
    });

    it('refuses to add a provider twice or remove one that is not there, but adds one again once removed', () => {
      spec
        .given([added])
        .when({ type: 'Add', ...addedData })
        .thenThrows('A provider with the id lab already exists');
      spec.given([]).when({ type: 'Remove', providerId: 'lab' }).thenThrows('Model provider not found');
      spec.given([added, removed]).when({ type: 'Remove', providerId: 'lab' }).thenThrows('Model provider not found');
      spec
        .given([added, removed])
        .when({ type: 'Add', ...addedData })
        .then([added]);
    });

    it('refuses to configure a removed provider', () => {
      spec
        .given([added, removed])
        .when({ ...configure, providerId: 'lab', endpoint: 'http://lab2' })
        .thenThrows('Model provider not found');
    });
  });

  describe('listing the models an endpoint serves', () => {
    const listedWith = { endpoint: 'http://a', encryptedApiKey: key.encrypted };
    const models = [
      {
        id: 'gpt-7-nova',
        name: 'gpt-7-nova',
        contextWindow: 8192,
        pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
        capabilities: ['chat', 'streaming'],
      },
    ];
    const recordListed = {
      type: 'RecordListing' as const,
      providerId: 'scripted',
      listedWith,
      listing: { outcome: 'listed' as const, models },
    };
    const recordFailed = {
      type: 'RecordListing' as const,
      providerId: 'scripted',
      listedWith,
      listing: { outcome: 'failed' as const, reason: 'Invalid API key' },
    };
    const listed: ModelProviderEvent = { type: 'ProviderModelsListed', data: { providerId: 'scripted', models } };
    const failed: ModelProviderEvent = {
      type: 'ProviderModelListingFailed',
      data: { providerId: 'scripted', reason: 'Invalid API key' },
    };

    it('records the models listed with the current endpoint and key, which the state then holds', () => {
      spec
        .given([configuredAt('http://a')])
        .when(recordListed)
        .then([listed]);
      spec.given([configuredAt('http://a'), listed]).thenState({
        added: false,
        removed: false,
        endpoint: 'http://a',
        apiKey: key,
        listing: { outcome: 'listed', models },
      });
    });

    it('records a failure to list, which replaces an earlier listing', () => {
      spec
        .given([configuredAt('http://a'), listed])
        .when(recordFailed)
        .then([failed]);
      spec.given([configuredAt('http://a'), listed, failed]).thenState({
        added: false,
        removed: false,
        endpoint: 'http://a',
        apiKey: key,
        listing: { outcome: 'failed', reason: 'Invalid API key' },
      });
    });

    it('forgets the listing once the key is removed', () => {
      const keyRemoved: ModelProviderEvent = {
        type: 'ProviderConfigured',
        data: { providerId: 'scripted', endpoint: 'http://a', apiKey: null },
      };
      spec
        .given([configuredAt('http://a'), listed, keyRemoved])
        .thenState({ added: false, removed: false, endpoint: 'http://a', apiKey: null, listing: null });
    });

    it.each([
      ['the key was removed', { endpoint: 'http://a', apiKey: null }],
      ['the key was replaced', { endpoint: 'http://a', apiKey: { encrypted: 'v1:def', masked: 'sk-…efgh' } }],
      ['the endpoint moved', { endpoint: 'http://b', apiKey: key }],
    ])('records no listing asked with the settings from before %s', (_, settings) => {
      const reconfigured: ModelProviderEvent = {
        type: 'ProviderConfigured',
        data: { providerId: 'scripted', ...settings },
      };
      spec
        .given([configuredAt('http://a'), reconfigured])
        .when(recordListed)
        .then([]);
    });

    it('keeps the last listing through a new key or endpoint until the new settings are listed', () => {
      const newKey = { encrypted: 'v1:def', masked: 'sk-…efgh' };
      const rekeyed: ModelProviderEvent = {
        type: 'ProviderConfigured',
        data: { providerId: 'scripted', endpoint: 'http://b', apiKey: newKey },
      };
      spec.given([configuredAt('http://a'), listed, rekeyed]).thenState({
        added: false,
        removed: false,
        endpoint: 'http://b',
        apiKey: newKey,
        listing: { outcome: 'listed', models },
      });
      spec
        .given([configuredAt('http://a'), listed, rekeyed])
        .when({ ...recordListed, listedWith: { endpoint: 'http://b', encryptedApiKey: newKey.encrypted } })
        .then([listed]);
    });

    it("forgets the listing when the key is cleared, and records none for a removed endpoint added with 'Add Provider'", () => {
      const cleared: ModelProviderEvent = {
        type: 'ProviderApiKeyCleared',
        data: { providerId: 'scripted', reason: 'endpoint-changed' },
      };
      spec
        .given([configuredAt('http://a'), listed, cleared])
        .thenState({ added: false, removed: false, endpoint: 'http://a', apiKey: null, listing: null });

      const added: ModelProviderEvent = {
        type: 'ProviderAdded',
        data: { providerId: 'lab', pluginId: 'openai', name: 'Lab', endpoint: 'http://lab', apiKey: null, models },
      };
      const removed: ModelProviderEvent = { type: 'ProviderRemoved', data: { providerId: 'lab' } };
      spec
        .given([added, removed])
        .when({ ...recordListed, providerId: 'lab', listedWith: { endpoint: 'http://lab', encryptedApiKey: null } })
        .then([]);
    });
  });
});
