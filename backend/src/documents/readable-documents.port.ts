import type { Actor } from '@docent/common/permissions';

/** The documents a search may return chunks of: processed ones the reader may read, narrowed by the filters. */
export interface DocumentScope {
  reader: Actor;
  fileTypes?: string[];
  /** Documents carrying at least one of these tags. */
  tags?: string[];
}

/**
 * Which documents a reader may search, as the documents feature decides it: the access
 * policy over its read model. Search joins this relation into each retrieval statement,
 * so access is part of the statement and a chunk outside it is never even scored, and
 * only the documents feature knows its table. Injected by READABLE_DOCUMENTS.
 */
export interface ReadableDocuments {
  /**
   * An SQL relation (a parenthesised select) with the columns `id`, `name` and `type` of
   * the documents in the scope, for a statement to join under an alias of its own. Values
   * go through `bind`, which adds each as a parameter and returns its placeholder.
   */
  relation(scope: DocumentScope, bind: (value: unknown) => string): string;
}

export const READABLE_DOCUMENTS = Symbol('READABLE_DOCUMENTS');
