import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ClearSearchHistoryHandler } from './commands/clear-search-history.handler.js';
import { RecordSearchesHandler } from './commands/record-searches.handler.js';
import { SearchRecorder } from './commands/search-recorder.js';
import { SearchIndexModule } from './index/search-index.module.js';
import { GetSearchHistoryHandler } from './queries/get-search-history.handler.js';
import { GetSearchStatsHandler } from './queries/get-search-stats.handler.js';
import { SearchDocumentsHandler } from './queries/search-documents.handler.js';
import { RagEngineProbe } from './rag-engine.probe.js';
import { RerankingModule } from './reranking/reranking.module.js';
import { SearchHistoryProjection } from './read-model/search-history.projection.js';
import { SearchStatsProjection } from './read-model/search-stats.projection.js';
import { SearchStatsViews } from './read-model/search-stats-views.js';
import { ChunkPassageTexts } from './retrieval/chunk-passage-texts.js';
import { DocumentSearch } from './retrieval/document-search.service.js';
import { PASSAGE_TEXTS } from './retrieval/passage-texts.port.js';
import { SearchController } from './search.controller.js';

/**
 * Search over the indexed chunks (issue 6): the chunk index, the search API, its
 * SearchPerformed record, the search figures and each user's search history. Which
 * documents a reader may search comes from the documents feature (READABLE_DOCUMENTS).
 * Chat reads the passages it cited through PASSAGE_TEXTS.
 */
@Module({
  imports: [DocumentsModule, SearchIndexModule, RerankingModule],
  controllers: [SearchController],
  providers: [
    DocumentSearch,
    RagEngineProbe,
    SearchDocumentsHandler,
    GetSearchStatsHandler,
    GetSearchHistoryHandler,
    RecordSearchesHandler,
    SearchRecorder,
    ClearSearchHistoryHandler,
    SearchStatsProjection,
    SearchHistoryProjection,
    SearchStatsViews,
    { provide: PASSAGE_TEXTS, useClass: ChunkPassageTexts },
  ],
  exports: [DocumentSearch, SearchStatsViews, SearchRecorder, PASSAGE_TEXTS],
})
export class SearchModule {}
