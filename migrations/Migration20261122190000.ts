import { Migration } from '@mikro-orm/migrations';

/**
 * Search figures: one row of counters per search type, a projection of SearchPerformed
 * events (the event keeps each search's query for the searcher's history).
 */
export class Migration20261122190000 extends Migration {
  override name = 'Migration20261122190000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "search_stats" ("type" varchar(10) not null, "searches" bigint not null, "succeeded" bigint not null, "took_ms" bigint not null, "last_search_at" timestamptz not null, primary key ("type"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_stats" cascade;`);
  }
}
