import { Migration } from '@mikro-orm/migrations';

/**
 * Each event records the version of its type's payload shape, so a changed shape is a
 * new version read through upcasters instead of a rewrite of stored events (every event
 * stored so far is version 1). Reactions delivered once keep their place in the log, and
 * the claim on the batch being worked on, in reaction_checkpoints.
 */
export class Migration20261125000000 extends Migration {
  override name = 'Migration20261125000000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "events" add column "schema_version" smallint not null default 1;`);
    this.addSql(`create table "reaction_checkpoints" ("name" varchar(100) not null, "position" bigint not null,
      "claimed_until" timestamptz null, "updated_at" timestamptz not null,
      constraint "reaction_checkpoints_pkey" primary key ("name"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "reaction_checkpoints";`);
    this.addSql(`alter table "events" drop column "schema_version";`);
  }
}
