import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import { DocumentEntity } from '../read-model/document.entity.js';
import { ChunkIndex, type ChunkEmbeddings } from './chunk-index.js';

export interface ReindexOutcome {
  documents: number;
  chunks: number;
  vectorized: number;
  /** Documents whose embedding failed: they keep their keyword index and lose stale vectors. */
  failed: { documentId: string; name: string; reason: string }[];
}

/**
 * `npm run reindex`: rebuilds the keyword postings and the embeddings of every
 * processed document from its stored chunks, with the tokenizer and embedding model
 * configured now. Run it after changing either; parsing is not repeated.
 */
@Injectable()
export class DocumentReindexer {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly chunkIndex: ChunkIndex,
    private readonly documents: DocumentStreamWriter,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
  ) {}

  async reindexAll(
    onDocument: (name: string, index: number, total: number) => void = () => undefined,
  ): Promise<ReindexOutcome> {
    if (this.embedder) await this.chunkIndex.ensureVectorIndex(this.embedder.dimensions);
    const processed = await this.orm.em
      .fork()
      .find(DocumentEntity, { status: 'processed' }, { fields: ['id', 'name'], orderBy: { uploadedAt: 'asc' } });
    const outcome: ReindexOutcome = { documents: processed.length, chunks: 0, vectorized: 0, failed: [] };
    for (const [index, { id, name }] of processed.entries()) {
      onDocument(name, index, processed.length);
      await this.chunkIndex.reindexTerms(id);
      const texts = (await this.chunkIndex.chunksOf(id)).map((chunk) => chunk.text);
      outcome.chunks += texts.length;
      let embeddings: ChunkEmbeddings | null = null;
      try {
        embeddings = await this.embed(texts);
      } catch (error) {
        outcome.failed.push({ documentId: id, name, reason: (error as Error).message });
      }
      await this.chunkIndex.replaceEmbeddings(id, embeddings);
      if (embeddings) outcome.vectorized += 1;
      await this.documents.execute(
        id,
        { type: 'RecordVectorsRebuilt', vectorized: embeddings !== null, embeddingModel: embeddings?.model ?? null },
        { actorId: null },
      );
    }
    await this.chunkIndex.recordTokenizer();
    return outcome;
  }

  /** Providers batch by themselves; a document's chunks go in one call. */
  private async embed(texts: string[]): Promise<ChunkEmbeddings | null> {
    if (!this.embedder) return null;
    return {
      model: this.embedder.model,
      dimensions: this.embedder.dimensions,
      vectors: await this.embedder.embed(texts),
    };
  }
}
