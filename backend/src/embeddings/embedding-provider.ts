/** Turns texts into vectors for semantic search. */
export interface EmbeddingProvider {
  /** Which kind of provider this is, e.g. 'openai-compatible'. */
  readonly id: string;
  readonly model: string;
  readonly dimensions: number;
  /** One L2-normalised vector of `dimensions` numbers per text, in the order of `texts`. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /** Loads the model again, for a provider that holds one in the process; absent for a remote endpoint. */
  reload?(): Promise<void>;
}

/** Injects `EmbeddingProvider | null`; null means no model is configured and search is keyword-only. */
export const EMBEDDING_PROVIDER = Symbol('EMBEDDING_PROVIDER');

/** Scales a vector to unit length so that cosine similarity is a dot product. */
export function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  // A zero vector has no direction to keep; scaling it would only produce NaNs.
  return norm === 0 ? vector : vector.map((value) => value / norm);
}
