import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BackupImportResponse } from '@docent/common/settings';
import { documentDecider } from '../../documents/domain/document.decider.js';
import { documentStreamId } from '../../documents/domain/document.events.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { preferencesDecider } from '../../preferences/domain/preferences.decider.js';
import { preferencesStreamId } from '../../preferences/domain/preferences.events.js';
import { UserDataViews } from '../read-model/user-data-views.js';
import { ImportBackupCommand } from './import-backup.command.js';

/**
 * The preferences and each document's metadata are decided by their own streams' deciders
 * and appended in one transaction, so a failure leaves everything as it was. Search and
 * chat history are records of what the server did, kept as they happened: a file does not
 * rewrite them. Bookmarks live in the browser, which restores its own.
 */
@CommandHandler(ImportBackupCommand)
export class ImportBackupHandler implements ICommandHandler<ImportBackupCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly views: UserDataViews,
  ) {}

  async execute({ backup, principal }: ImportBackupCommand): Promise<BackupImportResponse> {
    const { userId } = principal;
    const named = Object.keys(backup.documentMetadata);
    const updatable = await this.views.updatableDocuments(named, principal);
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
      ],
      { actorId: userId },
    );
    return {
      success: true,
      preferencesApplied: handled[0]!.events.length > 0,
      documentMetadataApplied: updatable.size,
      documentsSkipped: named.filter((documentId) => !updatable.has(documentId)),
    };
  }
}
