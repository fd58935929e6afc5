import {
  FLOAT,
  INT64,
  bertInputs,
  encodeModel,
  float32Bytes,
  int64Bytes,
  intAttribute,
  tensorType,
  writeTinyModelFolder,
} from './onnx-graph.js';

/**
 * A sentence-embedding model small enough to build in each test: the real all-MiniLM-L6-v2 tokenizer
 * and config from shared/models, with a generated ONNX graph in place of the network, whose weights
 * cannot be downloaded here. The tokenizer, ONNX Runtime, mean pooling and normalisation all run for real.
 *
 * The graph is BERT's embedding layer and nothing more: each token's vector is a row of a fixed word
 * table (plus a small token-type row), zeroed at padding. Mean pooling then makes a text's vector the
 * average of its tokens' rows, so identical texts get identical vectors and texts sharing most of their
 * tokens point in nearly the same direction, while texts with disjoint words do not.
 */
export interface TinyEmbeddingModel {
  /** The model folder, in the transformers.js layout. */
  path: string;
  dimensions: number;
  cleanup(): Promise<void>;
}

const MODEL_FOLDER_NAME = 'tiny-all-MiniLM-L6-v2';
const HIDDEN_SIZE = 16;
const SEED = 20_240_531;
/** Keeps the token-type row, the same for every token of a one-segment text, from drowning the words. */
const TOKEN_TYPE_SCALE = 0.1;

/**
 * Builds the model in a new folder under `parentDir` (default: a new temporary folder).
 * `cleanup` removes everything it created.
 */
export async function createTinyEmbeddingModel(parentDir?: string): Promise<TinyEmbeddingModel> {
  const folder = await writeTinyModelFolder(
    MODEL_FOLDER_NAME,
    () => ({ hidden_size: HIDDEN_SIZE }),
    (config) => embeddingLayerModel(config.vocab_size, config.type_vocab_size, HIDDEN_SIZE),
    parentDir,
  );
  return { ...folder, dimensions: HIDDEN_SIZE };
}

/**
 * last_hidden_state = (words[input_ids] + token_types[token_type_ids]) * attention_mask,
 * over the three int64 [batch, sequence] inputs that a BERT export takes.
 */
function embeddingLayerModel(vocabularySize: number, tokenTypes: number, hiddenSize: number): Uint8Array {
  const random = mulberry32(SEED);
  const words = float32Bytes(vocabularySize * hiddenSize, () => random() * 2 - 1);
  const types = float32Bytes(tokenTypes * hiddenSize, () => (random() * 2 - 1) * TOKEN_TYPE_SCALE);

  return encodeModel({
    name: 'embedding_layer',
    input: bertInputs(),
    output: [{ name: 'last_hidden_state', type: tensorType(FLOAT, ['batch_size', 'sequence_length', hiddenSize]) }],
    initializer: [
      { name: 'word_embeddings', data_type: FLOAT, dims: [vocabularySize, hiddenSize], raw_data: words },
      { name: 'token_type_embeddings', data_type: FLOAT, dims: [tokenTypes, hiddenSize], raw_data: types },
      { name: 'last_axis', data_type: INT64, dims: [1], raw_data: int64Bytes(-1n) },
    ],
    node: [
      { op_type: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['word_vectors'] },
      { op_type: 'Gather', input: ['token_type_embeddings', 'token_type_ids'], output: ['token_type_vectors'] },
      { op_type: 'Add', input: ['word_vectors', 'token_type_vectors'], output: ['token_vectors'] },
      { op_type: 'Cast', input: ['attention_mask'], output: ['mask'], attribute: [intAttribute('to', FLOAT)] },
      { op_type: 'Unsqueeze', input: ['mask', 'last_axis'], output: ['mask_per_feature'] },
      { op_type: 'Mul', input: ['token_vectors', 'mask_per_feature'], output: ['last_hidden_state'] },
    ],
  });
}

/** A small seeded PRNG, so that every build of the model has the same weights. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
