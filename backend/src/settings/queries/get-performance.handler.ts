import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PerformanceResponse } from '@docent/common/settings';
import { summarizeLatencies } from '../read-model/latency-summary.js';
import { UserDataViews } from '../read-model/user-data-views.js';
import { GetPerformanceQuery } from './get-performance.query.js';

@QueryHandler(GetPerformanceQuery)
export class GetPerformanceHandler implements IQueryHandler<GetPerformanceQuery> {
  constructor(private readonly views: UserDataViews) {}

  async execute({ userId }: GetPerformanceQuery): Promise<Omit<PerformanceResponse, 'success'>> {
    const [search, chat] = await Promise.all([this.views.searchLatencies(userId), this.views.chatLatencies(userId)]);
    return { search: summarizeLatencies(search), chat: summarizeLatencies(chat) };
  }
}
