import { Query } from '@nestjs/cqrs';
import type { SearchStats } from '@docent/common/search';

/** The search figures over all users. */
export class GetSearchStatsQuery extends Query<SearchStats> {}
