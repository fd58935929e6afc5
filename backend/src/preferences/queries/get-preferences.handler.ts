import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserPreferences } from '@docent/common/preferences';
import { PreferencesViews } from '../read-model/preferences-views.js';
import { GetPreferencesQuery } from './get-preferences.query.js';

@QueryHandler(GetPreferencesQuery)
export class GetPreferencesHandler implements IQueryHandler<GetPreferencesQuery> {
  constructor(private readonly views: PreferencesViews) {}

  execute({ userId }: GetPreferencesQuery): Promise<UserPreferences> {
    return this.views.preferences(userId);
  }
}
