import { describe, expect, it } from 'vitest';
import { StatusComponent } from '../status/status-component.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingsProbe } from './embeddings.probe.js';

describe('EmbeddingsProbe', () => {
  it('is listed by /status as the embeddings component', () => {
    expect(Reflect.getMetadata(StatusComponent.KEY, EmbeddingsProbe)).toBe('embeddings');
  });

  it('says semantic search is unavailable and keyword search works when no model is configured', async () => {
    expect(await new EmbeddingsProbe(null).probe()).toEqual({
      status: 'unavailable',
      message: 'No embedding model is configured: semantic search is unavailable; keyword search works',
    });
  });

  it('reports the configured provider, model and dimensions without embedding anything', async () => {
    const provider: EmbeddingProvider = {
      id: 'openai-compatible',
      model: 'text-embedding-3-small',
      dimensions: 1536,
      embed: () => Promise.reject(new Error('the probe must not call the model')),
    };

    expect(await new EmbeddingsProbe(provider).probe()).toEqual({
      status: 'ready',
      provider: 'openai-compatible',
      model: 'text-embedding-3-small',
      dimensions: 1536,
    });
  });
});
