import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BackupChatSession, BackupFile } from '@docent/common/settings';
import { GetChatSessionQuery } from '../../chat/queries/get-chat-session.query.js';
import { ListChatSessionsQuery } from '../../chat/queries/list-chat-sessions.query.js';
import { GetPreferencesQuery } from '../../preferences/queries/get-preferences.query.js';
import { GetSearchHistoryQuery } from '../../search/queries/get-search-history.query.js';
import { UserDataViews } from '../read-model/user-data-views.js';
import { ExportBackupQuery } from './export-backup.query.js';

/** Each feature's own data through its own query; the documents' metadata from their read table. */
@QueryHandler(ExportBackupQuery)
export class ExportBackupHandler implements IQueryHandler<ExportBackupQuery> {
  constructor(
    private readonly queries: QueryBus,
    private readonly views: UserDataViews,
  ) {}

  async execute({ principal }: ExportBackupQuery): Promise<BackupFile> {
    const [userPreferences, documentMetadata, searchHistory, sessions] = await Promise.all([
      this.queries.execute(new GetPreferencesQuery(principal.userId)),
      this.views.documentMetadata(principal.userId),
      this.queries.execute(new GetSearchHistoryQuery(principal)),
      this.queries.execute(new ListChatSessionsQuery(principal)),
    ]);
    const chatHistory: BackupChatSession[] = [];
    for (const summary of sessions) {
      const session = await this.queries.execute(new GetChatSessionQuery(summary.id, principal));
      chatHistory.push({
        id: session.id,
        title: session.title,
        timestamp: session.updatedAt,
        messages: session.messages.map(({ role, content, createdAt }) => ({ role, content, timestamp: createdAt })),
      });
    }
    return {
      userPreferences,
      documentMetadata,
      searchHistory,
      chatHistory,
      // Bookmarks live in the browser only: the page puts its own in before saving the file.
      bookmarks: [],
      exportDate: new Date().toISOString(),
    };
  }
}
