import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import type { SessionView } from '@docent/common/settings';
import { SessionEntity } from '../sessions/session.entity.js';
import { ListSessionsQuery } from './list-sessions.query.js';

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ principal }: ListSessionsQuery): Promise<SessionView[]> {
    const open = await this.orm.em
      .fork()
      .find(SessionEntity, { userId: principal.userId, revokedAt: null, expiresAt: { $gt: new Date() } });
    return open
      .map((session) => ({
        id: session.id,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: (session.lastRefreshedAt ?? session.createdAt).toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        device: session.device ?? null,
        rememberMe: session.rememberMe,
        current: session.id === principal.sessionId,
      }))
      .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || a.id.localeCompare(b.id));
  }
}
