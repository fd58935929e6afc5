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
  type TinyModelFolder,
} from './onnx-graph.js';

/**
 * A cross-encoder small enough to build in each test: the real all-MiniLM-L6-v2 tokenizer from
 * shared/models with a BertForSequenceClassification config, and a generated ONNX graph in place of
 * the network. The tokenizer's (query, passage) pairs, ONNX Runtime and the classifier's logits all run for real.
 *
 * Its one logit counts the query's word pieces that occur in the passage: a pair is its query as
 * segment A (token type 0) and its passage as segment B (token type 1), so the graph counts the tokens
 * of A whose id some token of B has, leaving out padding and the special tokens. A passage that shares
 * more of the query's words scores higher; padding a pair to a longer batch changes nothing.
 *
 * With `labels: 2` it is a two-class classifier instead, whose logits are (-count, count): irrelevant, relevant.
 */
export async function createTinyCrossEncoder({ labels = 1 }: { labels?: 1 | 2 } = {}): Promise<TinyModelFolder> {
  const names = labels === 1 ? ['LABEL_0'] : ['irrelevant', 'relevant'];
  return writeTinyModelFolder(
    'tiny-ms-marco-cross-encoder',
    () => ({
      architectures: ['BertForSequenceClassification'],
      id2label: Object.fromEntries(names.map((name, index) => [index, name])),
      label2id: Object.fromEntries(names.map((name, index) => [name, index])),
    }),
    () => queryWordsInPassageModel(labels),
  );
}

/** The highest id of BERT's uncased vocabulary that is no word: [PAD], [UNK], [CLS], [SEP], [MASK] and the unused slots. */
const LAST_NON_WORD_ID = 998n;

/**
 * count[pair] = Σ over query tokens q of min(1, Σ over passage tokens p of [id(q) = id(p)]),
 * counting only real words (attention 1, id past LAST_NON_WORD_ID); logits [count] or [-count, count].
 */
function queryWordsInPassageModel(labels: 1 | 2): Uint8Array {
  const cast = (input: string, output: string, to: number) => ({
    op_type: 'Cast',
    input: [input],
    output: [output],
    attribute: [intAttribute('to', to)],
  });
  const op = (op_type: string, input: string[], output: string, ...attribute: ReturnType<typeof intAttribute>[]) => ({
    op_type,
    input,
    output: [output],
    attribute,
  });

  return encodeModel({
    name: 'query_words_in_passage',
    input: bertInputs(),
    output: [{ name: 'logits', type: tensorType(FLOAT, ['batch_size', labels]) }],
    initializer: [
      { name: 'last_non_word_id', data_type: INT64, dims: [], raw_data: int64Bytes(LAST_NON_WORD_ID) },
      { name: 'one', data_type: FLOAT, dims: [], raw_data: float32Bytes(1, () => 1) },
      { name: 'tokens_axis', data_type: INT64, dims: [1], raw_data: int64Bytes(1n) },
      { name: 'last_axis', data_type: INT64, dims: [1], raw_data: int64Bytes(2n) },
    ],
    node: [
      // Which tokens are words of the query (segment A) and which of the passage (segment B): [batch, sequence].
      cast('attention_mask', 'attended', FLOAT),
      op('Greater', ['input_ids', 'last_non_word_id'], 'is_word_flag'),
      cast('is_word_flag', 'is_word', FLOAT),
      op('Mul', ['attended', 'is_word'], 'counted'),
      cast('token_type_ids', 'in_passage_segment', FLOAT),
      op('Sub', ['one', 'in_passage_segment'], 'in_query_segment'),
      op('Mul', ['counted', 'in_query_segment'], 'query_word'),
      op('Mul', ['counted', 'in_passage_segment'], 'passage_word'),
      // same[b, i, j] = 1 where tokens i and j of a pair have the same id.
      op('Unsqueeze', ['input_ids', 'last_axis'], 'ids_down'),
      op('Unsqueeze', ['input_ids', 'tokens_axis'], 'ids_across'),
      op('Equal', ['ids_down', 'ids_across'], 'same_flag'),
      cast('same_flag', 'same', FLOAT),
      // Whether each token's id occurs among the passage's words, then summed over the query's words.
      op('Unsqueeze', ['passage_word', 'tokens_axis'], 'passage_word_across'),
      op('Mul', ['same', 'passage_word_across'], 'same_as_passage_word'),
      op('ReduceSum', ['same_as_passage_word', 'last_axis'], 'occurrences_in_passage', intAttribute('keepdims', 0)),
      op('Min', ['occurrences_in_passage', 'one'], 'occurs_in_passage'),
      op('Mul', ['occurs_in_passage', 'query_word'], 'query_word_in_passage'),
      ...(labels === 1
        ? [op('ReduceSum', ['query_word_in_passage', 'tokens_axis'], 'logits', intAttribute('keepdims', 1))]
        : [
            op('ReduceSum', ['query_word_in_passage', 'tokens_axis'], 'count', intAttribute('keepdims', 1)),
            op('Neg', ['count'], 'minus_count'),
            op('Concat', ['minus_count', 'count'], 'logits', intAttribute('axis', 1)),
          ]),
    ],
  });
}
