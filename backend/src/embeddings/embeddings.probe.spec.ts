import { describe, expect, it } from '@jest/globals';
import { StatusComponent } from '../status/status-component.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingsProbe } from './embeddings.probe.js';
import { LocalOnnxEmbeddings } from './local-onnx-embeddings.js';
import { createTinyEmbeddingModel } from './testing/tiny-onnx-model.js';

describe('EmbeddingsProbe', () => {
  it('is listed by /status as the embeddings component', () => {
    expect(Reflect.getMetadata(StatusComponent.KEY, EmbeddingsProbe)).toBe('embeddings');
  });

  it('says semantic search is unavailable and keyword search works when no model is configured', async () => {
    expect(await new EmbeddingsProbe(null).probe()).toEqual({
      status: 'unavailable',
      message: 'No embedding model is configured: semantic search is unavailable; keyword search works',
      disabledByConfiguration: true,
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

  it('names the local model folder when a local model is in use', async () => {
    const model = await createTinyEmbeddingModel();
    try {
      const provider = new LocalOnnxEmbeddings({ modelPath: model.path, batchSize: 32 });

      expect(await new EmbeddingsProbe(provider).probe()).toEqual({
        status: 'ready',
        provider: 'local-onnx',
        model: 'tiny-all-MiniLM-L6-v2',
        dimensions: model.dimensions,
      });
    } finally {
      await model.cleanup();
    }
  });
});
