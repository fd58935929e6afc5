/**
 * A cross-encoder that reads the query and a passage together and says how relevant the
 * passage is: slower than retrieval, so it only reorders the best hits retrieval found.
 */
export interface Reranker {
  /** Which kind of provider this is: 'local-onnx' or 'rerank-endpoint'. */
  readonly id: string;
  readonly model: string;
  /** A relevance score for each passage, in the passages' order; higher is more relevant. */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
  /** Loads the model again, for a reranker that holds one in the process; absent for a remote endpoint. */
  reload?(): Promise<void>;
}

/** Injects `Reranker | null`; null when none is configured, and results keep their retrieval order. */
export const RERANKER = Symbol('RERANKER');
