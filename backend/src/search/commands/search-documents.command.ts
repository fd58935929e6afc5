import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SearchResponse } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { SEARCH_STREAM_TYPE, searchStreamId } from '../domain/search.events.js';
import { DocumentSearch, type ResolvedSearchOptions } from '../retrieval/document-search.service.js';

export class SearchDocumentsCommand {
  constructor(
    readonly query: string,
    readonly options: ResolvedSearchOptions,
    readonly principal: Principal,
  ) {}
}

/**
 * Runs a search and records it as SearchPerformed, failed ones included, before
 * answering: the stats a caller reads next already count it.
 */
@CommandHandler(SearchDocumentsCommand)
export class SearchDocumentsHandler implements ICommandHandler<SearchDocumentsCommand> {
  constructor(
    private readonly search: DocumentSearch,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ query, options, principal }: SearchDocumentsCommand): Promise<SearchResponse> {
    const started = performance.now();
    const record = (resultCount: number, success: boolean) => {
      const tookMs = Math.round(performance.now() - started);
      return this.eventStore
        .append(
          {
            streamId: searchStreamId(principal.userId),
            streamType: SEARCH_STREAM_TYPE,
            expectedVersion: 'any',
            events: [
              {
                type: 'SearchPerformed',
                data: { userId: principal.userId, type: options.type, query, resultCount, tookMs, success },
              },
            ],
          },
          { actorId: principal.userId },
        )
        .then(() => tookMs);
    };
    try {
      const { results, fallback } = await this.search.search(query, options, principal);
      const tookMs = await record(results.length, true);
      return {
        success: true,
        query,
        type: options.type,
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
