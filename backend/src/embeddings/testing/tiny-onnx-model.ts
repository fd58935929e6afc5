import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import protobuf from 'protobufjs';

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

const TOKENIZER_AND_CONFIG = resolve(import.meta.dirname, '../../../../../shared/models/all-MiniLM-L6-v2-no-weights');
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
  const root = parentDir ?? (await mkdtemp(join(tmpdir(), 'docent-tiny-model-')));
  const path = join(root, MODEL_FOLDER_NAME);
  await mkdir(join(path, 'onnx'), { recursive: true });

  const files = await readdir(TOKENIZER_AND_CONFIG).catch((error: unknown) => {
    throw new Error(`The tiny embedding model needs the tokenizer in ${TOKENIZER_AND_CONFIG}: ${String(error)}`);
  });
  // Read and written rather than copied: the shared files are read-only and copies would keep that mode.
  for (const file of files) {
    if (file !== 'config.json') await writeFile(join(path, file), await readFile(join(TOKENIZER_AND_CONFIG, file)));
  }
  const config = JSON.parse(await readFile(join(TOKENIZER_AND_CONFIG, 'config.json'), 'utf8')) as BertConfig;
  await writeFile(join(path, 'config.json'), JSON.stringify({ ...config, hidden_size: HIDDEN_SIZE }, null, 2));
  await writeFile(
    join(path, 'onnx', 'model.onnx'),
    embeddingLayerModel(config.vocab_size, config.type_vocab_size, HIDDEN_SIZE),
  );

  return {
    path,
    dimensions: HIDDEN_SIZE,
    cleanup: () => rm(parentDir ? path : root, { recursive: true, force: true }),
  };
}

interface BertConfig {
  vocab_size: number;
  type_vocab_size: number;
}

/**
 * The messages of onnx/onnx.proto (Apache-2.0) that this model uses, with their field numbers unchanged;
 * fields it does not set are left out.
 */
const ONNX_PROTO = `
syntax = "proto2";
package onnx;

message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; }
  optional string name = 1;
  optional int64 i = 3;
  optional AttributeType type = 20;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  repeated AttributeProto attribute = 5;
}

message ModelProto {
  optional int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  optional string producer_name = 2;
  optional GraphProto graph = 7;
}

message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}

message TensorProto {
  enum DataType { UNDEFINED = 0; FLOAT = 1; INT64 = 7; }
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  optional string name = 8;
  optional bytes raw_data = 9;
}

message ValueInfoProto {
  optional string name = 1;
  optional TypeProto type = 2;
}

message TypeProto {
  message Tensor {
    optional int32 elem_type = 1;
    optional TensorShapeProto shape = 2;
  }
  oneof value { Tensor tensor_type = 1; }
}

message TensorShapeProto {
  message Dimension {
    oneof value { int64 dim_value = 1; string dim_param = 2; }
  }
  repeated Dimension dim = 1;
}

message OperatorSetIdProto {
  optional string domain = 1;
  optional int64 version = 2;
}
`;

const FLOAT = 1;
const INT64 = 7;
const ATTRIBUTE_INT = 2;
/** ONNX IR version 8 and opset 17 (ONNX 1.12): old enough for any ONNX Runtime of the last years. */
const IR_VERSION = 8;
const OPSET = 17;

const ModelProto = protobuf.parse(ONNX_PROTO, { keepCase: true }).root.lookupType('onnx.ModelProto');

/**
 * last_hidden_state = (words[input_ids] + token_types[token_type_ids]) * attention_mask,
 * over the three int64 [batch, sequence] inputs that a BERT export takes.
 */
function embeddingLayerModel(vocabularySize: number, tokenTypes: number, hiddenSize: number): Uint8Array {
  const random = mulberry32(SEED);
  const words = float32Bytes(vocabularySize * hiddenSize, () => random() * 2 - 1);
  const types = float32Bytes(tokenTypes * hiddenSize, () => (random() * 2 - 1) * TOKEN_TYPE_SCALE);
  const lastAxis = new Uint8Array(8);
  new DataView(lastAxis.buffer).setBigInt64(0, -1n, true);
  const tokens = tensorType(INT64, ['batch_size', 'sequence_length']);

  const model = {
    ir_version: IR_VERSION,
    opset_import: [{ domain: '', version: OPSET }],
    producer_name: 'docent tiny-onnx-model',
    graph: {
      name: 'embedding_layer',
      input: [
        { name: 'input_ids', type: tokens },
        { name: 'attention_mask', type: tokens },
        { name: 'token_type_ids', type: tokens },
      ],
      output: [{ name: 'last_hidden_state', type: tensorType(FLOAT, ['batch_size', 'sequence_length', hiddenSize]) }],
      initializer: [
        { name: 'word_embeddings', data_type: FLOAT, dims: [vocabularySize, hiddenSize], raw_data: words },
        { name: 'token_type_embeddings', data_type: FLOAT, dims: [tokenTypes, hiddenSize], raw_data: types },
        { name: 'last_axis', data_type: INT64, dims: [1], raw_data: lastAxis },
      ],
      node: [
        { op_type: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['word_vectors'] },
        { op_type: 'Gather', input: ['token_type_embeddings', 'token_type_ids'], output: ['token_type_vectors'] },
        { op_type: 'Add', input: ['word_vectors', 'token_type_vectors'], output: ['token_vectors'] },
        {
          op_type: 'Cast',
          input: ['attention_mask'],
          output: ['mask'],
          attribute: [{ name: 'to', type: ATTRIBUTE_INT, i: FLOAT }],
        },
        { op_type: 'Unsqueeze', input: ['mask', 'last_axis'], output: ['mask_per_feature'] },
        { op_type: 'Mul', input: ['token_vectors', 'mask_per_feature'], output: ['last_hidden_state'] },
      ],
    },
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`Tiny ONNX model does not match the ONNX schema: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/** A tensor type whose dimensions are fixed sizes or named, free ones. */
function tensorType(elementType: number, dimensions: (number | string)[]) {
  return {
    tensor_type: {
      elem_type: elementType,
      shape: {
        dim: dimensions.map((dimension) =>
          typeof dimension === 'number' ? { dim_value: dimension } : { dim_param: dimension },
        ),
      },
    },
  };
}

/** `count` float32 values as ONNX raw_data, which is little-endian whatever the machine's byte order. */
function float32Bytes(count: number, next: () => number): Uint8Array {
  const bytes = new Uint8Array(count * 4);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < count; index++) view.setFloat32(index * 4, next(), true);
  return bytes;
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
