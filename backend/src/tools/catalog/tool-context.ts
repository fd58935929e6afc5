import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PluginContext, SearchOptions, SearchResult } from '@docent/plugin-sdk';
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_TYPE } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { pluginLogger } from '../../models/providers/provider-context.js';
import { ModelRouter } from '../../models/routing/model-router.service.js';
import { SearchDocumentsQuery } from '../../search/queries/search-documents.query.js';

/** Tools have no settings of their own yet. */
const NO_SETTINGS = Object.freeze({});

/**
 * What a tool may reach when it runs for a caller: the search the Intelligence page uses,
 * over the documents that caller may read (recorded in their search history like any
 * other search), and the model router, with each call counted against the caller.
 */
@Injectable()
export class ToolContexts {
  constructor(
    private readonly queries: QueryBus,
    private readonly router: ModelRouter,
  ) {}

  for(toolName: string, principal: Principal, signal?: AbortSignal): PluginContext {
    return {
      logger: pluginLogger(`tool:${toolName}`),
      config: NO_SETTINGS,
      search: {
        search: async (query: string, options: SearchOptions = {}): Promise<SearchResult[]> => {
          const { results } = await this.queries.execute(
            new SearchDocumentsQuery(
              query,
              {
                type: DEFAULT_SEARCH_TYPE,
                // The tool lists passages, each with its content.
                group: 'passage',
                limit: options.limit ?? DEFAULT_SEARCH_LIMIT,
                ...(options.documentIds && { documentIds: [...options.documentIds] }),
              },
              principal,
            ),
          );
          return results.map((hit) => ({
            documentId: hit.documentId,
            documentName: hit.documentName,
            chunkId: hit.chunkId,
            content: hit.text,
            score: hit.score,
            metadata: { documentType: hit.documentType, position: hit.position, snippet: hit.snippet },
          }));
        },
      },
      router: {
        route: async ({ model, preference, signal: requestSignal, ...request }) => {
          const { modelId, response } = await this.router.complete(request, {
            principal,
            model,
            preference,
            signal: requestSignal ?? signal,
          });
          return { ...response, model: modelId };
        },
        explain: (request = {}) => this.router.explain(request),
      },
    };
  }
}
