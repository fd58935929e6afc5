import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { sessionDecider } from '../sessions/session.decider.js';
import { sessionStreamId } from '../sessions/session.events.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
  ) {}

  async execute({ principal, sessionId, logoutAll }: LogOutCommand) {
    const em = this.orm.em.fork();
    const reason = logoutAll ? 'logout-all' : 'logout';
    let sessionIds: string[];
    if (logoutAll) {
      const open = await em.find(SessionEntity, { userId: principal.userId, revokedAt: null });
      sessionIds = open.map((session) => session.id);
    } else {
      const target = sessionId ?? principal.sessionId;
      if (!target) throw new DomainError('invalid', 'sessionId is required when signing out with an API key');
      const session = await em.findOne(SessionEntity, { id: target, userId: principal.userId });
      if (!session) throw new DomainError('not-found', 'Session not found');
      sessionIds = [target];
    }

    // Every session closes together, or none does.
    const handled = await this.decisions.handleAll(
      sessionIds.map((id) => ({
        decider: sessionDecider,
        streamId: sessionStreamId(id),
        command: { type: 'Revoke', reason },
      })),
      { actorId: principal.userId },
    );
    return { success: true as const, sessionsClosed: handled.filter(({ events }) => events.length > 0).length };
  }
}
