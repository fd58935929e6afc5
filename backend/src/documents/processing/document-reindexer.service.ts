import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { Decisions } from '../../event-store/decisions.service.js';
import { CHUNK_INDEX_WRITER, type ChunkIndexWriter } from '../../search/index/chunk-index-writer.port.js';
import { chunkHeader, documentTitle } from '../chunking/chunk-header.js';
import { documentDecider } from '../domain/document.decider.js';
import { documentStreamId } from '../domain/document.events.js';
import { DocumentEntity } from '../read-model/document.entity.js';

export interface ReindexOutcome {
  documents: number;
  chunks: number;
  vectorized: number;
  /** Documents whose embedding failed: they keep their keyword index and lose stale vectors. */
  failed: { documentId: string; name: string; reason: string }[];
}

/**
 * `npm run reindex`: has the chunk index rebuild the keyword postings and the embeddings
 * of every processed document from its stored chunks, with the tokenizer and embedding
 * model configured now and each chunk's contextual header, and records the outcome on each
 * document. Run it after changing either; parsing is not repeated.
 */
@Injectable()
export class DocumentReindexer {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(CHUNK_INDEX_WRITER) private readonly chunkIndex: ChunkIndexWriter,
    private readonly decisions: Decisions,
  ) {}

  async reindexAll(
    onDocument: (name: string, index: number, total: number) => void = () => undefined,
  ): Promise<ReindexOutcome> {
    await this.chunkIndex.prepareVectorIndex();
    const processed = await this.orm.em
      .fork()
      .find(DocumentEntity, { status: 'processed' }, { fields: ['id', 'name'], orderBy: { uploadedAt: 'asc' } });
    const outcome: ReindexOutcome = { documents: processed.length, chunks: 0, vectorized: 0, failed: [] };
    for (const [index, { id, name }] of processed.entries()) {
      onDocument(name, index, processed.length);
      const title = documentTitle(name);
      const rebuilt = await this.chunkIndex.rebuildDocument(id, (position) => chunkHeader(title, position));
      outcome.chunks += rebuilt.chunks;
      if (rebuilt.embeddingError) outcome.failed.push({ documentId: id, name, reason: rebuilt.embeddingError });
      if (rebuilt.embeddingModel) outcome.vectorized += 1;
      await this.decisions.handle(
        documentDecider,
        documentStreamId(id),
        {
          type: 'RecordVectorsRebuilt',
          vectorized: rebuilt.embeddingModel !== null,
          embeddingModel: rebuilt.embeddingModel,
        },
        { actorId: null },
      );
    }
    await this.chunkIndex.finishRebuild();
    return outcome;
  }
}
