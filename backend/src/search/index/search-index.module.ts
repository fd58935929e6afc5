import { Module } from '@nestjs/common';
import { ChunkIndex } from './chunk-index.js';
import { CHUNK_INDEX_WRITER } from './chunk-index-writer.port.js';
import { ChunkIndexWriterService } from './chunk-index-writer.service.js';

/**
 * The chunk index (document_chunks, search_corpus, search_index_changes): search reads it,
 * and the documents feature writes to it through the CHUNK_INDEX_WRITER port. A module of
 * its own so that documents can import it without importing search, which imports documents.
 */
@Module({
  providers: [
    ChunkIndex,
    ChunkIndexWriterService,
    { provide: CHUNK_INDEX_WRITER, useExisting: ChunkIndexWriterService },
  ],
  exports: [ChunkIndex, CHUNK_INDEX_WRITER],
})
export class SearchIndexModule {}
