import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import { EventStore, type StreamAppend } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { decideSession, evolveSession, initialSessionState } from '../sessions/session.decider.js';
import { SESSION_STREAM_TYPE, sessionStreamId } from '../sessions/session.events.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventStore: EventStore,
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

    const appends: StreamAppend[] = [];
    for (const id of sessionIds) {
      const streamId = sessionStreamId(id);
      const { state, version } = await loadAggregate(this.eventStore, streamId, initialSessionState, evolveSession);
      const events = decideSession({ type: 'Revoke', reason }, state);
      if (events.length > 0)
        appends.push({ streamId, streamType: SESSION_STREAM_TYPE, expectedVersion: version, events });
    }
    if (appends.length > 0) await this.eventStore.append(appends, { actorId: principal.userId });
    return { success: true as const, sessionsClosed: appends.length };
  }
}
