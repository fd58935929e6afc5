import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { BackupImportResponse } from '@docent/common/settings';
import { documentDecider } from '../../documents/domain/document.decider.js';
import { documentStreamId } from '../../documents/domain/document.events.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { preferencesDecider } from '../../preferences/domain/preferences.decider.js';
import { preferencesStreamId } from '../../preferences/domain/preferences.events.js';
import { searchDecider } from '../../search/domain/search.decider.js';
import { searchStreamId } from '../../search/domain/search.events.js';
import { GetSearchHistoryQuery } from '../../search/queries/get-search-history.query.js';
import { UserDataViews } from '../read-model/user-data-views.js';
import { ImportBackupCommand } from './import-backup.command.js';

/**
 * The preferences, each document's metadata and the search history are decided by their
 * own streams' deciders and appended in one transaction, so a failure leaves everything
 * as it was. Chat sessions are conversations the server answered, with the passages it
 * cited: a file does not rewrite them. Bookmarks live in the browser, which restores its own.
 */
@CommandHandler(ImportBackupCommand)
export class ImportBackupHandler implements ICommandHandler<ImportBackupCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly views: UserDataViews,
    private readonly queries: QueryBus,
  ) {}

  async execute({ backup, principal }: ImportBackupCommand): Promise<BackupImportResponse> {
    const { userId } = principal;
    const named = Object.keys(backup.documentMetadata);
    const updatable = await this.views.updatableDocuments(named, principal);
    const history = await this.queries.execute(new GetSearchHistoryQuery(principal));
    const restoresHistory = !sameList(history, backup.searchHistory);
    const handled = await this.decisions.handleAll(
      [
        {
          decider: preferencesDecider,
          streamId: preferencesStreamId(userId),
          command: { type: 'Change', userId, changes: backup.userPreferences },
        },
        ...named
          .filter((documentId) => updatable.has(documentId))
          .map((documentId) => ({
            decider: documentDecider,
            streamId: documentStreamId(documentId),
            command: { type: 'UpdateMetadata' as const, metadata: backup.documentMetadata[documentId]! },
          })),
        ...(restoresHistory
          ? [
              {
                decider: searchDecider,
                streamId: searchStreamId(userId),
                command: { type: 'RestoreHistory' as const, userId, queries: backup.searchHistory },
              },
            ]
          : []),
      ],
      { actorId: userId },
    );
    return {
      success: true,
      preferencesApplied: handled[0]!.events.length > 0,
      documentMetadataApplied: updatable.size,
      documentsSkipped: named.filter((documentId) => !updatable.has(documentId)),
      searchHistoryRestored: restoresHistory,
    };
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
