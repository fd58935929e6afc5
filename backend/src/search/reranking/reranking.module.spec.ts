import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/app-config.js';
import { ConfigModule } from '../../config/config.module.js';
import type { TinyModelFolder } from '../../embeddings/testing/onnx-graph.js';
import { createTinyCrossEncoder } from '../../embeddings/testing/tiny-cross-encoder.js';
import { HitReranking } from './hit-reranking.js';
import type { Reranker } from './reranker.port.js';
import { RerankingModule } from './reranking.module.js';

const base = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'docent-reranking-')),
  PLUGINS_DIR: resolve(import.meta.dirname, '../../../../plugins'),
};
const endpoint = { RERANKER_URL: 'http://127.0.0.1:8000/v1', RERANKER_MODEL: 'bge-reranker-v2-m3' };

async function configuredReranker(env: Record<string, string>): Promise<Reranker | null> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(loadConfig({ ...base, ...env })), RerankingModule],
  }).compile();
  try {
    return moduleRef.get(HitReranking).reranker;
  } finally {
    await moduleRef.close();
  }
}

describe('RerankingModule', () => {
  let model: TinyModelFolder;
  beforeAll(async () => {
    model = await createTinyCrossEncoder();
  });
  afterAll(() => model.cleanup());

  it('uses the rerank endpoint when RERANKER_URL is set, even with a local model', async () => {
    expect(await configuredReranker({ ...endpoint, RERANKER_MODEL_PATH: model.path })).toMatchObject({
      id: 'rerank-endpoint',
      model: 'bge-reranker-v2-m3',
    });
  });

  it('runs the local cross-encoder when only RERANKER_MODEL_PATH is set', async () => {
    const reranker = await configuredReranker({ RERANKER_MODEL_PATH: model.path });

    expect(reranker).toMatchObject({ id: 'local-onnx', model: 'tiny-ms-marco-cross-encoder' });
    expect(await reranker!.score('apple harvest', ['pears', 'the apple harvest'])).toEqual([0, 2]);
  });

  it('stops the start, naming the folder, when RERANKER_MODEL_PATH is not a cross-encoder folder', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'docent-not-a-model-'));
    try {
      await expect(configuredReranker({ RERANKER_MODEL_PATH: empty })).rejects.toThrow(
        `Local reranker model ${empty} has no config.json`,
      );
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('provides no reranker when neither is set, so that results keep their retrieval order', async () => {
    expect(await configuredReranker({})).toBeNull();
  });
});
