/**
 * Worker-thread entry of LocalModelWorker (local-model-worker.ts): holds one transformers.js model and
 * runs its tokenizing and inference here, off the thread that serves requests, answering each request by
 * its id with plain numbers. It imports nothing from the project, so Node runs it from the compiled dist/
 * and, stripping its types, from the sources under test alike: keep its TypeScript erasable.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type {
  FeatureExtractionPipeline,
  PreTrainedModel,
  PreTrainedTokenizer,
  Tensor,
} from '@huggingface/transformers';
import type { LocalModelRequest, LocalModelResponse, LocalModelSpec, ModelOutput } from './local-model-worker.js';

type Transformers = typeof import('@huggingface/transformers');
type Model =
  | { kind: 'embedder'; extractor: FeatureExtractionPipeline }
  | { kind: 'cross-encoder'; tokenizer: PreTrainedTokenizer; model: PreTrainedModel };

const spec = workerData as LocalModelSpec;
const port = parentPort!;
let model: Model | undefined;
/** Requests queued or under way, by id. */
const waiting = new Set<number>();
/** Those of them the caller no longer waits for: skipped when their turn comes, their answer dropped. */
const cancelled = new Set<number>();
/** One request at a time, in arrival order: a model's session runs one batch at once anyway. */
let queue: Promise<void> = Promise.resolve();

port.on('message', (request: LocalModelRequest) => {
  if (request.type === 'cancel') {
    if (waiting.has(request.id)) cancelled.add(request.id);
    return;
  }
  waiting.add(request.id);
  queue = queue.then(() => answer(request)).finally(() => waiting.delete(request.id));
});

async function answer(request: Exclude<LocalModelRequest, { type: 'cancel' }>): Promise<void> {
  if (cancelled.delete(request.id)) return;
  let response: LocalModelResponse;
  try {
    if (request.type === 'load') {
      model ??= await load();
      response = { id: request.id, ok: true, threadId };
    } else {
      const output =
        request.type === 'embed' ? await embed(request.texts) : await score(request.query, request.passages);
      response = { id: request.id, ok: true, output };
    }
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  // Cancelled while it ran: the caller has gone, and its numbers are not worth the copy.
  if (cancelled.delete(request.id)) return;
  port.postMessage(response, 'output' in response ? [response.output.data.buffer] : []);
}

async function load(): Promise<Model> {
  // Imported on first use: the library loads ONNX Runtime's and sharp's native code, which an idle worker never needs.
  const transformers: Transformers = await import('@huggingface/transformers');
  // The model is a local folder; an absolute path is read as such, and nothing may fall back to the Hugging Face Hub.
  transformers.env.allowRemoteModels = false;
  const options = { device: 'cpu', dtype: spec.dtype, model_file_name: 'model' } as const;
  if (spec.kind === 'embedder') {
    return { kind: 'embedder', extractor: await transformers.pipeline('feature-extraction', spec.path, options) };
  }
  const [tokenizer, crossEncoder] = await Promise.all([
    transformers.AutoTokenizer.from_pretrained(spec.path),
    transformers.AutoModelForSequenceClassification.from_pretrained(spec.path, options),
  ]);
  return { kind: 'cross-encoder', tokenizer, model: crossEncoder };
}

function loaded<Kind extends Model['kind']>(kind: Kind): Extract<Model, { kind: Kind }> {
  if (model?.kind !== kind) throw new Error(`holds no ${kind} model`);
  return model as Extract<Model, { kind: Kind }>;
}

/** Each text's mean-pooled, unit-length vector. */
async function embed(texts: string[]): Promise<ModelOutput> {
  return numbers(await loaded('embedder').extractor(texts, { pooling: 'mean', normalize: true }));
}

/** Each (query, passage) pair's logits. */
async function score(query: string, passages: string[]): Promise<ModelOutput> {
  const { tokenizer, model: crossEncoder } = loaded('cross-encoder');
  // A pair longer than the model reads is cut at its end: the query comes first, so the passage loses its end.
  const pairs = tokenizer(
    passages.map(() => query),
    { text_pair: passages, padding: true, truncation: true },
  );
  const { logits } = (await crossEncoder(pairs)) as { logits: Tensor };
  return numbers(logits);
}

/** A copy the worker owns whole, so that its buffer can be handed over rather than copied again. */
function numbers(tensor: Tensor): ModelOutput {
  return { data: Float32Array.from(tensor.data as Float32Array), dims: tensor.dims };
}
