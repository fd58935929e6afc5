import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { decideUser, evolveUser, initialUserState, type UserCommand } from '../users/user.decider.js';
import { USER_STREAM_TYPE, userStreamId } from '../users/user.events.js';
import { EMAIL_TAKEN } from './register-user.handler.js';

/** Load, decide, append: the one path every change to an existing user takes. */
@Injectable()
export class UserStreamWriter {
  constructor(private readonly eventStore: EventStore) {}

  async execute(userId: string, command: UserCommand, actorId: string): Promise<void> {
    const streamId = userStreamId(userId);
    const { state, version } = await loadAggregate(this.eventStore, streamId, initialUserState, evolveUser);
    const events = decideUser(command, state);
    if (events.length === 0) return;
    try {
      await this.eventStore.append(
        { streamId, streamType: USER_STREAM_TYPE, expectedVersion: version, events },
        { actorId },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('conflict', EMAIL_TAKEN);
      throw error;
    }
  }
}
