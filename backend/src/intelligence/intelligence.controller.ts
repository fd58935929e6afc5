import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { IntelligenceStatsResponse } from '@docent/common/search';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { GetIntelligenceStatsQuery } from './queries/get-intelligence-stats.query.js';

/** search:basic rather than analytics:view: the figures describe the searching the caller may already do. */
@ApiTags('Intelligence')
@Controller('api/intelligence')
export class IntelligenceController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stats')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({
    summary:
      "The spec's Intelligence stats: searches and chat questions, success rate, mean time (ms) and the caller's indexed documents",
  })
  async stats(@CurrentPrincipal() principal: Principal): Promise<IntelligenceStatsResponse> {
    return { success: true, stats: await this.queries.execute(new GetIntelligenceStatsQuery(principal)) };
  }
}
