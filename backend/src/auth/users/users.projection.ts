import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import { UserEntity } from './user.entity.js';

/** Inline, so that sign-in sees a registration at once and the unique email index guards every append. */
@Projection({ name: 'users', mode: 'inline' })
@Injectable()
export class UsersProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const userId = event.streamId.slice('user-'.length);
    switch (event.type) {
      case 'UserRegistered':
        await em.insert(UserEntity, {
          id: event.data.userId,
          email: event.data.email,
          name: event.data.name,
          role: event.data.role,
          avatar: null,
          passwordHash: event.data.passwordHash,
          isDemo: event.data.isDemo,
          createdAt: event.occurredAt,
          lastLogin: null,
          status: 'active',
          sessionsEndedAt: null,
        });
        return;
      case 'UserLoggedIn':
        await em.nativeUpdate(UserEntity, { id: userId }, { lastLogin: event.occurredAt });
        return;
      case 'UserProfileUpdated':
        await em.nativeUpdate(UserEntity, { id: userId }, event.data);
        return;
      case 'UserRoleChanged':
        await em.nativeUpdate(UserEntity, { id: userId }, { role: event.data.role });
        return;
      case 'UserSuspended':
        await em.nativeUpdate(UserEntity, { id: userId }, { status: 'suspended', sessionsEndedAt: event.occurredAt });
        return;
      case 'UserDeactivated':
        await em.nativeUpdate(UserEntity, { id: userId }, { status: 'inactive', sessionsEndedAt: event.occurredAt });
        return;
      case 'UserReactivated':
        await em.nativeUpdate(UserEntity, { id: userId }, { status: 'active' });
        return;
      case 'UserDeleted':
        await em.nativeDelete(UserEntity, { id: userId });
        return;
      case 'PasswordChanged':
        await em.nativeUpdate(UserEntity, { id: userId }, { passwordHash: event.data.passwordHash });
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.nativeDelete(UserEntity, {});
  }
}
