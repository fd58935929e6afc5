import { CommandBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SearchResponse } from '@docent/common/search';
import { RecordSearchCommand } from '../commands/record-search.command.js';
import { DocumentSearch } from '../retrieval/document-search.service.js';
import { SearchDocumentsQuery } from './search-documents.query.js';

/**
 * Runs a search of the API and has it recorded (RecordSearchCommand, through the command
 * bus: the query itself writes nothing), failed ones included, before answering: the
 * stats a caller reads next already count it. Recording belongs here rather than in the
 * controller because only the search knows its outcome and its time.
 */
@QueryHandler(SearchDocumentsQuery)
export class SearchDocumentsHandler implements IQueryHandler<SearchDocumentsQuery> {
  constructor(
    private readonly search: DocumentSearch,
    private readonly commands: CommandBus,
  ) {}

  async execute({ query, options, principal }: SearchDocumentsQuery): Promise<SearchResponse> {
    const started = performance.now();
    const record = async (resultCount: number, success: boolean) => {
      const tookMs = Math.round(performance.now() - started);
      await this.commands.execute(
        new RecordSearchCommand({ type: options.type, query, resultCount, tookMs, success }, principal),
      );
      return tookMs;
    };
    try {
      const { results, fallback } =
        options.group === 'document'
          ? await this.search.searchDocuments(query, options, principal)
          : await this.search.searchPassages(query, options, principal);
      const tookMs = await record(results.length, true);
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
      await record(0, false);
      throw error;
    }
  }
}
