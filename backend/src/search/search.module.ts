import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ClearSearchHistoryHandler } from './commands/clear-search-history.command.js';
import { SearchDocumentsHandler } from './commands/search-documents.command.js';
import { SearchHistoryProjection } from './read-model/search-history.projection.js';
import { SearchStatsProjection } from './read-model/search-stats.projection.js';
import { SearchStatsViews } from './read-model/search-stats-views.js';
import { DocumentSearch } from './retrieval/document-search.service.js';
import { SearchController } from './search.controller.js';

/** Search over the indexed chunks (issue 6): the search API, its SearchPerformed record, the search figures and each user's search history. */
@Module({
  imports: [DocumentsModule],
  controllers: [SearchController],
  providers: [
    DocumentSearch,
    SearchDocumentsHandler,
    ClearSearchHistoryHandler,
    SearchStatsProjection,
    SearchHistoryProjection,
    SearchStatsViews,
  ],
  exports: [DocumentSearch, SearchStatsViews],
})
export class SearchModule {}
