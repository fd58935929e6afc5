import { Query } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';

export class GetPreferencesQuery extends Query<UserPreferences> {
  constructor(readonly userId: string) {
    super();
  }
}
