import { Command } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';
import type { Principal } from '../../auth/principal.js';

/** Changes the caller's own preferences: only the fields given. */
export class ChangePreferencesCommand extends Command<UserPreferences> {
  constructor(
    readonly changes: Partial<UserPreferences>,
    readonly principal: Principal,
  ) {
    super();
  }
}
