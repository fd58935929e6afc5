import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { TinyModelFolder } from '../../embeddings/testing/onnx-graph.js';
import { createTinyCrossEncoder } from '../../embeddings/testing/tiny-cross-encoder.js';
import { StatusComponent } from '../../status/status-component.js';
import { HitReranking } from './hit-reranking.js';
import { LocalOnnxReranker } from './local-onnx-reranker.js';
import { RerankEndpoint } from './rerank-endpoint.js';
import { RerankerProbe } from './reranker.probe.js';

interface Hit {
  text: string;
  rerankScore?: number;
}

const hits: Hit[] = [{ text: 'pears' }, { text: 'the apple harvest' }];
const textOf = (hit: Hit) => hit.text;

describe('RerankerProbe', () => {
  let model: TinyModelFolder | undefined;
  afterEach(() => model?.cleanup());

  const localReranking = async () => {
    model = await createTinyCrossEncoder();
    return new HitReranking(new LocalOnnxReranker({ modelPath: model.path, batchSize: 32, timeoutMs: 60_000 }));
  };

  it('is listed by /status as the reranker component', () => {
    expect(Reflect.getMetadata(StatusComponent.KEY, RerankerProbe)).toBe('reranker');
  });

  it('says, as information rather than a fault, that no reranker is configured', async () => {
    expect(await new RerankerProbe(new HitReranking(null)).probe()).toMatchObject({
      status: 'unavailable',
      disabledByConfiguration: true,
    });
  });

  it('shows the local cross-encoder ready, named after its folder, once it has reranked a search', async () => {
    const reranking = await localReranking();
    await reranking.rerank('apple harvest', hits, textOf);

    expect(await new RerankerProbe(reranking).probe()).toEqual({
      status: 'ready',
      provider: 'local-onnx',
      model: 'tiny-ms-marco-cross-encoder',
    });
  });

  it('shows the local cross-encoder failing, and why, when its model cannot be loaded', async () => {
    const reranking = await localReranking();
    await writeFile(join(model!.path, 'onnx', 'model.onnx'), 'not an ONNX model');

    expect(await reranking.rerank('apple harvest', hits, textOf)).toEqual(hits);
    expect(await new RerankerProbe(reranking).probe()).toMatchObject({
      status: 'degraded',
      message: expect.stringContaining(`Local reranker model ${model!.path} could not be loaded`),
      provider: 'local-onnx',
    });
  });

  it('restarts a local cross-encoder by loading its model again; an endpoint has nothing here to restart', async () => {
    const endpoint = new RerankEndpoint({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1_000 });
    expect(new RerankerProbe(new HitReranking(endpoint)).restart).toBeUndefined();

    const reranking = await localReranking();
    await new RerankerProbe(reranking).restart!();

    expect((await reranking.rerank('apple harvest', hits, textOf)).map(textOf)).toEqual(['the apple harvest', 'pears']);
  });
});
