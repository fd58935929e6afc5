import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';
import { Decisions } from '../../event-store/decisions.service.js';
import { preferencesDecider } from '../domain/preferences.decider.js';
import { preferencesStreamId } from '../domain/preferences.events.js';
import { PreferencesViews } from '../read-model/preferences-views.js';
import { ChangePreferencesCommand } from './change-preferences.command.js';

/** A change to nothing records nothing; the answer is the preferences as they now are. */
@CommandHandler(ChangePreferencesCommand)
export class ChangePreferencesHandler implements ICommandHandler<ChangePreferencesCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly views: PreferencesViews,
  ) {}

  async execute({ changes, principal }: ChangePreferencesCommand): Promise<UserPreferences> {
    const { userId } = principal;
    await this.decisions.handle(
      preferencesDecider,
      preferencesStreamId(userId),
      { type: 'Change', userId, changes },
      { actorId: userId },
    );
    return this.views.preferences(userId);
  }
}
