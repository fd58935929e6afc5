import { Query } from '@nestjs/cqrs';
import type { IntelligenceStats } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';

/** Searches and chat questions together, and the caller's indexed documents. */
export class GetIntelligenceStatsQuery extends Query<IntelligenceStats> {
  constructor(readonly principal: Principal) {
    super();
  }
}
