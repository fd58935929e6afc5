import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@docent/common/preferences';

interface UserPreferencesRow {
  preferences: Partial<UserPreferences> | string;
}

/** A user's preferences: the defaults, overridden by every field they set. */
@Injectable()
export class PreferencesViews {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async preferences(userId: string): Promise<UserPreferences> {
    const [row] = await this.orm.em
      .fork()
      .execute<UserPreferencesRow[]>('select preferences from user_preferences where user_id = ?', [userId]);
    const stored =
      typeof row?.preferences === 'string'
        ? (JSON.parse(row.preferences) as Partial<UserPreferences>)
        : row?.preferences;
    return { ...DEFAULT_PREFERENCES, ...stored };
  }
}
