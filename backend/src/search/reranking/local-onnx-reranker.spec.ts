import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createTinyCrossEncoder } from '../../embeddings/testing/tiny-cross-encoder.js';
import type { TinyModelFolder } from '../../embeddings/testing/onnx-graph.js';
import { LocalOnnxReranker } from './local-onnx-reranker.js';

const query = 'when does the apple harvest start';
const passages = [
  'Pears ripen in autumn.',
  'The apple harvest starts in September, when the apples are ripe.',
  'Apple orchards need pruning.',
];

describe('LocalOnnxReranker', () => {
  let model: TinyModelFolder;
  beforeAll(async () => {
    model = await createTinyCrossEncoder();
  });
  afterAll(() => model.cleanup());

  // Each reranker holds its model in a worker thread of its own, ended after each test.
  const opened: LocalOnnxReranker[] = [];
  afterEach(() => Promise.all(opened.splice(0).map((crossEncoder) => crossEncoder.onModuleDestroy())));
  const reranker = (options: { batchSize?: number; timeoutMs?: number; modelPath?: string } = {}) => {
    const crossEncoder = new LocalOnnxReranker({ modelPath: model.path, batchSize: 32, timeoutMs: 60_000, ...options });
    opened.push(crossEncoder);
    return crossEncoder;
  };

  it('names itself after the model folder', () => {
    expect(reranker()).toMatchObject({ id: 'local-onnx', model: 'tiny-ms-marco-cross-encoder' });
  });

  it("scores each passage read together with the query, in the passages' order", async () => {
    // The tiny model counts the query's words the passage has, as the tokenizer splits and lower-cases them:
    // "the", "apple", "harvest" and "when" for the second; "apple" for the third.
    expect(await reranker().score(query, passages)).toEqual([0, 4, 1]);
  });

  it('gives the same scores in batches as in one run, whatever the padding', async () => {
    const many = [...passages, 'harvest', 'a much longer passage about when to start the apple harvest in the orchard'];

    expect(await reranker({ batchSize: 2 }).score(query, many)).toEqual(await reranker().score(query, many));
  });

  it('reads a pair only as far as the model takes, the passage losing its end', async () => {
    const filler = 'lorem '.repeat(600);

    expect(await reranker().score(query, [`apple ${filler}`, `${filler} apple`])).toEqual([1, 0]);
  });

  it("takes the positive class's logit from a two-label model", async () => {
    const twoLabels = await createTinyCrossEncoder({ labels: 2 });
    try {
      expect(await reranker({ modelPath: twoLabels.path }).score(query, passages)).toEqual([0, 4, 1]);
    } finally {
      await twoLabels.cleanup();
    }
  });

  it('runs the quantized weights when the folder has only those', async () => {
    const quantized = await createTinyCrossEncoder();
    await rename(join(quantized.path, 'onnx', 'model.onnx'), join(quantized.path, 'onnx', 'model_quantized.onnx'));
    try {
      expect(await reranker({ modelPath: quantized.path }).score(query, passages)).toEqual([0, 4, 1]);
    } finally {
      await quantized.cleanup();
    }
  });

  // How often the model loads is LocalModelWorker's to show (local-model-worker.spec.ts): it loads in a worker thread.
  it('answers first calls that arrive together, and later ones', async () => {
    const crossEncoder = reranker();

    const results = await Promise.all([
      crossEncoder.score(query, ['first']),
      crossEncoder.score(query, ['second']),
      crossEncoder.score(query, ['third']),
    ]);
    await crossEncoder.score(query, ['later']);

    expect(results).toEqual([[0], [0], [0]]);
  });

  it('loads the model again on reload (System Services’ Restart) and scores as before', async () => {
    const crossEncoder = reranker();
    const before = await crossEncoder.score(query, passages);

    await crossEncoder.reload();

    expect(await crossEncoder.score(query, passages)).toEqual(before);
  });

  it('does not start when the signal is already aborted', async () => {
    await expect(reranker().score(query, passages, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops at the next batch when the signal is aborted during a call', async () => {
    const controller = new AbortController();
    const scoring = reranker({ batchSize: 1 }).score(query, passages, controller.signal);
    controller.abort();

    await expect(scoring).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up at the next batch once the call has taken longer than its timeout, naming the folder', async () => {
    // Loading the model alone takes longer than a millisecond.
    await expect(reranker({ batchSize: 1, timeoutMs: 1 }).score(query, passages)).rejects.toThrow(
      `Local reranker model ${model.path} scored 0 of 3 passages within 1 ms`,
    );
  });

  it.each([
    ['the weights', join('onnx', 'model.onnx'), 'has no onnx/model.onnx or onnx/model_quantized.onnx'],
    ['the tokenizer', 'tokenizer.json', 'has no tokenizer.json'],
    ['config.json', 'config.json', 'has no config.json'],
  ])('refuses a folder without %s, naming the path', async (_, file, problem) => {
    const incomplete = await createTinyCrossEncoder();
    await rm(join(incomplete.path, file));
    try {
      expect(() => reranker({ modelPath: incomplete.path })).toThrow(
        `Local reranker model ${incomplete.path} ${problem}`,
      );
    } finally {
      await incomplete.cleanup();
    }
  });

  it('refuses a folder that does not exist, naming the path', () => {
    expect(() => reranker({ modelPath: '/no/such/model' })).toThrow(
      'Local reranker model /no/such/model is not a folder',
    );
  });

  it('fails, naming the folder, when the model file cannot be loaded', async () => {
    const corrupt = await createTinyCrossEncoder();
    await writeFile(join(corrupt.path, 'onnx', 'model.onnx'), 'not an ONNX model');
    try {
      await expect(reranker({ modelPath: corrupt.path }).score(query, passages)).rejects.toThrow(
        `Local reranker model ${corrupt.path} could not be loaded`,
      );
    } finally {
      await corrupt.cleanup();
    }
  });
});
