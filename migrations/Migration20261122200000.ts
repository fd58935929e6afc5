import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's preferences: one row per user who changed any, a projection of
 * PreferencesChanged events. Only the fields set are stored; the defaults fill the rest when read.
 */
export class Migration20261122200000 extends Migration {
  override name = 'Migration20261122200000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "user_preferences" ("user_id" uuid not null, "preferences" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "user_preferences" cascade;`);
  }
}
