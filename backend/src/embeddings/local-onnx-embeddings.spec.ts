import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { LocalOnnxEmbeddings } from './local-onnx-embeddings.js';
import { createTinyEmbeddingModel, type TinyEmbeddingModel } from './testing/tiny-onnx-model.js';

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);
const length = (vector: number[]) => Math.sqrt(cosine(vector, vector));

describe('LocalOnnxEmbeddings', () => {
  let model: TinyEmbeddingModel;
  beforeAll(async () => {
    model = await createTinyEmbeddingModel();
  });
  afterAll(() => model.cleanup());

  // Each provider holds its model in a worker thread of its own, ended after each test.
  const opened: LocalOnnxEmbeddings[] = [];
  afterEach(() => Promise.all(opened.splice(0).map((embeddings) => embeddings.onModuleDestroy())));
  const provider = (batchSize = 32) => {
    const embeddings = new LocalOnnxEmbeddings({ modelPath: model.path, batchSize });
    opened.push(embeddings);
    return embeddings;
  };

  it('names itself after the model folder and takes its dimensions from config.json', () => {
    expect(provider()).toMatchObject({
      id: 'local-onnx',
      model: 'tiny-all-MiniLM-L6-v2',
      dimensions: model.dimensions,
    });
  });

  it('gives one unit-length vector of the model dimensions per text', async () => {
    const vectors = await provider().embed(['Invoices are due within thirty days.', 'Le chat est sur le tapis.', '']);

    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(model.dimensions);
      expect(length(vector)).toBeCloseTo(1, 5);
    }
  });

  it('gives the same text the same vector, call after call', async () => {
    const embeddings = provider();
    const [first] = await embeddings.embed(['The quarterly report is attached.']);
    const [again, alongOthers] = await embeddings.embed([
      'The quarterly report is attached.',
      'The quarterly report is attached.',
    ]);

    expect(again).toEqual(first);
    expect(alongOthers).toEqual(first);
  });

  it('puts texts that share most words closer together than texts that share none', async () => {
    const [fox, leapingFox, physics] = await provider().embed([
      'the quick brown fox jumps over the lazy dog',
      'the quick brown fox leaps over the lazy dog',
      'quantum chromodynamics describes gluons',
    ]);

    expect(cosine(fox!, leapingFox!)).toBeGreaterThan(0.85);
    expect(cosine(fox!, physics!)).toBeLessThan(cosine(fox!, leapingFox!) - 0.3);
  });

  it('tokenizes with the model tokenizer: lower-cased, word pieces, distinct texts apart', async () => {
    const texts = [
      'Hello World',
      'hello world',
      'hello, world',
      'world hello world',
      'unbelievably',
      'un believe ably',
    ];
    const vectors = await provider().embed(texts);

    expect(vectors[0]).toEqual(vectors[1]);
    const distinct = new Set(vectors.map((vector) => vector.join(',')));
    expect(distinct.size).toBe(texts.length - 1);
  });

  it('truncates a text longer than the model takes to its first 512 tokens', async () => {
    const tenThousandWords = `${'alpha '.repeat(600)}${'omega '.repeat(9_400)}`;
    const [long, opening] = await provider().embed([tenThousandWords, 'alpha '.repeat(600)]);

    expect(long).toHaveLength(model.dimensions);
    long!.forEach((value, index) => expect(value).toBeCloseTo(opening![index]!, 6));
  });

  it('keeps the order of texts across batch boundaries and padding', async () => {
    const texts = [
      'one',
      'two words',
      'a sentence of five words',
      'four',
      'and a rather longer fifth sentence to pad the batch',
    ];
    const batched = await provider(2).embed(texts);
    const oneByOne = await Promise.all(texts.map(async (text) => (await provider().embed([text]))[0]));

    expect(batched).toHaveLength(texts.length);
    batched.forEach((vector, index) =>
      vector.forEach((value, dimension) => expect(value).toBeCloseTo(oneByOne[index]![dimension]!, 6)),
    );
  });

  // How often the model loads is LocalModelWorker's to show (local-model-worker.spec.ts): it loads in a worker thread.
  it('answers first calls that arrive together, and later ones', async () => {
    const embeddings = provider();

    const results = await Promise.all([
      embeddings.embed(['first']),
      embeddings.embed(['second']),
      embeddings.embed(['third']),
    ]);
    await embeddings.embed(['later']);

    expect(results.map((vectors) => vectors.length)).toEqual([1, 1, 1]);
  });

  it('loads the model again on reload (System Services’ Restart) and embeds as before', async () => {
    const embeddings = provider();
    const [before] = await embeddings.embed(['The quarterly report is attached.']);

    await embeddings.reload();
    const [after] = await embeddings.embed(['The quarterly report is attached.']);

    expect(after).toEqual(before);
  });

  it('does not start when the signal is already aborted', async () => {
    await expect(provider().embed(['anything'], AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops at the next batch when the signal is aborted during a call', async () => {
    const controller = new AbortController();
    const embedding = provider(1).embed(['first', 'second', 'third'], controller.signal);
    controller.abort();

    await expect(embedding).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a folder without onnx/model.onnx, naming the path', async () => {
    const incomplete = await createTinyEmbeddingModel();
    await rm(join(incomplete.path, 'onnx', 'model.onnx'));
    try {
      expect(() => new LocalOnnxEmbeddings({ modelPath: incomplete.path, batchSize: 32 })).toThrow(
        `Local embedding model ${incomplete.path} has no onnx/model.onnx`,
      );
    } finally {
      await incomplete.cleanup();
    }
  });

  it('refuses a folder that does not exist, naming the path', () => {
    expect(() => new LocalOnnxEmbeddings({ modelPath: '/no/such/model', batchSize: 32 })).toThrow(
      'Local embedding model /no/such/model is not a folder',
    );
  });

  it('fails, naming the folder, when the model gives vectors of another length than config.json says', async () => {
    const mismatched = await createTinyEmbeddingModel();
    const configPath = join(mismatched.path, 'config.json');
    await writeFile(
      configPath,
      JSON.stringify({ ...JSON.parse(await readFile(configPath, 'utf8')), hidden_size: 384 }),
    );
    try {
      await expect(
        new LocalOnnxEmbeddings({ modelPath: mismatched.path, batchSize: 32 }).embed(['text']),
      ).rejects.toThrow(
        `Local embedding model ${mismatched.path} returned vectors of ${model.dimensions} dimensions, but its config.json says hidden_size 384`,
      );
    } finally {
      await mismatched.cleanup();
    }
  });

  it('fails, naming the folder, when the model file cannot be loaded', async () => {
    const corrupt = await createTinyEmbeddingModel();
    await writeFile(join(corrupt.path, 'onnx', 'model.onnx'), 'not an ONNX model');
    try {
      await expect(new LocalOnnxEmbeddings({ modelPath: corrupt.path, batchSize: 32 }).embed(['text'])).rejects.toThrow(
        `Local embedding model ${corrupt.path} could not be loaded`,
      );
    } finally {
      await corrupt.cleanup();
    }
  });
});
