import { Migration } from '@mikro-orm/migrations';

/**
 * Keyword search reads each query term's document frequency (how many chunks hold it) by
 * primary key from search_term_stats, which every chunk write keeps in step in its own
 * transaction, instead of counting the term's chunks in the GIN index on every search.
 * The GIN index's pending list, which every search scans in full until it is merged, is
 * kept small; what is pending now is merged, and the planner gets statistics.
 *
 * Terms are Porter-stemmed from now on, which changes every term key: the index records
 * the tokenizer that built it, and one built before (any chunk already stored) is marked
 * as needing `npm run reindex`.
 */
export class Migration20261122220000 extends Migration {
  override name = 'Migration20261122220000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "search_term_stats" ("term" bigint not null, "chunk_count" int not null, primary key ("term"));`,
    );
    this.addSql(
      `insert into "search_term_stats" ("term", "chunk_count") select "term", count(*)::int from "document_chunks", unnest("term_hashes") as "term" group by "term";`,
    );
    this.addSql(`alter index "document_chunks_term_hashes_index" set (gin_pending_list_limit = 256);`);
    this.addSql(`select gin_clean_pending_list('document_chunks_term_hashes_index');`);
    this.addSql(`analyze "document_chunks";`);
    this.addSql(`alter table "search_corpus" add column "tokenizer" varchar(40) null;`);
    this.addSql(`update "search_corpus" set "tokenizer" = case when "chunk_count" = 0 then 'porter-stemmed-v1' end;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "search_corpus" drop column "tokenizer";`);
    this.addSql(`alter index "document_chunks_term_hashes_index" reset (gin_pending_list_limit);`);
    this.addSql(`drop table if exists "search_term_stats" cascade;`);
  }
}
