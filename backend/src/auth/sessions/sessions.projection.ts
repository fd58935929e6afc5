import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import { SessionEntity } from './session.entity.js';

/** Inline, so that a logout or a revoked session stops its access tokens at once. */
@Projection({ name: 'sessions', mode: 'inline' })
@Injectable()
export class SessionsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const sessionId = event.streamId.slice('session-'.length);
    switch (event.type) {
      case 'SessionStarted':
        await em.insert(SessionEntity, {
          id: event.data.sessionId,
          userId: event.data.userId,
          rememberMe: event.data.rememberMe,
          device: event.data.device ?? null,
          createdAt: event.occurredAt,
          lastRefreshedAt: null,
          expiresAt: new Date(event.data.expiresAt),
          revokedAt: null,
          revokedReason: null,
        });
        return;
      case 'SessionRefreshed':
        await em.nativeUpdate(
          SessionEntity,
          { id: sessionId },
          { lastRefreshedAt: event.occurredAt, expiresAt: new Date(event.data.expiresAt) },
        );
        return;
      case 'SessionRevoked':
        await em.nativeUpdate(
          SessionEntity,
          { id: sessionId },
          { revokedAt: event.occurredAt, revokedReason: event.data.reason },
        );
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(SessionEntity, {});
  }
}
