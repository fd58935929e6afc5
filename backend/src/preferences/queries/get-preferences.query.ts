import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';
import { PreferencesViews } from '../read-model/preferences-views.js';

export class GetPreferencesQuery extends Query<UserPreferences> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetPreferencesQuery)
export class GetPreferencesHandler implements IQueryHandler<GetPreferencesQuery> {
  constructor(private readonly views: PreferencesViews) {}

  execute({ userId }: GetPreferencesQuery): Promise<UserPreferences> {
    return this.views.preferences(userId);
  }
}
