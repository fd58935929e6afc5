import { Inject, Injectable, Logger } from '@nestjs/common';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import type { ChunkPositionView } from '@docent/common/search';
import { ChunkIndex, type ChunkEmbeddings } from './chunk-index.js';
import { indexedText } from './postings.js';
import type { ChunkIndexWriter, IndexableChunk, IndexedVectors, IndexingStage } from './chunk-index-writer.port.js';

/** Texts per embedding call: small enough to report progress often. */
const EMBEDDING_SLICE = 64;

/**
 * The chunk index as documents write to it: chunks embedded with the configured model
 * (if any) and stored with their postings. A failing model never keeps a document from
 * keyword search: its chunks are stored without vectors and the reason is returned.
 */
@Injectable()
export class ChunkIndexWriterService implements ChunkIndexWriter {
  private readonly logger = new Logger(ChunkIndexWriterService.name);

  constructor(
    private readonly index: ChunkIndex,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
  ) {}

  async prepareVectorIndex(): Promise<void> {
    if (this.embedder) await this.index.ensureVectorIndex(this.embedder.dimensions);
  }

  async replaceChunks(
    documentId: string,
    chunks: IndexableChunk[],
    onProgress: (stage: IndexingStage, percent: number) => void = () => undefined,
  ): Promise<IndexedVectors> {
    const { embeddings, failure } = await this.embed(chunks.map(indexedText), (done) =>
      onProgress('embedding', (done / chunks.length) * 100),
    );
    if (failure) {
      this.logger.warn(
        { err: failure, documentId },
        'Embedding failed; the document is indexed for keyword search only',
      );
    }
    onProgress('saving', 90);
    await this.index.replaceChunks(documentId, chunks, embeddings);
    return { embeddingModel: embeddings?.model ?? null, embeddingError: failure?.message ?? null };
  }

  removeDocument(documentId: string): Promise<void> {
    return this.index.removeDocument(documentId);
  }

  indexedDocumentIds(): Promise<string[]> {
    return this.index.indexedDocumentIds();
  }

  /** Providers batch by themselves; a document's chunks go in one call. */
  async rebuildDocument(
    documentId: string,
    headerOf: (position: ChunkPositionView) => string,
  ): Promise<IndexedVectors & { chunks: number }> {
    await this.index.reindexTerms(documentId, headerOf);
    const texts = (await this.index.chunksOf(documentId)).map(indexedText);
    const { embeddings, failure } = await this.embed(texts);
    await this.index.replaceEmbeddings(documentId, embeddings);
    return {
      chunks: texts.length,
      embeddingModel: embeddings?.model ?? null,
      embeddingError: failure?.message ?? null,
    };
  }

  finishRebuild(): Promise<void> {
    return this.index.recordTokenizer();
  }

  /** With `onSlice`, the texts go a slice at a time, reporting how many are done before each. */
  private async embed(
    texts: string[],
    onSlice?: (done: number) => void,
  ): Promise<{ embeddings: ChunkEmbeddings | null; failure: Error | null }> {
    if (!this.embedder) return { embeddings: null, failure: null };
    const vectors: number[][] = [];
    const slice = onSlice ? EMBEDDING_SLICE : texts.length;
    try {
      for (let from = 0; from < texts.length; from += slice) {
        onSlice?.(from);
        vectors.push(...(await this.embedder.embed(texts.slice(from, from + slice))));
      }
    } catch (error) {
      return { embeddings: null, failure: error as Error };
    }
    return {
      embeddings: { model: this.embedder.model, dimensions: this.embedder.dimensions, vectors },
      failure: null,
    };
  }
}
