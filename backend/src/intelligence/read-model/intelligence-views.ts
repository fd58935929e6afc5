import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { IntelligenceStats } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { ChatViews } from '../../chat/read-model/chat-views.js';
import { bindInOrder, documentAccessSql } from '../../documents/document-access.js';
import { SearchStatsViews } from '../../search/read-model/search-stats-views.js';

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

/** Searches and chat questions counted together; a question whose answer is still streaming is not counted yet. */
@Injectable()
export class IntelligenceViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly search: SearchStatsViews,
    private readonly chat: ChatViews,
  ) {}

  async stats(principal: Principal): Promise<IntelligenceStats> {
    const [searches, chat, documentsIndexed] = await Promise.all([
      this.search.searchTotals(),
      this.chat.counters(),
      this.readableProcessedDocuments(principal),
    ]);
    const chatQueries = chat.answered + chat.failed;
    const totalQueries = searches.searches + chatQueries;
    const succeeded = searches.succeeded + chat.answered;
    return {
      totalQueries,
      searchQueries: searches.searches,
      chatQueries,
      documentsIndexed,
      averageResponseTime: totalQueries > 0 ? roundTo((searches.tookMs + chat.latencyMs) / totalQueries, 1) : 0,
      successRate: totalQueries > 0 ? roundTo((succeeded / totalQueries) * 100, 2) : 100,
    };
  }

  private async readableProcessedDocuments(principal: Principal): Promise<number> {
    const parameters: unknown[] = [];
    const readable = documentAccessSql(principal, 'read', { alias: 'documents', bind: bindInOrder(parameters) });
    const [row] = await this.orm.em
      .fork()
      .execute<{ count: number | string }[]>(
        `select count(*) as count from documents where status = 'processed' and ${readable}`,
        parameters,
      );
    return Number(row?.count ?? 0);
  }
}
