import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { SearchDocumentsHandler } from './commands/search-documents.command.js';
import { IntelligenceController } from './intelligence.controller.js';
import { SearchStatsProjection } from './read-model/search-stats.projection.js';
import { SearchStatsViews } from './read-model/search-stats-views.js';
import { DocumentSearch } from './retrieval/document-search.service.js';
import { SearchController } from './search.controller.js';

/** Search over the indexed chunks (issue 6): the search API, its SearchPerformed record and the intelligence figures. */
@Module({
  imports: [DocumentsModule],
  controllers: [SearchController, IntelligenceController],
  providers: [DocumentSearch, SearchDocumentsHandler, SearchStatsProjection, SearchStatsViews],
  exports: [DocumentSearch],
})
export class SearchModule {}
