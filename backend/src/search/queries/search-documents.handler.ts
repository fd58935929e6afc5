import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SearchResponse } from '@docent/common/search';
import { SearchRecorder } from '../commands/search-recorder.js';
import { DocumentSearch } from '../retrieval/document-search.service.js';
import { SearchDocumentsQuery } from './search-documents.query.js';

/**
 * Runs a search of the API and has it recorded, failed ones included (SearchRecorder, which
 * issues RecordSearchesCommand a moment later with the searches made meanwhile: the query
 * itself writes nothing). Recording belongs here rather than in the controller because only
 * the search knows its outcome and its time.
 */
@QueryHandler(SearchDocumentsQuery)
export class SearchDocumentsHandler implements IQueryHandler<SearchDocumentsQuery> {
  constructor(
    private readonly search: DocumentSearch,
    private readonly recorder: SearchRecorder,
  ) {}

  async execute({ query, options, principal }: SearchDocumentsQuery): Promise<SearchResponse> {
    const started = performance.now();
    const record = (resultCount: number, success: boolean) => {
      const tookMs = Math.round(performance.now() - started);
      this.recorder.record({ type: options.type, query, resultCount, tookMs, success }, principal);
      return tookMs;
    };
    try {
      const { results, fallback } =
        options.group === 'document'
          ? await this.search.searchDocuments(query, options, principal)
          : await this.search.searchPassages(query, options, principal);
      const tookMs = record(results.length, true);
      return {
        success: true,
        query,
        type: options.type,
        group: options.group,
        results,
        total: results.length,
        tookMs,
        ...(fallback && { fallback }),
      };
    } catch (error) {
      record(0, false);
      throw error;
    }
  }
}
