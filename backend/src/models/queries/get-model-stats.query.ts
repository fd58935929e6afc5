import { Query } from '@nestjs/cqrs';
import type { ModelStats } from '@docent/common/models';

/** Totals over all recorded calls; monthly and daily figures by the UTC calendar. */
export class GetModelStatsQuery extends Query<ModelStats> {}
