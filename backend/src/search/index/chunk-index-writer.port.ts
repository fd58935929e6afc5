import type { ChunkPositionView } from '@docent/common/search';
import type { ChunkPostings } from './postings.js';

/**
 * A chunk as the documents feature hands it to the index: its text and where it sits,
 * with its keyword postings already computed (by `withPostings`, on the parse worker).
 */
export interface IndexableChunk extends ChunkPostings {
  /** 0-based, in document order. */
  index: number;
  /** What is stored and shown. */
  text: string;
  /**
   * Indexed with the text (for keyword search and the embedding) but never shown: the
   * document's title and the headings above the chunk; '' for none.
   */
  header: string;
  position: ChunkPositionView;
  /** Offsets into the document's extracted text. */
  start: number;
  end: number;
}

/** How a document's chunks were embedded; the keyword index is complete either way. */
export interface IndexedVectors {
  /** The model every chunk has an embedding from; null when none has (no model, or it failed). */
  embeddingModel: string | null;
  /** Why no embeddings were made although a model is configured. */
  embeddingError: string | null;
}

export type IndexingStage = 'embedding' | 'saving';

/**
 * The search feature's chunk index as the documents feature writes to it: processing
 * replaces a document's chunks, deletion removes them, `npm run reindex` rebuilds them.
 * Owned by search (which alone knows the index's tables); documents injects it by
 * CHUNK_INDEX_WRITER.
 */
export interface ChunkIndexWriter {
  /** Creates the vector index for the configured embedding model's dimensions, once; nothing without a model. */
  prepareVectorIndex(): Promise<void>;
  /**
   * Embeds the chunks (with the configured model, if any) and replaces the document's
   * chunks with them as a whole, so a repeated write never duplicates one.
   */
  replaceChunks(
    documentId: string,
    chunks: IndexableChunk[],
    onProgress?: (stage: IndexingStage, percent: number) => void,
  ): Promise<IndexedVectors>;
  removeDocument(documentId: string): Promise<void>;
  /** The documents the index holds chunks of: start-up finds those of documents deleted before a crash among them. */
  indexedDocumentIds(): Promise<string[]>;
  /**
   * Rebuilds a document's postings with this server's tokenizer and its embeddings with the
   * configured model, each chunk under the header `headerOf` gives for its position.
   */
  rebuildDocument(
    documentId: string,
    headerOf: (position: ChunkPositionView) => string,
  ): Promise<IndexedVectors & { chunks: number }>;
  /** After every document was rebuilt: the index is now this tokenizer's. */
  finishRebuild(): Promise<void>;
}

export const CHUNK_INDEX_WRITER = Symbol('CHUNK_INDEX_WRITER');
