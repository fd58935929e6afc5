import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  searchRequestSchema,
  type SearchHistoryResponse,
  type SearchResponse,
  type SearchStatsResponse,
} from '@docent/common/search';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ClearSearchHistoryCommand } from './commands/clear-search-history.command.js';
import { GetSearchHistoryQuery } from './queries/get-search-history.query.js';
import { GetSearchStatsQuery } from './queries/get-search-stats.query.js';
import { SearchDocumentsQuery } from './queries/search-documents.query.js';

/** Searching is search:basic; so are its figures, which every searcher's Intelligence page shows. */
@ApiTags('Search')
@Controller('api/search')
export class SearchController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('rag')
  @HttpCode(200)
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({
    summary:
      'Keyword (BM25), semantic or hybrid search over the chunks of the documents the caller may read; 409 for semantic without an embedding model',
  })
  search(
    @Body({ schema: searchRequestSchema }) { query, options }: z.output<typeof searchRequestSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SearchResponse> {
    return this.queries.execute(new SearchDocumentsQuery(query, options, principal));
  }

  @Get('stats')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'Searches by type, mean time (ms), success rate and the last search, over all users' })
  async stats(): Promise<SearchStatsResponse> {
    return { success: true, stats: await this.queries.execute(new GetSearchStatsQuery()) };
  }

  @Get('history')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: "The caller's last 50 distinct queries, most recent first" })
  async history(@CurrentPrincipal() principal: Principal): Promise<SearchHistoryResponse> {
    return { success: true, history: await this.queries.execute(new GetSearchHistoryQuery(principal)) };
  }

  @Delete('history')
  @HttpCode(200)
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: "Empty the caller's search history" })
  async clearHistory(@CurrentPrincipal() principal: Principal): Promise<SearchHistoryResponse> {
    await this.commands.execute(new ClearSearchHistoryCommand(principal));
    return { success: true, history: [] };
  }
}
