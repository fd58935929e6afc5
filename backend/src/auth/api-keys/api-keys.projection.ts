import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import { ApiKeyEntity } from './api-key.entity.js';

/** Inline, so that a new key works at once and a deleted one stops at once. */
@Projection({ name: 'api-keys', mode: 'inline' })
@Injectable()
export class ApiKeysProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'ApiKeyCreated':
        await em.insert(ApiKeyEntity, {
          id: event.data.keyId,
          userId: event.streamId.slice('user-'.length),
          name: event.data.name,
          keyHash: event.data.keyHash,
          maskedKey: event.data.maskedKey,
          createdAt: event.occurredAt,
          lastUsedAt: null,
        });
        return;
      case 'ApiKeyUsed':
        await em.nativeUpdate(ApiKeyEntity, { id: event.data.keyId }, { lastUsedAt: event.occurredAt });
        return;
      case 'ApiKeyDeleted':
        await em.nativeDelete(ApiKeyEntity, { id: event.data.keyId });
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(ApiKeyEntity, {});
  }
}
