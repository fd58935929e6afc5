import { Migration } from '@mikro-orm/migrations';

/**
 * Keyword search reads an index each server process holds in memory, rebuilt from the
 * chunks' stored postings (term_hashes, term_freqs, token_count stay) and kept current from
 * a change log written in the same transaction as each chunk write: its sequence number is
 * the index's checkpoint, and changes_pruned_through tells a process that fell behind the
 * pruned log to rebuild. Nothing reads the per-term chunk counts or the GIN index on the
 * term keys any more, and every chunk write paid to keep them: both go.
 */
export class Migration20261128120000 extends Migration {
  override name = 'Migration20261128120000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "search_index_changes" ("seq" bigserial not null, "document_id" uuid not null, "changed_at" timestamptz not null default now(), primary key ("seq"));`,
    );
    this.addSql(`alter table "search_corpus" add column "changes_pruned_through" bigint not null default 0;`);
    this.addSql(`drop table if exists "search_term_stats" cascade;`);
    this.addSql(`drop index if exists "document_chunks_term_hashes_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "document_chunks_term_hashes_index" on "document_chunks" using gin ("term_hashes");`);
    this.addSql(`alter index "document_chunks_term_hashes_index" set (gin_pending_list_limit = 256);`);
    this.addSql(
      `create table "search_term_stats" ("term" bigint not null, "chunk_count" int not null, primary key ("term"));`,
    );
    this.addSql(
      `insert into "search_term_stats" ("term", "chunk_count") select "term", count(*)::int from "document_chunks", unnest("term_hashes") as "term" group by "term";`,
    );
    this.addSql(`alter table "search_corpus" drop column "changes_pruned_through";`);
    this.addSql(`drop table if exists "search_index_changes" cascade;`);
  }
}
