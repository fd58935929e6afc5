import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId as callerThreadId, Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTinyCrossEncoder } from '../embeddings/testing/tiny-cross-encoder.js';
import type { TinyModelFolder } from '../embeddings/testing/onnx-graph.js';
import { LocalModelFolder } from './local-model-folder.js';
import { LocalModelWorker, type LocalModelRequest } from './local-model-worker.js';

const query = 'when does the apple harvest start';
/** Fifty passages of 250 words: what a search hands the reranker. */
const manyPassages = Array.from({ length: 50 }, (_, passage) =>
  Array.from({ length: 250 }, (_, word) => `word${(passage * 250 + word) % 997} apple`).join(' '),
);

describe('LocalModelWorker', () => {
  let model: TinyModelFolder;
  let folder: LocalModelFolder;
  beforeAll(async () => {
    model = await createTinyCrossEncoder();
    folder = new LocalModelFolder('Local reranker model', model.path);
  });
  afterAll(() => model.cleanup());

  const opened: LocalModelWorker[] = [];
  const crossEncoder = () => {
    const worker = new LocalModelWorker(folder, { kind: 'cross-encoder', dtype: 'fp32' });
    opened.push(worker);
    return worker;
  };
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(opened.splice(0).map((worker) => worker.close()));
  });

  /** The requests posted to worker threads, and the threads they went to; `onPosted` is told of each once posted. */
  const watchRequests = (onPosted: (request: LocalModelRequest, thread: Worker) => void = () => undefined) => {
    const post = Worker.prototype.postMessage;
    const requests: { thread: Worker; request: LocalModelRequest }[] = [];
    jest.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, request, transfer) {
      requests.push({ thread: this, request: request as LocalModelRequest });
      post.call(this, request, transfer);
      onPosted(request as LocalModelRequest, this);
    });
    return requests;
  };

  it('holds and runs the model on a thread of its own, not the caller’s', async () => {
    const worker = crossEncoder();

    const logits = await worker.score(query, ['The apple harvest starts in September.']);

    expect(Array.from(logits.data)).toEqual([3]);
    expect(await worker.threadId()).not.toBe(callerThreadId);
  });

  it('loads the model once when the first calls arrive together', async () => {
    const requests = watchRequests();
    const worker = crossEncoder();

    const results = await Promise.all([worker.score(query, ['apple']), worker.score(query, ['harvest'])]);

    expect(results.map(({ data }) => Array.from(data))).toEqual([[1], [1]]);
    expect(requests.filter(({ request }) => request.type === 'load')).toHaveLength(1);
  });

  it('fails the calls under way of a worker that ends, clearly, and starts a new one on the next call', async () => {
    let killed = false;
    watchRequests(
      (request, thread) => request.type === 'score' && !killed && (killed = true) && void thread.terminate(),
    );
    const worker = crossEncoder();
    const before = await worker.threadId();

    const scoring = worker.score(query, manyPassages);

    await expect(scoring).rejects.toThrow(
      `Local reranker model ${model.path} stopped while in use (exited with code 1); the next call starts it again`,
    );
    expect(Array.from((await worker.score(query, ['apple'])).data)).toEqual([1]);
    expect(await worker.threadId()).not.toBe(before);
  });

  it('rejects a call aborted under way at once and drops its answer, the model staying loaded', async () => {
    const controller = new AbortController();
    watchRequests((request) => request.type === 'score' && controller.abort());
    const worker = crossEncoder();
    const before = await worker.threadId();

    const scoring = worker.score(query, manyPassages, controller.signal);

    await expect(scoring).rejects.toMatchObject({ name: 'AbortError' });
    expect(Array.from((await worker.score(query, ['apple'])).data)).toEqual([1]);
    expect(await worker.threadId()).toBe(before);
  });

  it('answers nothing for a queued call aborted before its turn, and goes on with the others', async () => {
    const controller = new AbortController();
    let scoreRequests = 0;
    const requests = watchRequests(
      (request) => request.type === 'score' && ++scoreRequests === 2 && controller.abort(),
    );
    const worker = crossEncoder();
    await worker.load();
    const answered: number[] = [];
    requests[0]!.thread.on('message', ({ id }: { id: number }) => answered.push(id));

    const first = worker.score(query, manyPassages);
    const queued = worker.score(query, ['apple'], controller.signal);

    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    await first;
    const scoreIds = requests.filter(({ request }) => request.type === 'score').map(({ request }) => request.id);
    expect(answered).toEqual([scoreIds[0]]);
  });

  it('fails the calls under way on close and ends the worker', async () => {
    let closing: Promise<void> | undefined;
    const requests = watchRequests((request) => request.type === 'score' && (closing = worker.close()));
    const worker = crossEncoder();
    await worker.load();
    const exited = new Promise((resolve) => requests[0]!.thread.once('exit', resolve));

    await expect(worker.score(query, manyPassages)).rejects.toThrow(
      `Local reranker model ${model.path} was closed while in use`,
    );
    await closing;
    await exited;
  });

  it('loads the model into a new worker on reload, letting calls under way finish on the old one, which then ends', async () => {
    const requests = watchRequests();
    const worker = crossEncoder();
    const before = await worker.threadId();
    const old = requests[0]!.thread;
    const oldExited = new Promise((resolve) => old.once('exit', resolve));

    const underWay = worker.score(query, ['apple']);
    await worker.reload();

    expect(Array.from((await underWay).data)).toEqual([1]);
    expect(await worker.threadId()).not.toBe(before);
    await oldExited;
  });

  it('reports a model that cannot be loaded, and loads it on the next call once it is mended', async () => {
    const mended = await createTinyCrossEncoder();
    const weights = join(mended.path, 'onnx', 'model.onnx');
    const goodWeights = await readFile(weights);
    await writeFile(weights, 'not an ONNX model');
    try {
      const worker = new LocalModelWorker(new LocalModelFolder('Local reranker model', mended.path), {
        kind: 'cross-encoder',
        dtype: 'fp32',
      });
      opened.push(worker);

      await expect(worker.score(query, ['apple'])).rejects.toThrow(
        `Local reranker model ${mended.path} could not be loaded`,
      );
      await writeFile(weights, goodWeights);
      expect(Array.from((await worker.score(query, ['apple'])).data)).toEqual([1]);
    } finally {
      await mended.cleanup();
    }
  });
});
