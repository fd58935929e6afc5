import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { SEARCH_STREAM_TYPE, searchStreamId } from '../domain/search.events.js';

export class ClearSearchHistoryCommand {
  constructor(readonly principal: Principal) {}
}

@CommandHandler(ClearSearchHistoryCommand)
export class ClearSearchHistoryHandler implements ICommandHandler<ClearSearchHistoryCommand, void> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ principal }: ClearSearchHistoryCommand): Promise<void> {
    await this.eventStore.append(
      {
        streamId: searchStreamId(principal.userId),
        streamType: SEARCH_STREAM_TYPE,
        expectedVersion: 'any',
        events: [{ type: 'SearchHistoryCleared', data: { userId: principal.userId } }],
      },
      { actorId: principal.userId },
    );
  }
}
