import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingsModule } from './embeddings.module.js';
import { createTinyEmbeddingModel, type TinyEmbeddingModel } from './testing/tiny-onnx-model.js';

const base = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'docent-embeddings-')),
  PLUGINS_DIR: resolve(import.meta.dirname, '../../../plugins'),
};
const endpoint = {
  EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1',
  EMBEDDINGS_MODEL: 'nomic-embed-text',
  EMBEDDINGS_DIMENSIONS: '768',
};

async function configuredProvider(env: Record<string, string>): Promise<EmbeddingProvider | null> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(loadConfig({ ...base, ...env })), EmbeddingsModule],
  }).compile();
  try {
    return moduleRef.get<EmbeddingProvider | null>(EMBEDDING_PROVIDER);
  } finally {
    await moduleRef.close();
  }
}

describe('EmbeddingsModule', () => {
  let model: TinyEmbeddingModel;
  beforeAll(async () => {
    model = await createTinyEmbeddingModel();
  });
  afterAll(() => model.cleanup());

  it('uses the OpenAI-compatible endpoint when EMBEDDINGS_BASE_URL is set, even with a local model', async () => {
    expect(await configuredProvider({ ...endpoint, EMBEDDINGS_MODEL_PATH: model.path })).toMatchObject({
      id: 'openai-compatible',
      model: 'nomic-embed-text',
      dimensions: 768,
    });
  });

  it('runs the local model when only EMBEDDINGS_MODEL_PATH is set', async () => {
    const provider = await configuredProvider({ EMBEDDINGS_MODEL_PATH: model.path });

    expect(provider).toMatchObject({ id: 'local-onnx', model: 'tiny-all-MiniLM-L6-v2', dimensions: model.dimensions });
    expect(await provider!.embed(['a first document'])).toEqual([expect.any(Array)]);
  });

  it('provides no model when neither is set, so that search is keyword-only', async () => {
    expect(await configuredProvider({})).toBeNull();
  });
});
