import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';
import type { Principal } from '../../auth/principal.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { decidePreferences, evolvePreferences, initialPreferencesState } from '../domain/preferences.decider.js';
import { PREFERENCES_STREAM_TYPE, preferencesStreamId } from '../domain/preferences.events.js';
import { PreferencesViews } from '../read-model/preferences-views.js';

/** Changes the caller's own preferences: only the fields given. */
export class ChangePreferencesCommand extends Command<UserPreferences> {
  constructor(
    readonly changes: Partial<UserPreferences>,
    readonly principal: Principal,
  ) {
    super();
  }
}

/** Load the caller's stream, decide, append with the version read; a change to nothing appends nothing. */
@CommandHandler(ChangePreferencesCommand)
export class ChangePreferencesHandler implements ICommandHandler<ChangePreferencesCommand> {
  constructor(
    private readonly eventStore: EventStore,
    private readonly views: PreferencesViews,
  ) {}

  async execute({ changes, principal }: ChangePreferencesCommand): Promise<UserPreferences> {
    const { userId } = principal;
    const streamId = preferencesStreamId(userId);
    const { state, version } = await loadAggregate(
      this.eventStore,
      streamId,
      initialPreferencesState,
      evolvePreferences,
    );
    const events = decidePreferences({ type: 'Change', userId, changes }, state);
    if (events.length > 0) {
      await this.eventStore.append(
        { streamId, streamType: PREFERENCES_STREAM_TYPE, expectedVersion: version, events },
        { actorId: userId },
      );
    }
    return this.views.preferences(userId);
  }
}
