import { Migration } from '@mikro-orm/migrations';

/**
 * Administrators manage accounts: where each stands (active, inactive, suspended) and
 * when a hold last ended its sessions, on the users read table; and what each user did
 * last and how many documents they uploaded, in user_activity (rebuilt from the log).
 */
export class Migration20261125091600 extends Migration {
  override name = 'Migration20261125091600';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "status" varchar(20) not null default 'active',
      add column "sessions_ended_at" timestamptz null;`);
    this.addSql(`create table "user_activity" ("user_id" uuid not null, "last_active_at" timestamptz null,
      "documents_uploaded" int not null default 0, constraint "user_activity_pkey" primary key ("user_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "user_activity";`);
    this.addSql(`alter table "users" drop column "sessions_ended_at", drop column "status";`);
  }
}
