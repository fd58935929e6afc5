import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import protobuf from 'protobufjs';

/**
 * What the tiny generated models of the tests share: a model folder holding the real all-MiniLM-L6-v2
 * tokenizer from shared/models, whose weights cannot be downloaded here, and an ONNX graph written with
 * protobufjs in place of the network.
 */
export interface TinyModelFolder {
  /** The model folder, in the transformers.js layout. */
  path: string;
  cleanup(): Promise<void>;
}

/** The parts of the shared BERT config.json that size a graph. */
export interface BertConfig {
  vocab_size: number;
  type_vocab_size: number;
}

const TOKENIZER_AND_CONFIG = resolve(import.meta.dirname, '../../../../../shared/models/all-MiniLM-L6-v2-no-weights');

/**
 * Writes a model folder named `folderName` under `parentDir` (default: a new temporary folder): the shared
 * tokenizer, the shared config.json changed by `configure`, and `graph` as onnx/model.onnx.
 * `cleanup` removes everything it created.
 */
export async function writeTinyModelFolder(
  folderName: string,
  configure: (config: BertConfig) => object,
  graph: (config: BertConfig) => Uint8Array,
  parentDir?: string,
): Promise<TinyModelFolder> {
  const root = parentDir ?? (await mkdtemp(join(tmpdir(), 'docent-tiny-model-')));
  const path = join(root, folderName);
  await mkdir(join(path, 'onnx'), { recursive: true });

  const files = await readdir(TOKENIZER_AND_CONFIG).catch((error: unknown) => {
    throw new Error(`The tiny ONNX models need the tokenizer in ${TOKENIZER_AND_CONFIG}: ${String(error)}`);
  });
  // Read and written rather than copied: the shared files are read-only and copies would keep that mode.
  for (const file of files) {
    if (file !== 'config.json') await writeFile(join(path, file), await readFile(join(TOKENIZER_AND_CONFIG, file)));
  }
  const config = JSON.parse(await readFile(join(TOKENIZER_AND_CONFIG, 'config.json'), 'utf8')) as BertConfig;
  await writeFile(join(path, 'config.json'), JSON.stringify({ ...config, ...configure(config) }, null, 2));
  await writeFile(join(path, 'onnx', 'model.onnx'), graph(config));

  return { path, cleanup: () => rm(parentDir ? path : root, { recursive: true, force: true }) };
}

/**
 * The messages of onnx/onnx.proto (Apache-2.0) that the tiny models use, with their field numbers unchanged;
 * fields they do not set are left out.
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

export const FLOAT = 1;
export const INT64 = 7;
const ATTRIBUTE_INT = 2;
/** ONNX IR version 8 and opset 17 (ONNX 1.12): old enough for any ONNX Runtime of the last years. */
const IR_VERSION = 8;
const OPSET = 17;

const ModelProto = protobuf.parse(ONNX_PROTO, { keepCase: true }).root.lookupType('onnx.ModelProto');

export interface Graph {
  name: string;
  input: { name: string; type: ReturnType<typeof tensorType> }[];
  output: { name: string; type: ReturnType<typeof tensorType> }[];
  initializer: { name: string; data_type: number; dims: number[]; raw_data: Uint8Array }[];
  node: { op_type: string; input: string[]; output: string[]; attribute?: ReturnType<typeof intAttribute>[] }[];
}

/** The graph as an ONNX model file. */
export function encodeModel(graph: Graph): Uint8Array {
  const model = {
    ir_version: IR_VERSION,
    opset_import: [{ domain: '', version: OPSET }],
    producer_name: 'docent tiny ONNX model',
    graph,
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`Tiny ONNX model does not match the ONNX schema: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

export function intAttribute(name: string, value: number) {
  return { name, type: ATTRIBUTE_INT, i: value };
}

/** The three int64 [batch, sequence] inputs that a BERT export takes. */
export function bertInputs(): Graph['input'] {
  const tokens = tensorType(INT64, ['batch_size', 'sequence_length']);
  return ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => ({ name, type: tokens }));
}

/** A tensor type whose dimensions are fixed sizes or named, free ones. */
export function tensorType(elementType: number, dimensions: (number | string)[]) {
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
export function float32Bytes(count: number, next: () => number): Uint8Array {
  const bytes = new Uint8Array(count * 4);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < count; index++) view.setFloat32(index * 4, next(), true);
  return bytes;
}

/** int64 values as ONNX raw_data, little-endian. */
export function int64Bytes(...values: bigint[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 8);
  const view = new DataView(bytes.buffer);
  values.forEach((value, index) => view.setBigInt64(index * 8, value, true));
  return bytes;
}
