import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import type { UserDeletedResponse } from '@docent/common/admin';
import { Decisions } from '../../event-store/decisions.service.js';
import { accountStandingDecider } from '../users/account-standing.decider.js';
import { AdminUserViews } from '../users/admin-user-views.js';
import { userStreamId } from '../users/user.events.js';
import { DeleteUserCommand } from './delete-user.command.js';

/**
 * Deletes the account. What it uploaded is not the account's to take along: the documents
 * stay where they are, owned by no user, and administrators (whose document scope is
 * every document) manage them from then on.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
    private readonly users: AdminUserViews,
  ) {}

  async execute({ actorId, userId }: DeleteUserCommand): Promise<UserDeletedResponse> {
    const { targetAdministers, otherActiveAdministrators } = await this.users.administrators(userId);
    await this.decisions.handle(
      accountStandingDecider,
      userStreamId(userId),
      { type: 'Delete', targetAdministers, otherActiveAdministrators },
      { actorId },
    );
    const kept = await this.documentsUploadedBy(userId);
    return {
      success: true,
      userId,
      documents: {
        kept,
        owner: 'system',
        message:
          kept === 0
            ? 'The user had no documents.'
            : `Their ${kept} ${kept === 1 ? 'document stays' : 'documents stay'}, owned by the system: administrators manage ${kept === 1 ? 'it' : 'them'} now.`,
      },
    };
  }

  /** Read off the documents read table: the count is for the administrator's answer only. */
  private async documentsUploadedBy(userId: string): Promise<number> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ count: string | number }[]>('select count(*) as count from documents where uploaded_by = ?', [userId]);
    return Number(row?.count ?? 0);
  }
}
